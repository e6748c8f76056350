ALTER TABLE "companion_messages" ADD COLUMN "concern" text;--> statement-breakpoint
ALTER TABLE "companion_safety_events" ADD COLUMN "concern" text DEFAULT 'suicide-self-harm' NOT NULL;