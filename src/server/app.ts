import path from 'node:path';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { startAfterPaintScript } from '../shared/start-after-paint.ts';
import { themeBootScript } from '../shared/theme-boot.ts';
import type { AccessSources } from './access/access-sources.ts';
import { awaitingReleaseSource } from './payments/awaiting-release.ts';
import { createAuth, type Auth } from './auth/auth.ts';
import { accessRoutes } from './access/access.routes.ts';
import { canRequestOpenCourse } from './access/course-access.ts';
import { accountRoutes } from './account/account.routes.ts';
import { adminAccountControlRoutes } from './admin/admin-account-controls.routes.ts';
import { adminCustomersRoutes } from './admin/admin-customers.routes.ts';
import { adminEnrollmentRoutes } from './admin/admin-enrollments.routes.ts';
import { adminInboxRoutes } from './admin/admin-inbox.routes.ts';
import { adminOutboxRoutes } from './admin/admin-outbox.routes.ts';
import { adminSecondFactorRoutes } from './admin/admin-second-factor.routes.ts';
import { adminOverviewRoutes } from './admin/admin-overview.routes.ts';
import { adminUsersRoutes } from './admin/admin-users.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { pruneAuthRateLimits } from './auth/auth-rate-limits.ts';
import { logFailedSignIns } from './auth/log-failed-sign-ins.ts';
import { pruneExpiredAuthMail } from './auth/prune-expired-auth-mail.ts';
import { createSessionReader } from './auth/read-session-user.ts';
import { betaRoutes } from './beta/beta.routes.ts';
import { betaGrantFactsSource } from './beta/beta-grant-facts.ts';
import { endBetaGrantsForPurchase } from './beta/upgrade-beta-grants.ts';
import { claimBetaByAddress } from './beta/beta-invitations.ts';
import type { CatalogueStore } from './catalogue/catalogue.ts';
import { catalogueRoutes } from './catalogue/catalogue.routes.ts';
import { createCatalogueStore } from './content/catalogue-store.ts';
import { adminContentRoutes } from './content/admin-content.routes.ts';
import { adminPicturesRoutes } from './content/admin-pictures.routes.ts';
import { picturesRoutes } from './content/pictures.routes.ts';
import { publicPageRenderer } from './content/render-public-pages.ts';
import type { Config } from './config.ts';
import { dashboardRoutes } from './dashboard/dashboard.routes.ts';
import type { DatabaseConnection, Database } from './db/client.ts';
import { createFieldCipher, type FieldCipher } from './db/field-cipher.ts';
import { answerSerializerCompiler } from './http/answer-contract.ts';
import { bodyLimits } from './http/body-limits.ts';
import { redirectPagesToAppUrl } from './http/canonical-host.ts';
import { registerErrorHandling } from './http/errors.ts';
import { claimSessionBeforeBody, type SessionReader } from './http/guards.ts';
import { serializeRequest } from './http/log-redaction.ts';
import { prettyLogStream } from './http/pretty-log.ts';
import { keepApiAnswersPrivate } from './http/private-answers.ts';
import { pruneRateLimitHits } from './http/rate-limit.ts';
import { refuseNulText } from './http/refuse-nul-text.ts';
import { refuseUrlFragments } from './http/refuse-url-fragments.ts';
import { refuseCrossSiteWrites } from './http/same-origin.ts';
import { recordRouteTable } from './http/route-table.ts';
import { setSecurityHeaders } from './http/security-headers.ts';
import { PRERENDERED_DIR } from './http/prerendered-pages.ts';
import { serializeError } from './http/serialize-error.ts';
import { healthRoutes } from './health/health.routes.ts';
import { serveMetrics } from './metrics/metrics.routes.ts';
import { serveWebApp } from './http/static-web.ts';
import { listCourseEngagement } from './learning/course-engagement.ts';
import { adminPromptsRoutes } from './companion/admin-prompts.routes.ts';
import { adminSafetyEventsRoutes } from './companion/admin-safety-events.routes.ts';
import { companionRoutes } from './companion/companion.routes.ts';
import { createCompanionContext } from './companion/companion-context.ts';
import {
  checkReflectionSafety,
  handleLessonCompleted,
  handleReflectionSaved,
  reactSafely,
  type ReflectionSafetyCheck,
} from './companion/learning-events.ts';
import { findLearnerWork } from './learning/learner-work.ts';
import { learningRoutes } from './learning/learning.routes.ts';
import {
  countCompletedReflections,
  listLastSafeReflectionMoments,
  listRecentReflections,
} from './learning/reflections.ts';
import { videoRoutes } from './learning/videos.routes.ts';
import { adminMailRoutes } from './mail/admin-mail.routes.ts';
import { countUsers } from './users/find-users.ts';
import { countOutboxByStatus, pruneMailOutbox } from './mail/outbox.ts';
import { createMailer, type Mailer } from './mail/send-mail.ts';
import { createJobQueue, type JobQueue } from './jobs/job-queue.ts';
import { adminJobsRoutes } from './jobs/admin-jobs.routes.ts';
import { adminTestClockRoutes } from './jobs/admin-test-clock.routes.ts';
import { pruneHourly } from './jobs/prune-hourly.ts';
import { pruneUnusedPictures } from './content/course-pictures.ts';
import { createClock, type Clock } from './jobs/clock.ts';
import { readBackupStatus, scheduleBackups } from './backup/scheduled-backups.ts';
import { encryptedColumns } from './keys/encrypted-columns.ts';
import { releaseDueCourses } from './content/release-due-courses.ts';
import { sendReleaseNotices } from './catalogue/release-notices.ts';
import { openReleasedCourses } from './payments/open-released-courses.ts';
import { collectDueTestInstalments } from './payments/payment-plans.ts';
import { sendAccessEndingNotices } from './payments/access-ending-notices.ts';
import { sendDueReminders } from './sessions/reminders.ts';
import { sendCourseUpdates } from './lifecycle/course-updates.ts';
import { sendModuleOpeningMail } from './lifecycle/module-opening-mail.ts';
import { sendCourseWelcome } from './lifecycle/course-welcome.ts';
import { sendSilenceNudges } from './lifecycle/silence-nudges.ts';
import { unsubscribeRoutes } from './lifecycle/unsubscribe.routes.ts';
import { adminBroadcastsRoutes } from './lifecycle/admin-broadcasts.routes.ts';
import { sendDueBroadcasts, type NewsletterSource } from './lifecycle/broadcasts.ts';
import { listSubscriberEmails, newsletterEmail } from './marketing/newsletter.ts';
import { listCompanionWordsMoments } from './companion/last-words.ts';
import { sendDueCreatorCopies } from './sessions/creator-copies.ts';
import { adminAssessmentsRoutes } from './marketing/admin-assessments.routes.ts';
import { adminNewsletterRoutes } from './marketing/admin-newsletter.routes.ts';
import { assessmentsRoutes } from './marketing/assessments.routes.ts';
import { contactMessagesRoutes } from './marketing/contact-messages.routes.ts';
import { legalPagesRoutes } from './marketing/legal-pages.routes.ts';
import { newsletterRoutes } from './marketing/newsletter.routes.ts';
import { createPaymentsContext, type PaymentsOptions } from './payments/payments-context.ts';
import { paymentsRoutes } from './payments/payments.routes.ts';
import { createProductCheckout, refundCheckout } from './payments/product-checkout.ts';
import { grantRefundRequest } from './payments/refund-requests.ts';
import { restDuringMaintenance } from './settings/maintenance.ts';
import { createSettingsStore, type SettingsStore } from './settings/settings-store.ts';
import { adminSettingsRoutes } from './settings/admin-settings.routes.ts';
import { settingsRoutes } from './settings/settings.routes.ts';
import { declineDueTestInstalments, pauseLapsedGraces } from './payments/payment-grace.ts';
import { listSubscriptionFacts } from './payments/subscriptions.ts';
import {
  cancelRefundedBooking,
  confirmPaidBooking,
  releaseHoldOfCheckout,
} from './sessions/paid-bookings.ts';
import type { SessionsContext } from './sessions/sessions-context.ts';
import { adminSessionsRoutes } from './sessions/admin-sessions.routes.ts';
import { sessionsRoutes } from './sessions/sessions.routes.ts';
import { createVideoLibrary, type VideoLibrary } from './video/vimeo.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    auth: Auth;
    /** The published programme, read per request; a publish on any process reloads it. */
    catalogue: CatalogueStore;
    mailer: Mailer;
    /** The durable queue every process works: mail, the clock's ticks, prunes. */
    jobs: JobQueue;
    /** Time-driven work on the queue, each minute; tests tick it at a moved time. */
    clock: Clock;
    videos: VideoLibrary;
    sessions: SessionReader;
    accessSources: AccessSources;
    /** Encrypts the learners' reflections at rest; built once, for every read and write. */
    reflectionCipher: FieldCipher;
    settings: SettingsStore;
  }
}

export async function buildApp(
  config: Config,
  database: DatabaseConnection,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      serializers: { req: serializeRequest, err: serializeError },
      ...(config.logFormat === 'pretty' ? { stream: prettyLogStream() } : {}),
    },
    bodyLimit: bodyLimits.form,
    trustProxy: fastifyProxyTrust(config.trustProxy),
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);
  registerErrorHandling(app);
  // The hooks every request runs take a callback, not a promise: Better Auth's AsyncLocalStorage
  // makes every promise the process creates dearer.
  refuseUrlFragments(app);
  redirectPagesToAppUrl(app, config.appUrl);
  refuseCrossSiteWrites(app, config.appUrl);
  keepApiAnswersPrivate(app);
  refuseNulText(app);
  recordRouteTable(app);
  serveMetrics(app, { readBackupStatus, countOutboxByStatus });
  claimSessionBeforeBody(app);
  logFailedSignIns(app);

  const jobs = createJobQueue(database.pool, app.log, config.jobs);
  app.decorate('jobs', jobs);
  app.decorate('clock', createClock(app));
  pruneHourly(app, [
    pruneRateLimitHits,
    pruneAuthRateLimits,
    pruneMailOutbox,
    (db) => pruneExpiredAuthMail(app.auth, db),
    pruneUnusedPictures,
  ]);
  const mailer = createMailer(config.mail, database.db, app.log, jobs);
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate(
    'reflectionCipher',
    createFieldCipher(config.reflectionKey, config.reflectionPreviousKeys),
  );
  app.decorate('mailer', mailer);
  const cataloguePages = { root: path.join(config.webDir, PRERENDERED_DIR) };
  const catalogue = await createCatalogueStore({
    db: database.db,
    pool: database.pool,
    log: app.log,
    contentDir: config.contentDir,
    onReload: publicPageRenderer(config, cataloguePages, app.log),
  });
  app.decorate('catalogue', catalogue.store);
  app.addHook('onClose', catalogue.close);
  app.decorate(
    'auth',
    createAuth(config, database.db, mailer, app.log, {
      // An invitation by email is claimed when its address is confirmed, or signs in confirmed.
      onSignedIn: (userId) => claimBetaByAddress(app, userId),
      onEmailConfirmed: (userId) => claimBetaByAddress(app, userId),
      mayOpenAccount: async () => (await countUsers(database.db)) < app.settings.current().maxUsers,
    }),
  );
  app.decorate('videos', createVideoLibrary(config.vimeo, app.log));
  app.decorateRequest('user', null as never);
  // What one feature supplies to another, wired here so that neither imports the other.
  app.decorate('sessions', await createSessionReader(app.auth));
  app.decorateRequest('sessionClaim', null);
  app.decorate('accessSources', {
    subscriptions: listSubscriptionFacts,
    betaGrants: betaGrantFactsSource(app.catalogue),
    awaitingRelease: awaitingReleaseSource(config.paymentMode),
  } satisfies AccessSources);
  app.addHook('onClose', async () => mailer.close());
  const settings = await createSettingsStore(database.db, database.pool, app.log);
  app.decorate('settings', settings);
  app.addHook('onClose', async () => settings.close());

  // Brotli at a middling quality: close to the best ratio at a fraction of the CPU.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await setSecurityHeaders(app, { contentSecurityPolicy: { directives: contentSecurityPolicy } });
  restDuringMaintenance(app, config.contactEmail);

  await app.register(healthRoutes);

  const companion = await createCompanionContext({
    config,
    db: database.db,
    pool: database.pool,
    catalogue: app.catalogue,
    log: app.log,
    listRecentReflections: (userId, options) =>
      listRecentReflections(database.db, app.reflectionCipher, userId, options),
    countCompletedReflections: (userId, courseId) =>
      countCompletedReflections(database.db, userId, courseId),
    sendMail: async (message) => {
      await mailer.send(message);
    },
    isAiGuidanceOn: () => app.settings.current().features.aiGuidance,
  });

  // Features, one line each.
  await app.register(authRoutes, { auth: app.auth });
  await app.register(legalPagesRoutes);
  await app.register(assessmentsRoutes);
  await app.register(contactMessagesRoutes);
  await app.register(newsletterRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(adminAssessmentsRoutes);
  await app.register(adminNewsletterRoutes);
  await app.register(catalogueRoutes, { canOpenCourse: canRequestOpenCourse });
  await app.register(accessRoutes);
  const paymentHooks: PaymentsOptions = {
    // A paid upgrade ends the beta grants of the courses bought.
    // and the learner is welcomed into the courses.
    onCoursesPurchased: async (purchase) => {
      await endBetaGrantsForPurchase(app, purchase);
      await sendCourseWelcome(app, purchase);
    },
    // A one-to-one session is held while its checkout is open, booked once paid, cancelled
    // when refunded.
    onCheckoutPaid: (checkout) => confirmPaidBooking(sessions, checkout),
    onCheckoutEnded: (checkoutId) => releaseHoldOfCheckout(app, checkoutId),
    onPurchaseRefunded: (checkoutId) => cancelRefundedBooking(app, checkoutId),
  };
  const payments = createPaymentsContext(app, paymentHooks);
  const sessions: SessionsContext = {
    app,
    startCheckout: (user, input) => createProductCheckout(payments, user, input),
    refundCheckout: (checkoutId) => refundCheckout(payments, checkoutId),
  };
  await app.register(paymentsRoutes, paymentHooks);
  // What comes due with time, in this order: a release date opens its course, which opens it to
  // those who bought it ahead and tells those who asked; a session's reminder.
  app.clock.onTick('release dates', (now) => releaseDueCourses(app, now));
  app.clock.onTick('courses bought before release', (now) => openReleasedCourses(payments, now));
  app.clock.onTick('release notices', (now) => sendReleaseNotices(app, now));
  app.clock.onTick('access ending notices', (now) => sendAccessEndingNotices(app, now));
  app.clock.onTick('payment graces ending', (now) => pauseLapsedGraces(payments, now));
  app.clock.onTick('session reminders', (now) => sendDueReminders(app, now));
  // Payment test mode takes a payment plan's monthly payments itself; Stripe takes its own.
  app.clock.onTick('payment plan instalments', (now) => collectDueTestInstalments(payments, now));
  // ...and a declining test card's payments fail, so the grace can be seen without Stripe.
  app.clock.onTick('payment plan declines', (now) => declineDueTestInstalments(payments, now));
  // The learners' lifecycle mail, each governed by their switches.
  app.clock.onTick('course updates', (now) => sendCourseUpdates(app, now));
  app.clock.onTick('module openings', (now) => sendModuleOpeningMail(app, now));
  // The creator's broadcasts lend the newsletter's list and its unsubscribe link.
  const newsletter: NewsletterSource = {
    listSubscriberEmails: () => listSubscriberEmails(database.db),
    newsletterMail: (message) => newsletterEmail(config, message),
  };
  app.clock.onTick('broadcasts', (now) => sendDueBroadcasts(app, newsletter, now));
  app.clock.onTick('silence nudges', (now) =>
    sendSilenceNudges(app, now, {
      lastWordsAtRisk: (userIds) => lastWordsAtRisk(database.db, userIds),
    }),
  );
  app.clock.onTick("the creator's session copies", () => sendDueCreatorCopies(app));
  scheduleBackups(app, encryptedColumns);
  await app.register(sessionsRoutes, { context: sessions });
  await app.register(adminSessionsRoutes, { context: sessions });
  await app.register(videoRoutes);
  await app.register(learningRoutes, {
    checkReflectionSafety: (check: ReflectionSafetyCheck) =>
      checkReflectionSafety(companion, check),
    onReflectionSaved: reactSafely(companion, handleReflectionSaved),
    onLessonCompleted: reactSafely(companion, handleLessonCompleted),
  });
  app.addHook('onClose', async () => companion.prompts.close());
  await app.register(companionRoutes, { companion });
  await app.register(adminSafetyEventsRoutes, { companion });
  await app.register(adminPromptsRoutes, { prompts: companion.prompts });
  await app.register(dashboardRoutes);
  await app.register(adminUsersRoutes);
  await app.register(adminEnrollmentRoutes);
  await app.register(adminAccountControlRoutes);
  await app.register(adminCustomersRoutes);
  await app.register(betaRoutes, {
    readEngagement: (userIds) => listCourseEngagement(app, userIds),
  });
  await app.register(adminOverviewRoutes);
  await app.register(adminInboxRoutes, {
    grantRefundRequest: (requestId) => grantRefundRequest(payments, requestId),
  });
  await app.register(adminMailRoutes);
  await app.register(adminJobsRoutes);
  // Only the end-to-end journeys' app, in payment test mode outside production (config.ts).
  if (app.config.testClock) await app.register(adminTestClockRoutes);
  await app.register(adminBroadcastsRoutes, { newsletter });
  await app.register(adminOutboxRoutes);
  await app.register(adminSecondFactorRoutes);
  await app.register(accountRoutes);
  await app.register(settingsRoutes);
  await app.register(adminSettingsRoutes);
  await app.register(adminContentRoutes, {
    // Lessons and prompts learners worked on are retired, never removed, by an edit.
    findLearnerWork: (courseId) => findLearnerWork(database.db, courseId),
  });
  await app.register(adminPicturesRoutes);
  await app.register(picturesRoutes);

  // Started once every feature has defined its jobs; stopped before the database closes.
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());

  await serveWebApp(app, config.webDir, cataloguePages);
  return app;
}

/**
 * The learners whose last words met the companion's safety response: the latest safety event is
 * no older than the latest words they wrote, to the companion or in a reflection, that were not.
 */
async function lastWordsAtRisk(db: Database, userIds: readonly string[]): Promise<Set<string>> {
  const [companion, reflections] = await Promise.all([
    listCompanionWordsMoments(db, userIds),
    listLastSafeReflectionMoments(db, userIds),
  ]);
  const atRisk = new Set<string>();
  for (const [userId, { riskAt, safeAt }] of companion) {
    if (!riskAt) continue;
    const lastSafe = Math.max(safeAt?.getTime() ?? 0, reflections.get(userId)?.getTime() ?? 0);
    if (riskAt.getTime() >= lastSafe) atRisk.add(userId);
  }
  return atRisk;
}

/** A hop count trusts that many proxies in front of the app; a list trusts those addresses. */
function fastifyProxyTrust(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

const inlineScriptHashes = [themeBootScript, startAfterPaintScript].map(
  (script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
);

/**
 * What the pages may load: our own files, the two inline scripts (the theme, and a rendered
 * page's start), Vimeo players in frames and their thumbnails, a lesson's video file and the
 * picture a learner gives as their avatar (any https address). Stripe's Checkout and portal are
 * pages the browser goes to, so none of Stripe's origins is needed here.
 */
const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", ...inlineScriptHashes],
  frameSrc: ['https://player.vimeo.com'],
  // blob: is a lesson's captions track, made in the page from the cues its answer holds.
  mediaSrc: ['https:', 'blob:'],
  imgSrc: ["'self'", 'data:', 'https:'],
  connectSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  fontSrc: ["'self'", 'data:'],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  upgradeInsecureRequests: null,
};
