-- Before one hold per learner is enforced: each learner keeps only their newest pending hold.
UPDATE "session_bookings" SET "status" = 'released', "updated_at" = now()
WHERE "status" = 'pending'
  AND "id" NOT IN (
    SELECT DISTINCT ON ("user_id") "id" FROM "session_bookings"
    WHERE "status" = 'pending' AND "user_id" IS NOT NULL
    ORDER BY "user_id", "created_at" DESC
  )
  AND "user_id" IS NOT NULL;
