-- Case-insensitive substring search over the applicant list (issue 5): one trigram index on the
-- same expression the query filters on (applicants.repo.ts, searchText), so `ILIKE '%frag%'`
-- stays fast at 100,000 applicants instead of scanning every row.
CREATE INDEX IF NOT EXISTS "applicants_search_trgm_idx" ON "applicants"
  USING gin ((lower("name" || ' ' || "email" || ' ' || "mobile" || ' ' || "registration_id" || ' ' || "college_name")) gin_trgm_ops);
