ALTER TABLE "companion_settings" ADD COLUMN "ai_notice_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companion_settings" ADD COLUMN "ai_notice_provider" text;--> statement-breakpoint
ALTER TABLE "companion_settings" ADD COLUMN "ai_notice_model" text;