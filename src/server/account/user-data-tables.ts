/**
 * How the data export and account deletion cover each table that names a user (by id, email or
 * as an actor). A test compares this map with the database: a new table that names a user fails
 * it until it is added here and handled in export-data.ts and delete-account.ts.
 */
export const userDataTables: Record<string, { exported: string; deleted: string }> = {
  users: { exported: 'account', deleted: 'the account row (deleteUserRecords)' },
  sessions: { exported: 'devices', deleted: 'cascades with the account' },
  accounts: { exported: 'not exported: the password hash', deleted: 'cascades with the account' },
  verifications: {
    exported: 'not exported: pending reset and sign-in challenges',
    deleted: 'rows whose value is the user id (deleteUserRecords)',
  },
  two_factors: {
    exported: 'account.twoFactorEnabled; never the secret',
    deleted: 'cascades with the account',
  },
  profiles: { exported: 'profile', deleted: 'cascades with the account' },
  course_enrollments: { exported: 'enrollments', deleted: 'cascades with the account' },
  announced_module_openings: {
    exported: 'not exported: which module openings were mailed (the outbox keeps the mail)',
    deleted: 'cascades with the account',
  },
  access_events: {
    exported: 'accessEvents',
    deleted: 'cascades with the account; as actor, anonymised (forgetAccessActor)',
  },
  lesson_reflections: { exported: 'reflections, decrypted', deleted: 'cascades with the account' },
  lesson_completions: { exported: 'lessonCompletions', deleted: 'cascades with the account' },
  video_progress: { exported: 'videoProgress', deleted: 'cascades with the account' },
  checkout_sessions: {
    exported: 'purchases',
    deleted: 'paid ones kept without id, name, email (anonymisePurchases); unpaid ones deleted',
  },
  invoices: {
    exported: 'invoices (numbers, dates, totals; each PDF from the Billing tab)',
    deleted:
      'kept for the tax record without the account or the email (anonymisePurchases); name, country, VAT number and the PDF stay as issued',
  },
  subscriptions: { exported: 'subscriptions', deleted: 'cascades with the account' },
  refund_requests: { exported: 'refundRequests', deleted: 'cascades with the account' },
  session_bookings: {
    exported: 'oneToOneSessions',
    deleted: "kept without the learner (set null): the creator's calendar keeps the hour",
  },
  assessments: { exported: 'assessments (by email)', deleted: 'by email (deleteVisitorData)' },
  newsletter_subscriptions: { exported: 'newsletter', deleted: 'by email (deleteVisitorData)' },
  contact_messages: {
    exported: 'contactMessages (by email)',
    deleted: 'by email (deleteVisitorData)',
  },
  reflection_reads: {
    exported: 'adminReads (who read which private text, when)',
    deleted: 'cascades with the account; as reader, anonymised (forgetAdmin: adminReadTraces)',
  },
  companion_safety_events: {
    exported: 'companion.safetyEvents (when and where the safety response was shown; no text)',
    deleted: 'cascades with the account',
  },
  account_events: {
    exported: 'accountEvents (sessions ended, disabled, enabled: by whom, when)',
    deleted:
      'cascades with the account; as actor, anonymised (forgetAdmin: accountEventAdminTraces)',
  },
  beta_codes: { exported: 'not exported: codes an admin made', deleted: 'creator set null' },
  beta_grants: {
    exported: 'betaGrants',
    deleted: 'cascades with the account; as granter, set null',
  },
  beta_invitations: {
    exported: 'betaInvitations (to the address)',
    deleted: 'to the address (deleteBetaOffersTo); as inviter or claimer, set null',
  },
  pending_beta_grants: {
    exported: 'not exported: it waits only while the address is unconfirmed, then is betaGrants',
    deleted:
      'kept when an unconfirmed account goes (meant for whoever confirms the address); else to the address (deleteBetaOffersTo); as granter, set null',
  },
  companion_messages: {
    exported: 'companion.messages, decrypted',
    deleted: 'cascades with the account',
  },
  companion_emotions: {
    exported: 'companion.emotionalStates, decrypted',
    deleted: 'cascades with the account',
  },
  companion_patterns: {
    exported: 'companion.patterns, decrypted',
    deleted: 'cascades with the account',
  },
  companion_settings: { exported: 'companion.settings', deleted: 'cascades with the account' },
  safety_plans: {
    exported: 'companion.safetyPlan, decrypted',
    deleted: 'cascades with the account',
  },
  companion_analyses: {
    exported: 'not exported: a counter of reflections analysed',
    deleted: 'cascades with the account',
  },
  companion_token_usage: {
    exported: 'companion.tokensUsedPerDay',
    deleted: 'cascades with the account',
  },
  release_notices: {
    exported: "releaseNotices (the account's, and by a confirmed address)",
    deleted: 'cascades with the account; by a confirmed address (deleteReleaseNoticesTo)',
  },
  platform_settings: {
    exported: 'not exported: the site settings an admin saved last',
    deleted: 'as the admin who saved last, anonymised (forgetAdmin: settingsAdminTraces)',
  },
  settings_changes: {
    exported: 'not exported: changes an admin made to the site settings',
    deleted: 'as actor, anonymised (forgetAdmin: settingsAdminTraces)',
  },
  course_drafts: {
    exported: 'not exported: course drafts an admin saved',
    deleted: 'as the admin who saved last, anonymised (forgetAdmin: contentAdminTraces)',
  },
  course_versions: {
    exported: 'not exported: courses an admin published',
    deleted: 'as publisher, anonymised (forgetAdmin: contentAdminTraces)',
  },
  content_products: {
    exported: 'not exported: the products an import saved',
    deleted: 'as the admin who saved last, anonymised (forgetAdmin: contentAdminTraces)',
  },
  content_changes: {
    exported: 'not exported: changes an admin made to the programme',
    deleted: 'as actor, anonymised (forgetAdmin: contentAdminTraces)',
  },
  content_pictures: {
    exported: 'not exported: course pictures an admin uploaded',
    deleted:
      'as the admin who uploaded, anonymised (forgetAdmin: contentAdminTraces); the picture stays',
  },
  companion_system_prompts: {
    exported: "not exported: the companion's prompts an admin saved last",
    deleted: 'as the admin who saved last, anonymised (forgetAdmin: promptAdminTraces)',
  },
  companion_prompt_changes: {
    exported: "not exported: changes an admin made to the companion's prompts",
    deleted: 'as actor, anonymised (forgetAdmin: promptAdminTraces)',
  },
  mail_outbox: {
    exported: 'not exported: copies of mail we sent',
    deleted: 'mail to or naming a confirmed address (deleteOutboxMailAbout)',
  },
};
