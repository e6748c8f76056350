ALTER TABLE "payment_plans" ADD COLUMN "payment_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "grace_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "access_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "is_test_card_declining" boolean DEFAULT false NOT NULL;