CREATE TABLE "beta_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"course_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"max_uses" integer NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"description" text,
	CONSTRAINT "beta_codes_max_uses_range" CHECK ("beta_codes"."max_uses" between 1 and 1000),
	CONSTRAINT "beta_codes_used_count_range" CHECK ("beta_codes"."used_count" between 0 and "beta_codes"."max_uses")
);
--> statement-breakpoint
CREATE TABLE "beta_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"course_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"granted_by" text,
	"grant_method" text NOT NULL,
	"beta_code_used" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text
);
--> statement-breakpoint
CREATE TABLE "beta_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"course_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"invited_by" text,
	"claimed" boolean DEFAULT false NOT NULL,
	"claimed_at" timestamp with time zone,
	"claimed_by_user_id" text
);
--> statement-breakpoint
ALTER TABLE "beta_codes" ADD CONSTRAINT "beta_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beta_grants" ADD CONSTRAINT "beta_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beta_grants" ADD CONSTRAINT "beta_grants_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beta_invitations" ADD CONSTRAINT "beta_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "beta_invitations" ADD CONSTRAINT "beta_invitations_claimed_by_user_id_users_id_fk" FOREIGN KEY ("claimed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "beta_grants_user_idx" ON "beta_grants" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "beta_invitations_unclaimed_email_key" ON "beta_invitations" USING btree ("email") WHERE not "beta_invitations"."claimed";