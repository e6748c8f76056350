CREATE TABLE "payment_plans" (
	"checkout_id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"product_name" text NOT NULL,
	"count" integer NOT NULL,
	"instalment_cents" integer NOT NULL,
	"paid_count" integer NOT NULL,
	"next_due_at" timestamp with time zone,
	"status" text DEFAULT 'open' NOT NULL,
	"stripe_subscription_id" text,
	"stripe_invoice_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_plans_stripe_subscription_id_unique" UNIQUE("stripe_subscription_id")
);
--> statement-breakpoint
DROP INDEX "invoices_one_per_checkout";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "instalment" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_checkout_id_checkout_sessions_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkout_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_plans_due_idx" ON "payment_plans" USING btree ("next_due_at") WHERE status = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_checkout" ON "invoices" USING btree ("checkout_id","kind","instalment");