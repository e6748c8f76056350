ALTER TABLE "course_enrollments" ADD COLUMN "started_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Paced release (decision 040): an existing enrollment's first start is its earliest grant, or its enrolled_at if sooner.
UPDATE "course_enrollments" SET "started_at" = LEAST("enrolled_at", (SELECT min("created_at") FROM "access_events" WHERE "access_events"."user_id" = "course_enrollments"."user_id" AND "access_events"."course_id" = "course_enrollments"."course_id" AND "access_events"."action" = 'grant'));
