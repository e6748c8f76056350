ALTER TABLE "companion_emotions" ADD COLUMN "corrected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companion_emotions" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companion_patterns" ADD COLUMN "dismissed_at" timestamp with time zone;