CREATE TABLE "review_assignments" (
	"round_id" uuid NOT NULL,
	"submission_id" uuid NOT NULL,
	"juror_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_assignments_submission_id_juror_id_pk" PRIMARY KEY("submission_id","juror_id")
);
--> statement-breakpoint
CREATE TABLE "review_scores" (
	"review_id" uuid NOT NULL,
	"criterion_id" uuid NOT NULL,
	"score" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	CONSTRAINT "review_scores_review_id_criterion_id_pk" PRIMARY KEY("review_id","criterion_id")
);
--> statement-breakpoint
CREATE TABLE "review_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"scores" jsonb NOT NULL,
	"comment" text NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"juror_id" uuid NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"conflict" boolean DEFAULT false NOT NULL,
	"conflict_reason" text,
	"saved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_submission_juror_key" UNIQUE("submission_id","juror_id")
);
--> statement-breakpoint
CREATE TABLE "rubric_criteria" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"round_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"weight" double precision NOT NULL,
	"scale_min" integer NOT NULL,
	"scale_max" integer NOT NULL,
	CONSTRAINT "rubric_criteria_scale_check" CHECK ("rubric_criteria"."scale_max" > "rubric_criteria"."scale_min"),
	CONSTRAINT "rubric_criteria_weight_check" CHECK ("rubric_criteria"."weight" > 0)
);
--> statement-breakpoint
ALTER TABLE "rounds" ADD COLUMN "review_closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rounds" ADD COLUMN "reviews_per_submission" integer;--> statement-breakpoint
ALTER TABLE "review_assignments" ADD CONSTRAINT "review_assignments_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_assignments" ADD CONSTRAINT "review_assignments_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_assignments" ADD CONSTRAINT "review_assignments_juror_id_staff_users_id_fk" FOREIGN KEY ("juror_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_scores" ADD CONSTRAINT "review_scores_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_scores" ADD CONSTRAINT "review_scores_criterion_id_rubric_criteria_id_fk" FOREIGN KEY ("criterion_id") REFERENCES "public"."rubric_criteria"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_versions" ADD CONSTRAINT "review_versions_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_juror_id_staff_users_id_fk" FOREIGN KEY ("juror_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubric_criteria" ADD CONSTRAINT "rubric_criteria_round_id_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_assignments_round_idx" ON "review_assignments" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "review_assignments_juror_idx" ON "review_assignments" USING btree ("juror_id");--> statement-breakpoint
CREATE INDEX "review_versions_review_idx" ON "review_versions" USING btree ("review_id","saved_at");--> statement-breakpoint
CREATE INDEX "reviews_juror_idx" ON "reviews" USING btree ("juror_id");--> statement-breakpoint
CREATE INDEX "rubric_criteria_round_idx" ON "rubric_criteria" USING btree ("round_id","position");