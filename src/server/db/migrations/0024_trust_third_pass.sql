CREATE TABLE "pending_beta_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"course_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"expires_at" timestamp with time zone,
	"granted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "session_bookings" ADD COLUMN "creator_told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "session_bookings" ADD COLUMN "is_creator_copy_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_beta_grants" ADD CONSTRAINT "pending_beta_grants_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_beta_grants_email_idx" ON "pending_beta_grants" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "session_bookings_one_hold_per_learner" ON "session_bookings" USING btree ("user_id") WHERE "session_bookings"."status" = 'pending';