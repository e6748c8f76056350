import type { BetaGrantFacts, SubscriptionFacts } from '../../shared/rules/access.ts';
import type { Database } from '../db/client.ts';

/** A coming-soon course a paid bundle includes: it opens, and its year starts, on release. */
export interface CourseAwaitingRelease {
  courseId: string;
  /** The purchase that includes it. */
  purchaseId: string;
  purchasedAt: Date;
}

/**
 * Where access comes from besides enrollments. The features that own these facts (payments for
 * subscriptions, beta for grants) supply them through app.ts, so access imports neither.
 */
export interface AccessSources {
  subscriptions: (db: Database, userId: string) => Promise<SubscriptionFacts[]>;
  betaGrants: (db: Database, userId: string) => Promise<BetaGrantFacts[]>;
  /** Courses of a paid bundle that are not released yet: included, opening at release. */
  awaitingRelease: (db: Database, userId: string) => Promise<CourseAwaitingRelease[]>;
}
