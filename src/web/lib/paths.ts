export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  confirmEmail: '/confirm-email',
  terms: '/terms',
  privacy: '/privacy',
  dashboard: '/dashboard',
  courses: '/courses',
  course: '/courses/:courseId',
  shop: '/shop',
  buyNow: '/buy-now',
  bookSession: '/book-session',
  sessions: '/sessions',
  session: '/sessions/:id',
  testCheckout: '/checkout/test/:checkoutId',
  testBilling: '/billing/test',
  updateCard: '/billing/update-card',
  settings: '/settings',
  safetyPlan: '/safety-plan',
  profile: '/profile',
  admin: '/admin',
  dbTest: '/db-test',
  enrollmentDebug: '/debug/enrollment',
  unsubscribe: '/unsubscribe',
  confirmReleaseNotice: '/release-notice/confirm',
  notificationUnsubscribe: '/notifications/unsubscribe',
  lesson: '/courses/:courseId/modules/:moduleId/lessons/:lessonId',
} as const;

export function lessonPath({
  courseId,
  moduleId,
  lessonId,
}: {
  courseId: string;
  moduleId: string;
  lessonId: string;
}): string {
  return `/courses/${encodeURIComponent(courseId)}/modules/${encodeURIComponent(moduleId)}/lessons/${encodeURIComponent(lessonId)}`;
}

/** A course's page: its overview, outline, price and free preview. */
export function coursePath(courseId: string): string {
  return `/courses/${encodeURIComponent(courseId)}`;
}

/** Buy links preselect their course on the purchase page. */
export function buyCoursePath(courseId: string): string {
  return `${paths.buyNow}?course=${encodeURIComponent(courseId)}`;
}

/** Where a deleted account lands: the home page, which then says the deletion went through. */
export const accountDeletedPath = `${paths.home}?account=deleted`;
