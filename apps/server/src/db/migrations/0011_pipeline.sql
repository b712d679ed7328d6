CREATE TABLE "submission_answers" (
	"submission_id" uuid NOT NULL,
	"requirement_id" uuid NOT NULL,
	"file_id" uuid,
	"url" text,
	"text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submission_answers_submission_id_requirement_id_pk" PRIMARY KEY("submission_id","requirement_id"),
	CONSTRAINT "submission_answers_one_value_check" CHECK (num_nonnulls("submission_answers"."file_id", "submission_answers"."url", "submission_answers"."text") = 1)
);
--> statement-breakpoint
CREATE TABLE "pipeline_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"round_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"state" text NOT NULL,
	"prize" text,
	"note" text,
	"decided_by_id" uuid,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pipeline_entries_round_applicant_key" UNIQUE("round_id","applicant_id"),
	CONSTRAINT "pipeline_entries_state_check" CHECK ("pipeline_entries"."state" in ('submitted', 'advanced', 'not_advanced', 'withdrawn', 'won'))
);
--> statement-breakpoint
CREATE TABLE "pipeline_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"round_id" uuid,
	"round_name" text NOT NULL,
	"applicant_id" uuid NOT NULL,
	"from_state" text NOT NULL,
	"to_state" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "stage_round_id" uuid;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "owner_applicant_id" uuid;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "requirement_id" uuid;--> statement-breakpoint
ALTER TABLE "requirements" ADD COLUMN "kind" text DEFAULT 'file' NOT NULL;--> statement-breakpoint
ALTER TABLE "requirements" ADD COLUMN "required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "requirements" ADD COLUMN "file_types" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "requirements" ADD COLUMN "max_size_mb" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "requirements" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
-- Stage numbers: the order applicants saw until now (start time, then creation), then never inferred again.
ALTER TABLE "rounds" ADD COLUMN "position" integer;--> statement-breakpoint
UPDATE "rounds" r SET "position" = o.n
  FROM (SELECT id, row_number() OVER (ORDER BY start_time ASC NULLS LAST, created_at ASC, id ASC) AS n FROM "rounds") o
 WHERE r.id = o.id;--> statement-breakpoint
ALTER TABLE "rounds" ALTER COLUMN "position" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "submission_versions" ADD COLUMN "answers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "submissions" ADD COLUMN "legacy_documents" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "submission_answers" ADD CONSTRAINT "submission_answers_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_answers" ADD CONSTRAINT "submission_answers_requirement_id_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_answers" ADD CONSTRAINT "submission_answers_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_entries" ADD CONSTRAINT "pipeline_entries_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_entries" ADD CONSTRAINT "pipeline_entries_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_entries" ADD CONSTRAINT "pipeline_entries_decided_by_id_staff_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_events" ADD CONSTRAINT "pipeline_events_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_events" ADD CONSTRAINT "pipeline_events_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pipeline_entries_applicant_idx" ON "pipeline_entries" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "pipeline_entries_round_state_idx" ON "pipeline_entries" USING btree ("round_id","state");--> statement-breakpoint
CREATE INDEX "pipeline_events_applicant_idx" ON "pipeline_events" USING btree ("applicant_id","created_at");--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_applicant_id_applicants_id_fk" FOREIGN KEY ("owner_applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applicants_stage_round_created_at_idx" ON "applicants" USING btree ("stage_round_id","created_at","id");--> statement-breakpoint
CREATE INDEX "files_owner_applicant_idx" ON "files" USING btree ("owner_applicant_id");--> statement-breakpoint
CREATE INDEX "rounds_position_idx" ON "rounds" USING btree ("position","created_at");--> statement-breakpoint
ALTER TABLE "requirements" ADD CONSTRAINT "requirements_kind_check" CHECK ("requirements"."kind" in ('file', 'link', 'text'));--> statement-breakpoint
-- Data: existing requirements become optional file requirements that take the template types.
UPDATE "requirements" SET "file_types" = '["pdf","doc","docx","ppt","pptx","txt","zip"]'::jsonb;--> statement-breakpoint
-- Ticked documents only pointed at blank templates: their names stay on the submission, read-only.
UPDATE "submissions" s SET "legacy_documents" = d.names
  FROM (SELECT sd.submission_id, jsonb_agg(q.description ORDER BY q.position) AS names
          FROM "submission_documents" sd JOIN "requirements" q ON q.id = sd.requirement_id
         GROUP BY sd.submission_id) d
 WHERE s.id = d.submission_id;--> statement-breakpoint
-- Every submission is a record of its round: submitted.
INSERT INTO "pipeline_entries" ("round_id", "applicant_id", "state", "created_at", "updated_at")
SELECT s.round_id, s.applicant_id, 'submitted', coalesce(s.submitted_at, s.created_at), now()
  FROM "submissions" s;--> statement-breakpoint
-- The applicant's status becomes a decision in the round it was about: the latest round they
-- submitted to; else, for someone selected without a submission (only the bulk sheet did that, and
-- it set the current stage to the sheet's Next Stage), the round before the one their current
-- stage names; else the round it names; else the first round. round2 and round3 (in the second
-- round, in the final round) are an advance from the round before that one.
INSERT INTO "pipeline_entries" ("round_id", "applicant_id", "state", "decided_by_name", "decided_at", "confirmed_at", "note")
SELECT d.round_id, d.applicant_id, d.state, 'Migration', d.decided_at,
       CASE WHEN d.status = 'confirmed' THEN coalesce(
         (SELECT min(c.used_at) FROM "confirmation_codes" c WHERE c.applicant_id = d.applicant_id), d.decided_at) END,
       'Recorded from the status before stage-by-stage records existed'
  FROM (
    SELECT a.id AS applicant_id, a.status, coalesce(a.reviewed_at, a.updated_at) AS decided_at,
           CASE a.status WHEN 'selected' THEN 'advanced' WHEN 'confirmed' THEN 'advanced'
                         WHEN 'won' THEN 'won' WHEN 'not_selected' THEN 'not_advanced'
                         ELSE 'advanced' END AS state,
           CASE WHEN a.status = 'round2' THEN (SELECT r.id FROM "rounds" r ORDER BY r.position LIMIT 1)
                WHEN a.status = 'round3' THEN
                  (SELECT r.id FROM "rounds" r ORDER BY r.position DESC LIMIT 1 OFFSET 1)
                ELSE coalesce(
                  (SELECT r.id FROM "submissions" s JOIN "rounds" r ON r.id = s.round_id
                    WHERE s.applicant_id = a.id ORDER BY r.position DESC LIMIT 1),
                  CASE WHEN a.status IN ('selected', 'confirmed') THEN
                    (SELECT p.id FROM "rounds" p
                      WHERE p.position < (SELECT r.position FROM "rounds" r WHERE r.name = a.current_stage ORDER BY r.position LIMIT 1)
                      ORDER BY p.position DESC LIMIT 1) END,
                  (SELECT r.id FROM "rounds" r WHERE r.name = a.current_stage ORDER BY r.position LIMIT 1),
                  (SELECT r.id FROM "rounds" r ORDER BY r.position LIMIT 1)) END AS round_id
      FROM "applicants" a
     WHERE a.status IN ('selected', 'confirmed', 'won', 'not_selected', 'round2', 'round3')
       AND (a.status <> 'round2' OR (SELECT count(*) FROM "rounds") >= 2)
  ) d
 WHERE d.round_id IS NOT NULL
ON CONFLICT ("round_id", "applicant_id") DO UPDATE
   SET "state" = excluded.state, "decided_by_name" = excluded.decided_by_name,
       "decided_at" = excluded.decided_at, "confirmed_at" = excluded.confirmed_at, "note" = excluded.note;--> statement-breakpoint
-- The old rules let these applicants into their latest round: every round before it is recorded
-- as advanced, so the round they are in stays open to them.
INSERT INTO "pipeline_entries" ("round_id", "applicant_id", "state", "decided_by_name", "decided_at", "note")
SELECT r.id, m.applicant_id, 'advanced', 'Migration', m.decided_at,
       'Recorded from the status before stage-by-stage records existed'
  FROM (SELECT e.applicant_id, max(rr.position) AS top, max(coalesce(a.reviewed_at, a.updated_at)) AS decided_at
          FROM "pipeline_entries" e JOIN "rounds" rr ON rr.id = e.round_id
          JOIN "applicants" a ON a.id = e.applicant_id
         GROUP BY e.applicant_id) m
  JOIN "rounds" r ON r.position < m.top
ON CONFLICT ("round_id", "applicant_id") DO UPDATE
   SET "state" = 'advanced', "decided_by_name" = excluded.decided_by_name,
       "decided_at" = excluded.decided_at, "note" = excluded.note
 WHERE "pipeline_entries"."state" = 'submitted';--> statement-breakpoint
-- The history: each submission, then each decision.
INSERT INTO "pipeline_events" ("round_id", "round_name", "applicant_id", "from_state", "to_state", "actor_kind", "actor_id", "actor_name", "created_at")
SELECT s.round_id, r.name, s.applicant_id, 'eligible', 'submitted', 'applicant', s.applicant_id, a.name,
       coalesce(s.submitted_at, s.created_at)
  FROM "submissions" s JOIN "rounds" r ON r.id = s.round_id JOIN "applicants" a ON a.id = s.applicant_id;--> statement-breakpoint
INSERT INTO "pipeline_events" ("round_id", "round_name", "applicant_id", "from_state", "to_state", "actor_kind", "actor_name", "note", "created_at")
SELECT e.round_id, r.name, e.applicant_id,
       CASE WHEN EXISTS (SELECT 1 FROM "submissions" s WHERE s.round_id = e.round_id AND s.applicant_id = e.applicant_id)
            THEN 'submitted' ELSE 'eligible' END,
       e.state, 'system', 'Migration', e.note, coalesce(e.decided_at, e.created_at)
  FROM "pipeline_entries" e JOIN "rounds" r ON r.id = e.round_id
 WHERE e.state <> 'submitted';--> statement-breakpoint
-- The applicant's status and stage, as the pipeline's projection (the same statement as
-- modules/pipeline/pipeline.repo.ts projectSql, for every applicant).
UPDATE "applicants" a
   SET "status" = p.status, "current_stage" = p.stage_name, "stage_round_id" = p.stage_round_id,
       "reviewed_at" = p.reviewed_at, "github_url" = p.github_url
  FROM (
    SELECT x.id,
           CASE l.state WHEN 'submitted' THEN 'submitted'
                        WHEN 'advanced' THEN CASE WHEN l.confirmed_at IS NULL THEN 'selected' ELSE 'confirmed' END
                        WHEN 'won' THEN 'won'
                        WHEN 'not_advanced' THEN 'not_selected'
                        WHEN 'withdrawn' THEN 'not_selected'
                        ELSE 'registered' END AS status,
           CASE WHEN l.state = 'advanced' AND nx.id IS NOT NULL THEN nx.id ELSE l.round_id END AS stage_round_id,
           CASE WHEN l.state = 'advanced' AND nx.id IS NOT NULL THEN nx.name ELSE l.round_name END AS stage_name,
           l.decided_at AS reviewed_at,
           (SELECT s.github_url FROM "submissions" s JOIN "rounds" sr ON sr.id = s.round_id
             WHERE s.applicant_id = x.id ORDER BY sr.position DESC, sr.created_at DESC LIMIT 1) AS github_url
      FROM "applicants" x
      LEFT JOIN LATERAL (
        SELECT e.round_id, r.name AS round_name, r.position, r.created_at, e.state, e.confirmed_at, e.decided_at
          FROM "pipeline_entries" e JOIN "rounds" r ON r.id = e.round_id
         WHERE e.applicant_id = x.id
         ORDER BY r.position DESC, r.created_at DESC LIMIT 1) l ON true
      LEFT JOIN LATERAL (
        SELECT n.id, n.name FROM "rounds" n
         WHERE (n.position, n.created_at) > (l.position, l.created_at)
         ORDER BY n.position, n.created_at LIMIT 1) nx ON true
  ) p
 WHERE a.id = p.id;
