CREATE TABLE "activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_type_check" CHECK ("activity"."type" in ('registration', 'submission', 'selection'))
);
--> statement-breakpoint
CREATE TABLE "applicant_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "applicant_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "applicants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"mobile" text NOT NULL,
	"student_id" text NOT NULL,
	"course" text NOT NULL,
	"year_of_graduation" text NOT NULL,
	"college_name" text NOT NULL,
	"linkedin_profile" text,
	"status" text DEFAULT 'registered' NOT NULL,
	"github_url" text,
	"current_stage" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applicants_registration_id_unique" UNIQUE("registration_id"),
	CONSTRAINT "applicants_status_check" CHECK ("applicants"."status" in ('registered', 'submitted', 'selected', 'not_selected', 'won', 'confirmed', 'round1', 'round2', 'round3'))
);
--> statement-breakpoint
CREATE TABLE "confirmation_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "confirmation_codes_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requirements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"round_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"template_file_id" uuid
);
--> statement-breakpoint
CREATE TABLE "rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'upcoming' NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"max_participants" integer,
	"prizes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_participants" integer,
	"total_colleges" integer,
	"ideas_submitted" integer,
	"prototypes_approved" integer,
	"projects_approved" integer,
	"total_invitees" integer,
	"solutions_to_be_built" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rounds_status_check" CHECK ("rounds"."status" in ('upcoming', 'active', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "staff_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text,
	"active" boolean DEFAULT true NOT NULL,
	"affiliation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_users_role_check" CHECK ("staff_users"."role" in ('admin', 'jury'))
);
--> statement-breakpoint
CREATE TABLE "submission_documents" (
	"submission_id" uuid NOT NULL,
	"requirement_id" uuid NOT NULL,
	CONSTRAINT "submission_documents_submission_id_requirement_id_pk" PRIMARY KEY("submission_id","requirement_id")
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" uuid NOT NULL,
	"round_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"github_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submissions_applicant_round_key" UNIQUE("applicant_id","round_id"),
	CONSTRAINT "submissions_status_check" CHECK ("submissions"."status" in ('draft', 'submitted', 'reviewed', 'accepted', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "applicant_sessions" ADD CONSTRAINT "applicant_sessions_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "confirmation_codes" ADD CONSTRAINT "confirmation_codes_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirements" ADD CONSTRAINT "requirements_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirements" ADD CONSTRAINT "requirements_template_file_id_files_id_fk" FOREIGN KEY ("template_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_user_id_staff_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_documents" ADD CONSTRAINT "submission_documents_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_documents" ADD CONSTRAINT "submission_documents_requirement_id_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."requirements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_created_at_idx" ON "activity" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applicant_sessions_applicant_id_idx" ON "applicant_sessions" USING btree ("applicant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applicants_email_lower_key" ON "applicants" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "applicants_mobile_key" ON "applicants" USING btree ("mobile");--> statement-breakpoint
CREATE INDEX "applicants_status_idx" ON "applicants" USING btree ("status");--> statement-breakpoint
CREATE INDEX "applicants_created_at_idx" ON "applicants" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "confirmation_codes_applicant_id_idx" ON "confirmation_codes" USING btree ("applicant_id");--> statement-breakpoint
CREATE INDEX "one_time_codes_applicant_created_idx" ON "one_time_codes" USING btree ("applicant_id","created_at");--> statement-breakpoint
CREATE INDEX "requirements_round_position_idx" ON "requirements" USING btree ("round_id","position");--> statement-breakpoint
CREATE INDEX "rounds_start_time_idx" ON "rounds" USING btree ("start_time");--> statement-breakpoint
CREATE INDEX "staff_sessions_user_id_idx" ON "staff_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_users_email_lower_key" ON "staff_users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "submissions_round_id_idx" ON "submissions" USING btree ("round_id");