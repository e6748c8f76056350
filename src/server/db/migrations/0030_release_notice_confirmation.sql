ALTER TABLE "release_notices" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Requests made before confirmation existed count as confirmed where the address belongs to a
-- confirmed account; the others wait for a link nobody sent, and so get no mail.
UPDATE "release_notices" SET "confirmed_at" = "release_notices"."created_at"
FROM "users"
WHERE lower("users"."email") = lower("release_notices"."email") AND "users"."email_verified";
