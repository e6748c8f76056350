CREATE TABLE "refund_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"checkout_id" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'new' NOT NULL,
	"outcome" text,
	"decline_reason" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_checkout_id_checkout_sessions_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkout_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_requests_user_idx" ON "refund_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "refund_requests_checkout_idx" ON "refund_requests" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "refund_requests_created_at_idx" ON "refund_requests" USING btree ("created_at");