CREATE TABLE "content_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" text NOT NULL,
	"action" text NOT NULL,
	"detail" text NOT NULL,
	"actor_id" text NOT NULL,
	"actor_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_products" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"document" jsonb NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_products_one_row" CHECK ("content_products"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "course_drafts" (
	"course_id" text PRIMARY KEY NOT NULL,
	"document" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"published_draft_version" integer,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_versions" (
	"course_id" text NOT NULL,
	"version" integer NOT NULL,
	"document" jsonb NOT NULL,
	"published_by" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_versions_course_id_version_pk" PRIMARY KEY("course_id","version")
);
--> statement-breakpoint
CREATE INDEX "content_changes_created_at_idx" ON "content_changes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "course_versions_newest_idx" ON "course_versions" USING btree ("course_id","version" desc);