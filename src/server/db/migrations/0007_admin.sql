CREATE TABLE "reflection_reads" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"reader_id" text NOT NULL,
	"reader_email" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reflection_reads" ADD CONSTRAINT "reflection_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reflection_reads_user_idx" ON "reflection_reads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_email_key_idx" ON "users" USING btree ((lower("email") collate "C"));--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");