CREATE SEQUENCE "public"."rounds_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "rounds" ALTER COLUMN "position" SET DEFAULT nextval('rounds_position_seq');--> statement-breakpoint
-- New rounds go after the ones migration 0011 numbered.
SELECT setval('rounds_position_seq', greatest((SELECT max("position") FROM "rounds"), 0) + 1, false);
