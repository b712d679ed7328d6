import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'

// csvCell (./csv.ts) as SQL, for exports whose rows the database writes (the applicant export:
// its rows decoded into cells and encoded again in JavaScript made ~2 KB of garbage each). The
// rules must stay csvCell's: test/exports.test.ts compares the two on every character they name.
// JavaScript's \s is spelled out because PostgreSQL's [[:space:]] is another set.
const SPACE =
  '[\\u0009\\u000a\\u000b\\u000c\\u000d\\u0020\\u00a0\\u1680\\u2000\\u2001\\u2002\\u2003\\u2004' +
  '\\u2005\\u2006\\u2007\\u2008\\u2009\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]'
const FORMULA_START = '^[=+@\\t\\r-]'
const NEEDS_QUOTES = `[",;\\r\\n]|^${SPACE}|${SPACE}$`
/** Whatever either rule would change; most cells do not match and are written as they are. */
const CHANGED = `^[=+@-]|${NEEDS_QUOTES}`

/**
 * One CSV cell, exactly as csvCell writes it: formula-like text gets an apostrophe, and a cell with
 * a comma, quote, line break or edge space is quoted with its quotes doubled. `value` is read up to
 * five times, so it should be a column rather than an expression.
 */
export function csvCellSql(value: SQLWrapper): SQL {
  return sql`case when ${value} is null then ''
    when ${value} ~ ${CHANGED} then (
      select case when t ~ ${NEEDS_QUOTES} then '"' || replace(t, '"', '""') || '"' else t end
        from (select case when ${value} ~ ${FORMULA_START} then '''' || ${value}
                          else ${value} end as t) as neutralised)
    else ${value} end`
}

/** One CSV line, exactly as csvRow writes it. */
export const csvRowSql = (values: SQLWrapper[]): SQL =>
  sql`${sql.join(values.map(csvCellSql), sql` || ',' || `)} || ${'\r\n'}`
