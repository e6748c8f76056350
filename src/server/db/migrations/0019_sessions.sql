CREATE TABLE "session_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"status" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"checkout_id" text,
	"is_test_payment" boolean DEFAULT false NOT NULL,
	"meeting_url" text,
	"learner_time_zone" text DEFAULT 'UTC' NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_bookings_checkout_id_unique" UNIQUE("checkout_id"),
	CONSTRAINT "session_bookings_ends_after_start" CHECK ("session_bookings"."ends_at" > "session_bookings"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "session_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"weekly_hours" jsonb NOT NULL,
	"blocks" jsonb NOT NULL,
	"session_minutes" integer NOT NULL,
	"buffer_minutes" integer NOT NULL,
	"notice_hours" integer NOT NULL,
	"horizon_days" integer NOT NULL,
	"reschedule_cutoff_hours" integer NOT NULL,
	"default_meeting_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_settings_one_row" CHECK ("session_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "return_path" text;--> statement-breakpoint
ALTER TABLE "session_bookings" ADD CONSTRAINT "session_bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_bookings_user_idx" ON "session_bookings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_bookings_starts_idx" ON "session_bookings" USING btree ("starts_at");--> statement-breakpoint
ALTER TABLE "session_bookings" ADD CONSTRAINT "session_bookings_no_overlap" EXCLUDE USING gist (tstzrange("starts_at", "ends_at") WITH &&) WHERE ("status" IN ('pending', 'booked', 'completed'));
