CREATE TABLE "overview_totals" (
	"week_start" date PRIMARY KEY NOT NULL,
	"sign_ups" integer DEFAULT 0 NOT NULL,
	"purchases" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"assessments" integer DEFAULT 0 NOT NULL,
	"unanswered_assessments" integer DEFAULT 0 NOT NULL,
	"subscribers" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Kept by triggers, not by the app's code: Better Auth writes users, an account's deletion and
-- a restore write rows too, and a trigger counts every write in its own transaction whoever
-- makes it (docs/decisions/043-running-totals.md).
CREATE FUNCTION add_to_overview_totals(
  happened_at timestamptz,
  sign_ups integer DEFAULT 0,
  purchases integer DEFAULT 0,
  revenue_cents bigint DEFAULT 0,
  assessments integer DEFAULT 0,
  unanswered_assessments integer DEFAULT 0,
  subscribers integer DEFAULT 0
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO overview_totals AS totals (week_start, sign_ups, purchases, revenue_cents,
                                         assessments, unanswered_assessments, subscribers)
  VALUES (date_trunc('week', happened_at AT TIME ZONE 'UTC')::date, sign_ups, purchases, revenue_cents,
          assessments, unanswered_assessments, subscribers)
  ON CONFLICT (week_start) DO UPDATE SET
    sign_ups = totals.sign_ups + excluded.sign_ups,
    purchases = totals.purchases + excluded.purchases,
    revenue_cents = totals.revenue_cents + excluded.revenue_cents,
    assessments = totals.assessments + excluded.assessments,
    unanswered_assessments = totals.unanswered_assessments + excluded.unanswered_assessments,
    subscribers = totals.subscribers + excluded.subscribers
$$;
--> statement-breakpoint
-- Each trigger takes away what the old row counted and adds what the new one counts; updates
-- that change nothing counted do not fire.
CREATE FUNCTION count_sign_up() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM add_to_overview_totals(OLD.created_at, sign_ups => -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM add_to_overview_totals(NEW.created_at, sign_ups => 1); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_overview_totals AFTER INSERT OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION count_sign_up();
--> statement-breakpoint
CREATE TRIGGER users_overview_totals_update AFTER UPDATE OF created_at ON users
  FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION count_sign_up();
--> statement-breakpoint
CREATE FUNCTION count_purchase() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.fulfilled_at IS NOT NULL AND OLD.refunded_at IS NULL THEN
    PERFORM add_to_overview_totals(OLD.fulfilled_at, purchases => -1,
      revenue_cents => -coalesce(OLD.amount_paid_cents, OLD.amount_cents));
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.fulfilled_at IS NOT NULL AND NEW.refunded_at IS NULL THEN
    PERFORM add_to_overview_totals(NEW.fulfilled_at, purchases => 1,
      revenue_cents => coalesce(NEW.amount_paid_cents, NEW.amount_cents));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER checkout_sessions_overview_totals AFTER INSERT OR DELETE ON checkout_sessions
  FOR EACH ROW EXECUTE FUNCTION count_purchase();
--> statement-breakpoint
CREATE TRIGGER checkout_sessions_overview_totals_update
  AFTER UPDATE OF fulfilled_at, refunded_at, amount_paid_cents, amount_cents ON checkout_sessions
  FOR EACH ROW WHEN ((OLD.fulfilled_at, OLD.refunded_at, OLD.amount_paid_cents, OLD.amount_cents)
    IS DISTINCT FROM (NEW.fulfilled_at, NEW.refunded_at, NEW.amount_paid_cents, NEW.amount_cents))
  EXECUTE FUNCTION count_purchase();
--> statement-breakpoint
CREATE FUNCTION count_assessment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM add_to_overview_totals(OLD.created_at, assessments => -1,
      unanswered_assessments => -(OLD.answered_at IS NULL)::integer);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM add_to_overview_totals(NEW.created_at, assessments => 1,
      unanswered_assessments => (NEW.answered_at IS NULL)::integer);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER assessments_overview_totals AFTER INSERT OR DELETE ON assessments
  FOR EACH ROW EXECUTE FUNCTION count_assessment();
--> statement-breakpoint
CREATE TRIGGER assessments_overview_totals_update
  AFTER UPDATE OF created_at, answered_at ON assessments
  FOR EACH ROW WHEN ((OLD.created_at, OLD.answered_at IS NULL)
    IS DISTINCT FROM (NEW.created_at, NEW.answered_at IS NULL))
  EXECUTE FUNCTION count_assessment();
--> statement-breakpoint
CREATE FUNCTION count_subscriber() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM add_to_overview_totals(OLD.created_at, subscribers => -1); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM add_to_overview_totals(NEW.created_at, subscribers => 1); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER newsletter_subscriptions_overview_totals
  AFTER INSERT OR DELETE ON newsletter_subscriptions
  FOR EACH ROW EXECUTE FUNCTION count_subscriber();
--> statement-breakpoint
CREATE TRIGGER newsletter_subscriptions_overview_totals_update
  AFTER UPDATE OF created_at ON newsletter_subscriptions
  FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION count_subscriber();
--> statement-breakpoint
-- The rows written before: counted once, after the triggers exist, in the migrations'
-- transaction, whose trigger creation holds off other writers until it commits.
INSERT INTO overview_totals (week_start, sign_ups, purchases, revenue_cents, assessments,
                             unanswered_assessments, subscribers)
SELECT week, sum(sign_ups), sum(purchases), sum(revenue_cents), sum(assessments),
       sum(unanswered_assessments), sum(subscribers)
FROM (
  SELECT date_trunc('week', created_at AT TIME ZONE 'UTC')::date AS week, 1 AS sign_ups,
         0 AS purchases, 0::bigint AS revenue_cents, 0 AS assessments,
         0 AS unanswered_assessments, 0 AS subscribers
  FROM users
  UNION ALL
  SELECT date_trunc('week', fulfilled_at AT TIME ZONE 'UTC')::date, 0, 1,
         coalesce(amount_paid_cents, amount_cents), 0, 0, 0
  FROM checkout_sessions WHERE fulfilled_at IS NOT NULL AND refunded_at IS NULL
  UNION ALL
  SELECT date_trunc('week', created_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 1,
         (answered_at IS NULL)::integer, 0
  FROM assessments
  UNION ALL
  SELECT date_trunc('week', created_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 1
  FROM newsletter_subscriptions
) AS counted
GROUP BY week;
