import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite } from '../src/db/client.js'
import { vacuumWhereNeeded } from '../src/db/maintenance.js'

describe('the embedded database without autovacuum', () => {
  let database: Awaited<ReturnType<typeof openPglite>>
  beforeAll(async () => {
    database = await openPglite()
  })
  afterAll(() => database.close())

  const stats = async () => {
    // Statistics reach the shared counters lazily (at most once a second): flush them now.
    await database.pglite.query('select pg_stat_force_next_flush()')
    await database.pglite.query('select 1')
    return (
      await database.pglite.query<{ dead: number; visible: number }>(
        `select s.n_dead_tup::int as dead, c.relallvisible::int as visible
           from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = 'churn'`,
      )
    ).rows[0]!
  }

  it('vacuums a table whose dead rows pass the autovacuum threshold, and leaves quiet tables alone', async () => {
    await database.pglite.exec(`create table churn (id int primary key, v int);
      insert into churn select g, g from generate_series(1, 5000) g;
      create table quiet (id int primary key);
      insert into quiet values (1);
      analyze quiet;`)
    await stats()
    await vacuumWhereNeeded(database.pglite)
    await database.pglite.exec('update churn set v = v + 1')
    expect((await stats()).dead).toBe(5000)

    await stats()
    const done = await vacuumWhereNeeded(database.pglite)
    expect(done).toEqual(['public.churn'])
    const after = await stats()
    expect(after.dead).toBe(0)
    // Pages marked all-visible: index-only scans no longer read the table.
    expect(after.visible).toBeGreaterThan(0)
    await stats()
    expect(await vacuumWhereNeeded(database.pglite)).toEqual([])
  })
})
