CREATE TABLE "mobile_number_issues" (
	"applicant_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"canonical" text,
	"held_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mobile_number_issues_kind_check" CHECK ("mobile_number_issues"."kind" in ('unchecked', 'duplicate', 'not_a_phone_number'))
);
--> statement-breakpoint
ALTER TABLE "mobile_number_issues" ADD CONSTRAINT "mobile_number_issues_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_number_issues" ADD CONSTRAINT "mobile_number_issues_held_by_applicants_id_fk" FOREIGN KEY ("held_by") REFERENCES "public"."applicants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written: every applicant registered before numbers had one form waits in this queue for the
-- start-up step (src/db/mobile-numbers.ts), which needs the phone-number rules and
-- DEFAULT_COUNTRY_CODE that SQL does not have: it gives each number its canonical form, or keeps the
-- row as it is and records why (docs/decisions/019-mobile-numbers.md). Nothing is merged.
INSERT INTO "mobile_number_issues" ("applicant_id", "kind") SELECT "id", 'unchecked' FROM "applicants";
