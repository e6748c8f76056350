-- Written by hand: the table was in the schema snapshots since 0024 but its statement was not.
CREATE TABLE IF NOT EXISTS "second_factor_checks" (
	"session_id" text PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "second_factor_checks" DROP CONSTRAINT IF EXISTS "second_factor_checks_session_id_sessions_id_fk";--> statement-breakpoint
ALTER TABLE "second_factor_checks" ADD CONSTRAINT "second_factor_checks_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;
