ALTER TABLE "checkout_sessions" ADD COLUMN "buyer_vat_number" text;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "reverse_charge_rate" integer;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "vat_removed_cents" integer DEFAULT 0 NOT NULL;