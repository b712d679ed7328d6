ALTER TABLE "email_messages" DROP CONSTRAINT "email_messages_status_check";--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "secret_sealed" text;--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "handed_over_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "email_messages_sending_idx" ON "email_messages" USING btree ("heartbeat_at") WHERE "email_messages"."status" = 'sending';--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_status_check" CHECK ("email_messages"."status" in ('queued', 'sending', 'retrying', 'sent', 'failed', 'skipped'));