-- pg_trgm serves case-insensitive substring search of applicants (issue 5). PGlite loads it from
-- its contrib bundle; on PostgreSQL it ships with the server's contrib package.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
