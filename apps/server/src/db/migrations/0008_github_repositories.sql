CREATE TABLE "submission_repositories" (
	"submission_id" uuid PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"repo" text NOT NULL,
	"state" text NOT NULL,
	"default_branch" text,
	"pinned_sha" text,
	"pinned_at" timestamp with time zone,
	"is_fork" boolean,
	"is_archived" boolean,
	"repo_created_at" timestamp with time zone,
	"frozen_sha" text,
	"frozen_at" timestamp with time zone,
	"commits_after_deadline" integer,
	"pushed_after" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"history_rewritten" boolean DEFAULT false NOT NULL,
	"compared_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	CONSTRAINT "submission_repositories_state_check" CHECK ("submission_repositories"."state" in ('verified', 'pending', 'missing'))
);
--> statement-breakpoint
ALTER TABLE "activity" DROP CONSTRAINT "activity_type_check";--> statement-breakpoint
ALTER TABLE "submission_repositories" ADD CONSTRAINT "submission_repositories_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_type_check" CHECK ("activity"."type" in ('registration', 'submission', 'selection', 'deadline'));--> statement-breakpoint
-- A repository check or freeze changes what the jury's submissions view shows: live topic 'submissions'.
CREATE OR REPLACE FUNCTION "notify_change_as"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hackstage_changes', TG_ARGV[0]);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "submission_repositories_notify_change" AFTER INSERT OR UPDATE OR DELETE ON "submission_repositories"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_change_as"('submissions');
