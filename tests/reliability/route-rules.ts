import { safetyPlanSections } from '../../src/shared/api/companion.ts';
import { defaultSettings } from '../../src/shared/rules/settings.ts';

/**
 * Who may call each route: one row per route of Fastify's table and per Better Auth endpoint
 * behind `/api/auth/*`, keyed `METHOD path`. The authorisation matrix (authorisation.test.ts)
 * calls every route as a visitor, a learner, another learner and an admin, and checks each answer
 * against its row; a route without a row fails it, with the row to add.
 */
export const rules = {
  /** Anyone: no caller is refused for who they are (401/403). */
  public: 'public',
  /** A session: a visitor gets 401; any signed-in caller is let in. */
  signedIn: 'signed-in',
  /** The admin role: a visitor gets 401, a learner 403. */
  admin: 'admin',
  /**
   * As admin, and the admin's session confirmed an authenticator code in the last 10 minutes
   * (T4-L6): without one the admin gets 403 `second_factor_needed`.
   */
  freshAdmin: 'fresh-admin',
  /** The request names the learner's own thing: the learner is let in; another learner and an admin are refused (403/404). */
  owner: 'owner',
  /** As owner, and an admin may act on it too. */
  ownerOrAdmin: 'owner-or-admin',
  /** A course the learner has (energy-sovereignty): another learner, without it, gets 403. */
  courseAccess: 'course-access',
  /** A token or a pending sign-in carries the right, not the cookie: a made-up one works for nobody. */
  token: 'token',
  /** Stripe's signature carries the right: an unsigned event works for nobody. */
  stripe: 'stripe',
  /** Sign-in with another provider's account: the app has none, so it works for nobody. */
  noProvider: 'no-provider',
} as const;
export type Rule = (typeof rules)[keyof typeof rules];

/** The things of the learner (and the ids) a request may name; made before the matrix runs. */
export interface Fixtures {
  learnerId: string;
  learnerEmail: string;
  customerId: string;
  /** An open checkout of payment test mode. */
  checkoutId: string;
  /** A paid purchase. */
  purchaseId: string;
  /** The invoice of that purchase. */
  invoiceId: number;
  /** Another signed-in device of the learner. */
  deviceId: string;
  videoId: string;
  /** A mood reading of one of the learner's reflections. */
  emotionId: string;
  /** A pattern the companion saw in the learner's reflections. */
  patternId: string;
  /** A one-to-one session the learner booked and paid for. */
  sessionId: string;
}

export interface RouteRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

export interface RouteRow {
  rule: Rule;
  /** What the request carries, the same for every caller; by default an empty body. */
  request?: (fixtures: Fixtures) => RouteRequest;
}

const course = 'energy-sovereignty';
const lesson = {
  courseId: course,
  moduleId: 'reclaiming-your-field',
  lessonId: 'what-energy-sovereignty-means',
};
const anyUuid = '00000000-0000-4000-8000-000000000000';
const password = { password: 'Not-the-password-1' };
const code = { code: '123456' };

export const routeRules: Record<string, RouteRow> = {
  'GET /api/health': { rule: 'public' },
  'GET /api/health/live': { rule: 'public' },
  'GET /api/health/ready': { rule: 'public' },
  'GET /api/metrics': { rule: 'token' },
  'GET /api/session': { rule: 'public' },
  'GET /api/pages/:page': { rule: 'public', request: () => ({ params: { page: 'terms' } }) },
  'GET /api/contact': { rule: 'public' },
  'GET /api/catalogue': { rule: 'public' },
  'GET /api/courses/:courseId': {
    rule: 'public',
    request: () => ({ params: { courseId: course } }),
  },
  'POST /api/assessments': { rule: 'public' },
  'POST /api/contact-messages': { rule: 'public' },
  'POST /api/courses/:courseId/release-notice': {
    rule: 'public',
    request: () => ({ params: { courseId: 'dragons-clarity' }, body: { email: 'a@example.com' } }),
  },
  'POST /api/release-notices/confirm': {
    rule: 'token',
    request: () => ({ body: { token: 'made-up' } }),
  },
  'POST /api/newsletter': { rule: 'public', request: () => ({ body: { email: 'a@example.com' } }) },
  'POST /api/newsletter/unsubscribe': {
    rule: 'token',
    request: () => ({ body: { email: 'a@example.com', token: 'made-up' } }),
  },
  // A lifecycle mail's one-click unsubscribe: a GET only leads to the page that asks first.
  'GET /api/notifications/unsubscribe': {
    rule: 'public',
    request: () => ({ query: { token: 'made-up' } }),
  },
  'POST /api/notifications/unsubscribe': {
    rule: 'token',
    request: () => ({ query: { token: 'made-up' }, body: {} }),
  },
  'POST /api/stripe/webhook': { rule: 'stripe', request: () => ({ body: { type: 'x' } }) },

  'GET /api/me/access': { rule: 'signed-in' },
  'GET /api/me/purchases': { rule: 'signed-in' },
  'GET /api/invoices/:invoiceId/pdf': {
    rule: 'owner',
    request: ({ invoiceId }) => ({ params: { invoiceId: String(invoiceId) } }),
  },
  'POST /api/create-checkout-session': {
    rule: 'owner',
    request: ({ learnerId, customerId }) => ({
      body: {
        lineItems: [{ price: 'sovereign-flame', quantity: 1 }],
        customerId,
        metadata: { userId: learnerId },
      },
    }),
  },
  'GET /api/checkout/bundle-offer': { rule: 'signed-in' },
  'POST /api/checkout/business-price': {
    rule: 'signed-in',
    request: () => ({
      body: {
        productIds: ['energy-sovereignty'],
        business: { country: 'FR', vatNumber: 'FR12345678901' },
      },
    }),
  },
  'POST /api/checkout/coupon-preview': {
    rule: 'signed-in',
    request: () => ({ body: { productIds: ['energy-sovereignty'], code: 'NO-SUCH-CODE' } }),
  },
  'POST /api/checkout/confirm': {
    rule: 'owner',
    request: ({ checkoutId }) => ({ body: { checkoutId } }),
  },
  'GET /api/checkout/test-sessions/:checkoutId': {
    rule: 'owner',
    request: ({ checkoutId }) => ({ params: { checkoutId } }),
  },
  'POST /api/checkout/test-sessions/:checkoutId/pay': {
    rule: 'owner',
    request: ({ checkoutId }) => ({ params: { checkoutId } }),
  },
  'POST /api/checkout/test-sessions/:checkoutId/cancel': {
    rule: 'owner',
    request: ({ checkoutId }) => ({ params: { checkoutId } }),
  },
  'POST /api/create-customer-portal-session': {
    rule: 'owner-or-admin',
    request: ({ customerId }) => ({ body: { returnUrl: '/dashboard', customerId } }),
  },
  'GET /api/get-customer-subscriptions': {
    rule: 'owner-or-admin',
    request: ({ customerId }) => ({ query: { customerId } }),
  },
  'GET /api/admin/subscriptions-at-risk': { rule: 'admin' },
  'POST /api/admin/test-clock/tick': {
    rule: 'admin',
    request: () => ({ body: { now: new Date().toISOString() } }),
  },
  'POST /api/billing/test-card/:checkoutId': {
    rule: 'owner',
    request: ({ checkoutId }) => ({ params: { checkoutId } }),
  },
  'POST /api/check-course-access': {
    rule: 'owner-or-admin',
    request: ({ customerId }) => ({ body: { courseId: course, customerId } }),
  },

  'GET /api/videos/:id': {
    rule: 'course-access',
    request: ({ videoId }) => ({ params: { id: videoId } }),
  },
  'GET /api/learning/courses/:courseId/modules/:moduleId/lessons/:lessonId': {
    rule: 'course-access',
    request: () => ({ params: lesson }),
  },
  'GET /api/learning/previews/courses/:courseId/modules/:moduleId/lessons/:lessonId': {
    rule: 'public',
    request: () => ({
      params: { courseId: course, moduleId: 'boundaries-as-devotion', lessonId: 'the-sacred-no' },
    }),
  },
  'GET /api/learning/reflections': {
    rule: 'owner-or-admin',
    request: ({ learnerId }) => ({ query: { ...lesson, userId: learnerId } }),
  },
  'PUT /api/learning/reflections': {
    rule: 'course-access',
    request: () => ({
      body: { ...lesson, promptId: 'most-sovereign-moment', response: 'By the sea.' },
    }),
  },
  'POST /api/learning/lesson-completions': {
    rule: 'course-access',
    request: () => ({ body: lesson }),
  },
  'POST /api/learning/video-progress/start': {
    rule: 'course-access',
    request: () => ({ body: lesson }),
  },
  'PUT /api/learning/video-progress': {
    rule: 'course-access',
    request: () => ({ body: { ...lesson, positionSeconds: 10, durationSeconds: 780 } }),
  },

  'GET /api/companion/courses/:courseId/conversation': {
    rule: 'owner-or-admin',
    request: ({ learnerId }) => ({ params: { courseId: course }, query: { userId: learnerId } }),
  },
  'POST /api/companion/courses/:courseId/messages': {
    rule: 'course-access',
    request: () => ({
      params: { courseId: course },
      body: { moduleId: lesson.moduleId, lessonId: lesson.lessonId, message: 'Hello' },
    }),
  },
  'POST /api/companion/suggestions': {
    rule: 'course-access',
    request: () => ({
      body: { ...lesson, promptId: 'most-sovereign-moment', response: 'By the sea.' },
    }),
  },
  'GET /api/companion/courses/:courseId/patterns': {
    rule: 'owner-or-admin',
    request: ({ learnerId }) => ({ params: { courseId: course }, query: { userId: learnerId } }),
  },
  'GET /api/companion/safety-plan': { rule: 'signed-in' },
  'PUT /api/companion/safety-plan': {
    rule: 'signed-in',
    request: () => ({ body: Object.fromEntries(safetyPlanSections.map(({ key }) => [key, ''])) }),
  },
  'GET /api/companion/settings': {
    rule: 'owner-or-admin',
    request: ({ learnerId }) => ({ query: { userId: learnerId } }),
  },
  'PUT /api/companion/settings': {
    rule: 'signed-in',
    request: () => ({ body: { typingSpeed: 30 } }),
  },
  'GET /api/companion/safety-help': { rule: 'public' },
  'GET /api/admin/companion/safety-events': { rule: 'admin' },
  'PATCH /api/companion/emotions/:id': {
    rule: 'owner',
    request: ({ emotionId }) => ({ params: { id: emotionId }, body: { isHidden: false } }),
  },
  'DELETE /api/companion/patterns/:id': {
    rule: 'owner',
    request: ({ patternId }) => ({ params: { id: patternId } }),
  },

  'GET /api/settings': { rule: 'public' },
  'GET /api/admin/settings': { rule: 'admin' },
  'PUT /api/admin/settings': {
    rule: 'admin',
    // The defaults as they are: a save that changes nothing, so the matrix leaves the site open.
    request: () => ({ body: { ...defaultSettings, version: 0 } }),
  },
  'GET /api/admin/settings/changes': { rule: 'admin' },
  'GET /api/admin/companion/prompts': { rule: 'admin' },
  // Writes without a body: the admin is let in and refused for the input, so the matrix edits nothing.
  'PUT /api/admin/companion/prompts/:kind': {
    rule: 'admin',
    request: () => ({ params: { kind: 'general' } }),
  },
  'POST /api/admin/companion/prompts/:kind/reset': {
    rule: 'admin',
    request: () => ({ params: { kind: 'general' } }),
  },
  'GET /api/admin/content/courses': { rule: 'admin' },
  'POST /api/admin/content/courses': { rule: 'admin' },
  'GET /api/admin/content/courses/:courseId': {
    rule: 'admin',
    request: () => ({ params: { courseId: course } }),
  },
  'PUT /api/admin/content/courses/:courseId': {
    rule: 'admin',
    request: () => ({ params: { courseId: course } }),
  },
  'POST /api/admin/content/courses/:courseId/publish': {
    rule: 'admin',
    request: () => ({ params: { courseId: course } }),
  },
  'GET /api/admin/content/courses/:courseId/versions': {
    rule: 'admin',
    request: () => ({ params: { courseId: course } }),
  },
  'POST /api/admin/content/courses/:courseId/versions/:version/restore': {
    rule: 'admin',
    request: () => ({ params: { courseId: course, version: '999' } }),
  },
  'GET /api/admin/content/courses/:courseId/preview/lessons/:lessonId': {
    rule: 'admin',
    request: () => ({ params: { courseId: course, lessonId: lesson.lessonId } }),
  },
  'GET /api/admin/content/changes': { rule: 'admin' },
  'POST /api/admin/pictures': { rule: 'admin' },

  'GET /api/dashboard': { rule: 'signed-in' },

  'POST /api/check-beta-access': {
    rule: 'owner-or-admin',
    request: ({ learnerId }) => ({ body: { userId: learnerId } }),
  },
  'POST /api/convert-beta-to-paid': {
    rule: 'owner',
    request: ({ learnerId }) => ({ body: { userId: learnerId, courseIds: [course] } }),
  },
  'GET /api/beta/me': { rule: 'signed-in' },
  'POST /api/beta/upgrade-status': {
    rule: 'signed-in',
    request: ({ checkoutId }) => ({ body: { checkoutId } }),
  },
  'POST /api/beta/redeem': { rule: 'signed-in', request: () => ({ body: { code: 'BETA-NONE' } }) },

  'GET /api/account/profile': { rule: 'signed-in' },
  'PATCH /api/account/profile': { rule: 'signed-in', request: () => ({ body: { bio: 'Hi' } }) },
  'GET /api/account/settings': { rule: 'signed-in' },
  'PATCH /api/account/settings': {
    rule: 'signed-in',
    request: () => ({ body: { themePreference: 'dark' } }),
  },
  'POST /api/account/password': {
    rule: 'signed-in',
    request: () => ({ body: { currentPassword: 'wrong', newPassword: 'Another-pass-9' } }),
  },
  'GET /api/account/devices': { rule: 'signed-in' },
  'DELETE /api/account/devices/:deviceId': {
    rule: 'owner',
    request: ({ deviceId }) => ({ params: { deviceId } }),
  },
  'GET /api/account/export': { rule: 'signed-in' },
  'POST /api/account/delete': { rule: 'signed-in', request: () => ({ body: password }) },
  'GET /api/account/billing': { rule: 'signed-in' },
  'POST /api/account/refund-requests': {
    rule: 'owner',
    request: ({ purchaseId }) => ({ body: { purchaseId, reason: 'Changed my mind' } }),
  },

  'GET /api/admin/assessments': { rule: 'admin' },
  'GET /api/admin/assessments/:id': { rule: 'admin', request: () => ({ params: { id: anyUuid } }) },
  'PATCH /api/admin/assessments/:id': {
    rule: 'admin',
    request: () => ({ params: { id: anyUuid }, body: { status: 'reviewed' } }),
  },
  'GET /api/admin/inbox': { rule: 'admin' },
  'PATCH /api/admin/inbox/:kind/:id': {
    rule: 'admin',
    request: () => ({ params: { kind: 'assessment', id: anyUuid }, body: { state: 'answered' } }),
  },
  'GET /api/admin/coupons': { rule: 'admin' },
  'POST /api/admin/coupons': {
    rule: 'fresh-admin',
    request: () => ({ body: { code: 'MATRIX10', kind: 'percent', value: 10 } }),
  },
  'PUT /api/admin/coupons/:id': {
    rule: 'fresh-admin',
    request: () => ({
      params: { id: anyUuid },
      body: { code: 'MATRIX20', kind: 'percent', value: 20 },
    }),
  },
  'POST /api/admin/refund-requests/:id/refund': {
    rule: 'fresh-admin',
    request: () => ({ params: { id: anyUuid } }),
  },
  'POST /api/admin/refund-requests/:id/decline': {
    rule: 'fresh-admin',
    request: () => ({ params: { id: anyUuid }, body: { reason: 'Outside the guarantee' } }),
  },
  'GET /api/admin/newsletter': { rule: 'admin' },
  'GET /api/admin/outbox': { rule: 'admin' },
  'GET /api/admin/outbox/:id/attachments/:index': {
    rule: 'admin',
    request: () => ({ params: { id: '1', index: '0' } }),
  },
  'GET /api/admin/jobs/failed': { rule: 'admin' },
  'POST /api/admin/jobs/failed/:id/retry': {
    rule: 'admin',
    request: () => ({ params: { id: anyUuid } }),
  },
  'DELETE /api/admin/jobs/failed/:id': {
    rule: 'admin',
    request: () => ({ params: { id: anyUuid } }),
  },
  'POST /api/admin/outbox/:id/reveal': { rule: 'admin' },
  'POST /api/admin/second-factor': { rule: 'admin' },
  'GET /api/admin/newsletter.csv': { rule: 'fresh-admin' },
  'GET /api/admin/user-search': { rule: 'admin', request: () => ({ query: { email: 'a' } }) },
  'GET /api/sessions/offer': { rule: 'public' },
  'GET /api/sessions/slots': { rule: 'signed-in' },
  'POST /api/sessions/book': {
    rule: 'signed-in',
    request: () => ({ body: { startsAt: '2030-01-07T13:00:00.000Z' } }),
  },
  'GET /api/sessions': { rule: 'signed-in' },
  'GET /api/sessions/:id': {
    rule: 'owner',
    request: ({ sessionId }) => ({ params: { id: sessionId } }),
  },
  'GET /api/sessions/:id/calendar': {
    rule: 'owner',
    request: ({ sessionId }) => ({ params: { id: sessionId } }),
  },
  'POST /api/sessions/:id/reschedule': {
    rule: 'owner',
    request: ({ sessionId }) => ({
      params: { id: sessionId },
      body: { startsAt: '2030-01-07T13:00:00.000Z' },
    }),
  },
  'POST /api/sessions/:id/cancel': {
    rule: 'owner',
    request: ({ sessionId }) => ({ params: { id: sessionId } }),
  },
  'GET /api/admin/sessions/availability': { rule: 'admin' },
  'PUT /api/admin/sessions/availability': {
    rule: 'admin',
    request: () => ({
      body: {
        weeklyHours: [{ weekday: 1, start: '13:00', end: '17:00' }],
        blocks: [],
        sessionMinutes: 60,
        bufferMinutes: 15,
        noticeHours: 24,
        horizonDays: 60,
        rescheduleCutoffHours: 24,
        defaultMeetingUrl: '',
      },
    }),
  },
  'GET /api/admin/sessions': { rule: 'admin' },
  'PUT /api/admin/sessions/:id/meeting-link': {
    rule: 'admin',
    request: () => ({ params: { id: anyUuid }, body: { meetingUrl: '' } }),
  },
  'POST /api/admin/sessions/:id/cancel': {
    rule: 'fresh-admin',
    request: () => ({ params: { id: anyUuid }, body: { reason: '' } }),
  },
  'POST /api/admin/sessions/:id/held': {
    rule: 'admin',
    request: () => ({ params: { id: anyUuid } }),
  },
  'GET /api/admin/users': { rule: 'admin' },
  'POST /api/admin/learner-imports': {
    rule: 'admin',
    request: () => ({ body: { csv: 'Email\nnobody-imported@example.com\n', dryRun: true } }),
  },
  'GET /api/admin/customers.csv': { rule: 'fresh-admin' },
  'GET /api/admin/broadcasts': { rule: 'admin' },
  'POST /api/admin/broadcasts/preview': {
    rule: 'admin',
    request: () => ({ body: { subject: 'News', body: 'Hello', segment: 'learners' } }),
  },
  'POST /api/admin/broadcasts/test': {
    rule: 'admin',
    request: () => ({ body: { subject: 'News', body: 'Hello', segment: 'learners' } }),
  },
  // A letter to many people goes out only behind a fresh second factor.
  'POST /api/admin/broadcasts': {
    rule: 'fresh-admin',
    request: () => ({
      body: {
        draft: { subject: 'News', body: 'Hello', segment: 'newsletter' },
        sendAt: '2099-01-01T09:00:00Z',
      },
    }),
  },
  'DELETE /api/admin/broadcasts/:id': {
    rule: 'fresh-admin',
    request: () => ({ params: { id: '1' } }),
  },
  'GET /api/admin/purchases.csv': { rule: 'fresh-admin' },
  'GET /api/admin/users/:userId': {
    rule: 'admin',
    request: ({ learnerId }) => ({ params: { userId: learnerId } }),
  },
  'GET /api/admin/users/:userId/reflections': {
    rule: 'admin',
    request: ({ learnerId }) => ({ params: { userId: learnerId } }),
  },
  // A made-up account: the matrix must not sign out or disable the accounts it calls with.
  'DELETE /api/admin/users/:userId/sessions': {
    rule: 'admin',
    request: () => ({ params: { userId: 'no-such-account' } }),
  },
  'POST /api/admin/users/:userId/disable': {
    rule: 'fresh-admin',
    request: () => ({ params: { userId: 'no-such-account' } }),
  },
  'POST /api/admin/users/:userId/enable': {
    rule: 'admin',
    request: () => ({ params: { userId: 'no-such-account' } }),
  },
  'POST /api/admin/enrollments': {
    rule: 'admin',
    request: ({ learnerId }) => ({ body: { userId: learnerId, courseIds: [course] } }),
  },
  'DELETE /api/admin/enrollments': {
    rule: 'admin',
    request: ({ learnerId }) => ({ body: { userId: learnerId, courseId: 'phoenix-ascension' } }),
  },
  // Another account: clearing the learner's own would take the course the matrix opens.
  'DELETE /api/admin/users/:userId/enrollments': {
    rule: 'fresh-admin',
    request: () => ({ params: { userId: 'no-such-account' } }),
  },
  'POST /api/admin/users/:userId/module-openings': {
    rule: 'admin',
    request: ({ learnerId }) => ({
      params: { userId: learnerId },
      body: { courseId: 'phoenix-ascension', moduleId: 'no-such-module' },
    }),
  },
  'DELETE /api/admin/users/:userId/module-openings': {
    rule: 'admin',
    request: ({ learnerId }) => ({
      params: { userId: learnerId },
      body: { courseId: 'phoenix-ascension', moduleId: 'no-such-module' },
    }),
  },
  'DELETE /api/admin/included-on-release': {
    rule: 'admin',
    request: ({ learnerId }) => ({ body: { userId: learnerId, courseId: 'dragons-clarity' } }),
  },
  'POST /api/admin/bulk-beta-grants': {
    rule: 'admin',
    request: () => ({ body: { emails: ['nobody@example.com'], courseIds: [course] } }),
  },
  'GET /api/admin/overview': { rule: 'admin' },
  'GET /api/admin/diagnostics': { rule: 'admin' },
  'POST /api/grant-beta-access': {
    rule: 'admin',
    request: ({ learnerId }) => ({ body: { userId: learnerId, courseIds: ['phoenix-ascension'] } }),
  },
  'POST /api/beta/codes': { rule: 'admin' },
  'POST /api/beta/invitations': {
    rule: 'admin',
    request: () => ({ body: { email: 'invitee@example.com' } }),
  },
  'POST /api/beta/grants/:grantId/deactivate': {
    rule: 'admin',
    request: () => ({ params: { grantId: anyUuid } }),
  },
  'POST /api/beta/grants/:grantId/extend': {
    rule: 'admin',
    request: () => ({ params: { grantId: anyUuid }, body: { days: 30 } }),
  },
  'GET /api/beta/admin': { rule: 'admin' },
  'GET /api/beta/stats': { rule: 'admin' },

  // Better Auth, behind its one route /api/auth/*.
  'POST /api/auth/sign-up/email': { rule: 'public' },
  'POST /api/auth/sign-in/email': { rule: 'public' },
  'POST /api/auth/sign-in/social': {
    rule: 'no-provider',
    request: () => ({ body: { provider: 'google' } }),
  },
  'GET /api/auth/callback/:id': {
    rule: 'no-provider',
    request: () => ({ params: { id: 'google' } }),
  },
  'POST /api/auth/callback/:id': {
    rule: 'no-provider',
    request: () => ({ params: { id: 'google' } }),
  },
  'GET /api/auth/get-session': { rule: 'public' },
  'POST /api/auth/get-session': { rule: 'public' },
  'POST /api/auth/sign-out': { rule: 'public' },
  'POST /api/auth/request-password-reset': {
    rule: 'public',
    request: () => ({ body: { email: 'nobody@example.com' } }),
  },
  'GET /api/auth/reset-password/:token': {
    rule: 'token',
    request: () => ({ params: { token: 'made-up' }, query: { callbackURL: '/reset-password' } }),
  },
  'POST /api/auth/reset-password': {
    rule: 'token',
    request: () => ({ body: { token: 'made-up', newPassword: 'Another-pass-9' } }),
  },
  'GET /api/auth/verify-email': { rule: 'token', request: () => ({ query: { token: 'made-up' } }) },
  'POST /api/auth/send-verification-email': {
    rule: 'owner',
    request: ({ learnerEmail }) => ({ body: { email: learnerEmail } }),
  },
  'POST /api/auth/verify-password': { rule: 'signed-in', request: () => ({ body: password }) },
  'POST /api/auth/change-email': {
    rule: 'signed-in',
    request: () => ({ body: { newEmail: 'new@example.com' } }),
  },
  'POST /api/auth/change-password': {
    rule: 'signed-in',
    request: () => ({ body: { currentPassword: 'wrong', newPassword: 'Another-pass-9' } }),
  },
  'POST /api/auth/update-session': { rule: 'signed-in' },
  'POST /api/auth/update-user': { rule: 'signed-in', request: () => ({ body: {} }) },
  'POST /api/auth/delete-user': { rule: 'signed-in', request: () => ({ body: password }) },
  'GET /api/auth/delete-user/callback': {
    rule: 'token',
    request: () => ({ query: { token: 'made-up' } }),
  },
  'GET /api/auth/list-sessions': { rule: 'signed-in' },
  'POST /api/auth/revoke-session': {
    rule: 'signed-in',
    request: () => ({ body: { token: 'made-up' } }),
  },
  'POST /api/auth/revoke-sessions': { rule: 'signed-in' },
  'POST /api/auth/revoke-other-sessions': { rule: 'signed-in' },
  'POST /api/auth/link-social': {
    rule: 'no-provider',
    request: () => ({ body: { provider: 'x' } }),
  },
  'GET /api/auth/list-accounts': { rule: 'signed-in' },
  'POST /api/auth/unlink-account': {
    rule: 'no-provider',
    request: () => ({ body: { providerId: 'credential' } }),
  },
  'POST /api/auth/refresh-token': {
    rule: 'no-provider',
    request: () => ({ body: { providerId: 'x' } }),
  },
  'POST /api/auth/get-access-token': {
    rule: 'no-provider',
    request: () => ({ body: { providerId: 'x' } }),
  },
  'GET /api/auth/account-info': { rule: 'no-provider' },
  'POST /api/auth/two-factor/get-totp-uri': {
    rule: 'signed-in',
    request: () => ({ body: password }),
  },
  'POST /api/auth/two-factor/enable': { rule: 'signed-in', request: () => ({ body: password }) },
  'POST /api/auth/two-factor/disable': { rule: 'signed-in', request: () => ({ body: password }) },
  'POST /api/auth/two-factor/generate-backup-codes': {
    rule: 'signed-in',
    request: () => ({ body: password }),
  },
  'POST /api/auth/two-factor/verify-totp': { rule: 'token', request: () => ({ body: code }) },
  'POST /api/auth/two-factor/send-otp': { rule: 'token' },
  'POST /api/auth/two-factor/verify-otp': { rule: 'token', request: () => ({ body: code }) },
  'POST /api/auth/two-factor/verify-backup-code': {
    rule: 'token',
    request: () => ({ body: { code: 'made-up-code' } }),
  },
  'GET /api/auth/ok': { rule: 'public' },
  'GET /api/auth/error': { rule: 'public' },
};
