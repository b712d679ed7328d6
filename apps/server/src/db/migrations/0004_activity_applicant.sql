ALTER TABLE "activity" ADD COLUMN "applicant_id" uuid;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_applicant_id_idx" ON "activity" USING btree ("applicant_id");