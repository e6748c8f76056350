ALTER TABLE "course_enrollments" ADD COLUMN "ending_notice_days" integer;--> statement-breakpoint
ALTER TABLE "course_enrollments" ADD COLUMN "ending_notice_for" timestamp with time zone;