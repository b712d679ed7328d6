DROP INDEX "applicants_status_idx";--> statement-breakpoint
DROP INDEX "applicants_created_at_idx";--> statement-breakpoint
CREATE INDEX "applicants_status_created_at_idx" ON "applicants" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "applicants_created_at_id_idx" ON "applicants" USING btree ("created_at","id");