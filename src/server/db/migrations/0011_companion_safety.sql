CREATE TABLE "companion_safety_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"path" text NOT NULL,
	"mode" text NOT NULL,
	"signal" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companion_messages" ADD COLUMN "kind" text DEFAULT 'message' NOT NULL;--> statement-breakpoint
ALTER TABLE "companion_messages" ADD COLUMN "is_at_risk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_reflections" ADD COLUMN "is_at_risk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companion_safety_events" ADD CONSTRAINT "companion_safety_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companion_safety_events_user_idx" ON "companion_safety_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "companion_safety_events_created_idx" ON "companion_safety_events" USING btree ("created_at");