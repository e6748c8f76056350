CREATE TABLE "companion_prompt_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"text" text NOT NULL,
	"actor_id" text NOT NULL,
	"actor_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companion_system_prompts" (
	"kind" text PRIMARY KEY NOT NULL,
	"text" text,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "companion_prompt_changes_created_at_idx" ON "companion_prompt_changes" USING btree ("created_at");