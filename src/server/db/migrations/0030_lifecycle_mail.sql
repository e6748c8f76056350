CREATE TABLE "announced_courses" (
	"course_id" text PRIMARY KEY NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "announced_lessons" (
	"course_id" text NOT NULL,
	"lesson_id" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "announced_lessons_course_id_lesson_id_pk" PRIMARY KEY("course_id","lesson_id")
);
--> statement-breakpoint
ALTER TABLE "course_enrollments" ADD COLUMN "silence_notice_for" timestamp with time zone;