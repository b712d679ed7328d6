-- Live dashboards (issue 9): every committed change to the tables the dashboards show sends one
-- NOTIFY on channel 'hackstage_changes' whose payload is the table's name (the live topic). The
-- triggers run per statement, and PostgreSQL folds identical notifications of one transaction into
-- one, so a 100,000-row bulk upload notifies once per table. NOTIFY is delivered at commit only,
-- to every listening connection: every app instance on the same database hears it.
CREATE OR REPLACE FUNCTION "notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hackstage_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "applicants_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "applicants"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
--> statement-breakpoint
CREATE TRIGGER "submissions_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "submissions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
--> statement-breakpoint
CREATE TRIGGER "activity_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "activity"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
--> statement-breakpoint
CREATE TRIGGER "rounds_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "rounds"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change"();
