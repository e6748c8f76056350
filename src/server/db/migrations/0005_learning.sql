CREATE TABLE "lesson_completions" (
	"user_id" text NOT NULL,
	"course_id" text NOT NULL,
	"module_id" text NOT NULL,
	"lesson_id" text NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_completions_user_id_course_id_lesson_id_pk" PRIMARY KEY("user_id","course_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "lesson_reflections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"course_id" text NOT NULL,
	"module_id" text NOT NULL,
	"module_name" text NOT NULL,
	"lesson_id" text NOT NULL,
	"lesson_name" text NOT NULL,
	"prompt_id" text NOT NULL,
	"question" text NOT NULL,
	"response" text NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"analyzed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_reflections_user_prompt_key" UNIQUE("user_id","course_id","module_id","lesson_id","prompt_id")
);
--> statement-breakpoint
CREATE TABLE "video_progress" (
	"user_id" text NOT NULL,
	"course_id" text NOT NULL,
	"module_id" text NOT NULL,
	"lesson_id" text NOT NULL,
	"video_id" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"position_seconds" integer DEFAULT 0 NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_watched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_progress_user_id_course_id_lesson_id_pk" PRIMARY KEY("user_id","course_id","lesson_id"),
	CONSTRAINT "video_progress_progress_range" CHECK ("video_progress"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "lesson_completions" ADD CONSTRAINT "lesson_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_reflections" ADD CONSTRAINT "lesson_reflections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_progress" ADD CONSTRAINT "video_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_progress_user_recent_idx" ON "video_progress" USING btree ("user_id","last_watched_at");