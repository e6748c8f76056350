import type { QueryClient } from '@tanstack/react-query';
import type { FirstAnswer } from '../lib/signed-in-pages.ts';
import { Suspense, type ComponentType } from 'react';
import {
  matchRoutes,
  useLocation,
  useRoutes,
  type Params,
  type RouteObject,
} from '../lib/router/router.tsx';
import { useIsHydrated } from '../lib/client-value.ts';
import { lazyComponent, type LazyComponent } from '../lib/lazy-component.ts';
import { paths } from '../lib/paths.ts';
import { sessionPath, sessionQueryKey, sessionQueryOptions } from '../lib/session.ts';
import { settingsPath, settingsQueryKey, settingsQueryOptions } from '../lib/theme.ts';
import { RequireAuth } from './require-auth.tsx';
import { NotFoundRoute } from './not-found-route.tsx';
import { PageErrorBoundary } from './page-error-boundary.tsx';

const HomeRoute = lazyComponent(
  async () => (await import('../features/marketing/routes/home-route.tsx')).HomeRoute,
);
const AuthRoute = lazyComponent(
  async () => (await import('../features/auth/routes/auth-route.tsx')).AuthRoute,
);
const ForgotPasswordRoute = lazyComponent(
  async () =>
    (await import('../features/auth/routes/forgot-password-route.tsx')).ForgotPasswordRoute,
);
const ResetPasswordRoute = lazyComponent(
  async () => (await import('../features/auth/routes/reset-password-route.tsx')).ResetPasswordRoute,
);
const ConfirmEmailRoute = lazyComponent(
  async () => (await import('../features/auth/routes/confirm-email-route.tsx')).ConfirmEmailRoute,
);
const LegalPageRoute = lazyComponent(
  async () => (await import('../features/legal/routes/legal-page-route.tsx')).LegalPageRoute,
);
const SiteLayout = lazyComponent(async () => (await import('./site-layout.tsx')).SiteLayout);
const CatalogueRoute = lazyComponent(
  async () => (await import('../features/catalogue/routes/catalogue-route.tsx')).CatalogueRoute,
);
const CourseRoute = lazyComponent(
  async () => (await import('../features/catalogue/routes/course-route.tsx')).CourseRoute,
);
const PurchasePage = lazyComponent(async () => {
  const [{ PurchaseRoute }, { ConfirmEmailNotice }] = await Promise.all([
    import('../features/purchase/routes/purchase-route.tsx'),
    import('../features/auth/components/confirm-email-notice.tsx'),
  ]);
  return () => <PurchaseRoute notice={<ConfirmEmailNotice />} />;
});
const TestCheckoutRoute = lazyComponent(
  async () =>
    (await import('../features/purchase/routes/test-checkout-route.tsx')).TestCheckoutRoute,
);
const TestBillingRoute = lazyComponent(
  async () => (await import('../features/purchase/routes/test-billing-route.tsx')).TestBillingRoute,
);
const UpdateCardRoute = lazyComponent(
  async () => (await import('../features/dashboard/routes/update-card-route.tsx')).UpdateCardRoute,
);
const UnsubscribeRoute = lazyComponent(
  async () => (await import('../features/marketing/routes/unsubscribe-route.tsx')).UnsubscribeRoute,
);
const ConfirmReleaseNoticeRoute = lazyComponent(
  async () =>
    (await import('../features/catalogue/routes/confirm-release-notice-route.tsx'))
      .ConfirmReleaseNoticeRoute,
);
const SafetyPlanRoute = lazyComponent(
  async () => (await import('../features/companion/routes/safety-plan-route.tsx')).SafetyPlanRoute,
);
const NotificationUnsubscribeRoute = lazyComponent(
  async () =>
    (await import('../features/account/routes/notification-unsubscribe-route.tsx'))
      .NotificationUnsubscribeRoute,
);
const ProfileRoute = lazyComponent(
  async () => (await import('../features/account/routes/profile-route.tsx')).ProfileRoute,
);
const SettingsRoute = lazyComponent(
  async () => (await import('../features/account/routes/settings-route.tsx')).SettingsRoute,
);

const DashboardPage = lazyComponent(async () => {
  const [
    { DashboardRoute },
    { BetaAccessManager },
    { BetaUpgradeNotice },
    { ConfirmEmailNotice },
    { UpcomingSessionsCard },
  ] = await Promise.all([
    import('../features/dashboard/routes/dashboard-route.tsx'),
    import('../features/beta/components/beta-access-manager.tsx'),
    import('../features/beta/components/beta-upgrade-notice.tsx'),
    import('../features/auth/components/confirm-email-notice.tsx'),
    import('../features/sessions/components/upcoming-sessions-card.tsx'),
  ]);
  const notices = (
    <>
      <ConfirmEmailNotice />
      <BetaUpgradeNotice />
    </>
  );
  return () => (
    <DashboardRoute
      betaManager={<BetaAccessManager />}
      notices={notices}
      upcomingSessions={<UpcomingSessionsCard />}
    />
  );
});

const BookSessionRoute = lazyComponent(
  async () => (await import('../features/sessions/routes/book-session-route.tsx')).BookSessionRoute,
);
const SessionsRoute = lazyComponent(
  async () => (await import('../features/sessions/routes/sessions-route.tsx')).SessionsRoute,
);
const SessionRoute = lazyComponent(
  async () => (await import('../features/sessions/routes/session-route.tsx')).SessionRoute,
);

const LessonPage = lazyComponent(async () => {
  const [
    { LessonRoute },
    { LessonLoading },
    { CompanionPanel },
    { ReflectionSuggestion },
    { SafetyHelpCard, GetHelpNow },
    { PreviewLessonRoute },
    { PaymentIssueBanner },
  ] = await Promise.all([
    import('../features/learning/routes/lesson-route.tsx'),
    import('../features/learning/components/lesson-states.tsx'),
    import('../features/companion/components/companion-panel.tsx'),
    import('../features/companion/components/reflection-suggestion.tsx'),
    import('../features/companion/components/safety-help.tsx'),
    import('../features/learning/routes/preview-lesson-route.tsx'),
    import('../features/dashboard/components/payment-issue-banner.tsx'),
  ]);
  const companion = {
    Panel: CompanionPanel,
    ReflectionAssist: ReflectionSuggestion,
    SafetyHelp: SafetyHelpCard,
    GetHelpNow,
  };
  return () => (
    <RequireAuth
      pending={<LessonLoading text="Loading your sacred journey..." />}
      signedOut={<PreviewLessonRoute />}
    >
      <LessonRoute companion={companion} notice={<PaymentIssueBanner />} />
    </RequireAuth>
  );
});

/** An admin page, behind the server-checked admin role. */
function adminPage(load: () => Promise<ComponentType>) {
  return lazyComponent(async () => {
    const [Page, { RequireAdmin }] = await Promise.all([
      load(),
      import('../features/admin/components/require-admin.tsx'),
    ]);
    return () => (
      <RequireAdmin>
        <Page />
      </RequireAdmin>
    );
  });
}

const AdminPage = adminPage(async () => {
  const [
    { AdminRoute },
    { BetaAdminPanel },
    { AdminSessionsTab },
    { ContentTab },
    { LessonContent },
  ] = await Promise.all([
    import('../features/admin/routes/admin-route.tsx'),
    import('../features/beta/components/beta-admin-panel.tsx'),
    import('../features/sessions/components/admin-sessions-tab.tsx'),
    import('../features/content-editor/components/content-tab.tsx'),
    import('../features/learning/components/lesson-content.tsx'),
  ]);
  const betaTab = {
    value: 'beta',
    label: 'Beta Programme',
    content: (
      <section aria-label="Beta Programme" className="rounded-xl bg-white p-5 shadow-sm">
        <BetaAdminPanel />
      </section>
    ),
  };
  const sessionsTab = { value: 'sessions', label: 'Sessions', content: <AdminSessionsTab /> };
  // The editor previews a lesson in the very component learners read it in.
  const contentTab = {
    value: 'content',
    label: 'Content',
    content: <ContentTab Body={LessonContent} />,
  };
  return () => <AdminRoute extraTabs={[contentTab, betaTab, sessionsTab]} />;
});
const DbTestPage = adminPage(
  async () => (await import('../features/admin/routes/db-test-route.tsx')).DbTestRoute,
);
const EnrollmentDebugPage = adminPage(
  async () =>
    (await import('../features/admin/routes/enrollment-debug-route.tsx')).EnrollmentDebugRoute,
);

/** One table of every route; the public pages arrive rendered (scripts/prerender.ts). */
const routes: RouteObject[] = [
  { path: paths.home, element: <HomeRoute /> },
  { path: paths.login, element: <AuthRoute key="login" mode="login" /> },
  { path: paths.register, element: <AuthRoute key="register" mode="register" /> },
  { path: paths.forgotPassword, element: <ForgotPasswordRoute /> },
  { path: paths.resetPassword, element: <ResetPasswordRoute /> },
  { path: paths.confirmEmail, element: <ConfirmEmailRoute /> },
  { path: paths.terms, element: <LegalPageRoute key="terms" page="terms" /> },
  { path: paths.privacy, element: <LegalPageRoute key="privacy" page="privacy" /> },
  { path: paths.dashboard, element: signedIn(DashboardPage) },
  { path: paths.profile, element: signedIn(ProfileRoute) },
  { path: paths.settings, element: signedIn(SettingsRoute) },
  { path: paths.safetyPlan, element: signedIn(SafetyPlanRoute) },
  { path: paths.testCheckout, element: signedIn(TestCheckoutRoute) },
  { path: paths.testBilling, element: signedIn(TestBillingRoute) },
  { path: paths.updateCard, element: signedIn(UpdateCardRoute) },
  { path: paths.lesson, element: <LessonPage /> },
  { path: paths.admin, element: <AdminPage /> },
  { path: paths.dbTest, element: <DbTestPage /> },
  { path: paths.enrollmentDebug, element: <EnrollmentDebugPage /> },
  { path: paths.unsubscribe, element: <UnsubscribeRoute /> },
  { path: paths.confirmReleaseNotice, element: <ConfirmReleaseNoticeRoute /> },
  { path: paths.notificationUnsubscribe, element: <NotificationUnsubscribeRoute /> },
  // Last: the routes are matched in order, and the layout's '*' answers every unknown address.
  {
    element: <SiteLayout />,
    children: [
      { path: paths.courses, element: <CatalogueRoute /> },
      { path: paths.course, element: <CourseRoute /> },
      { path: paths.shop, element: <PurchasePage /> },
      { path: paths.buyNow, element: <PurchasePage /> },
      { path: paths.bookSession, element: signedIn(BookSessionRoute) },
      { path: paths.sessions, element: signedIn(SessionsRoute) },
      { path: paths.session, element: signedIn(SessionRoute) },
      // An unknown address keeps the site's header and footer: a way back besides "Return home".
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

/**
 * Navigations run in a transition: the page on screen stays until the next one has loaded. No
 * Suspense boundary wraps the pages: React hydrates a boundary's HTML in a later pass, after the
 * shell's queries may have fetched, and the page would no longer match its HTML.
 *
 * Until React has taken over a rendered page, its buttons and fields are disabled: a click or a
 * keystroke would otherwise be lost, and a form sent by the browser itself would put a password
 * in the address. Links work from the start.
 */
export function AppRoutes() {
  const isHydrated = useIsHydrated();
  const { pathname } = useLocation();
  return (
    <fieldset disabled={!isHydrated} role="presentation" className="contents">
      <PageErrorBoundary key={pathname}>{useRoutes(routes)}</PageErrorBoundary>
    </fieldset>
  );
}

/**
 * What a signed-in page shows first, asked for at boot beside the session and the page's code
 * rather than after them (decision 044): each is a round trip the page would otherwise wait for.
 * Their query options come in a chunk of their own, which the page's code shares: `/` loads none.
 */
const signedInPages = () => import('../lib/signed-in-pages.ts');
const firstRequests: Partial<Record<string, (client: QueryClient, params: Params) => unknown>> = {
  [paths.dashboard]: async (client) =>
    client.prefetchQuery((await signedInPages()).dashboardQueryOptions),
  [paths.lesson]: async (client, { courseId = '', moduleId = '', lessonId = '' }) =>
    client.prefetchQuery(
      (await signedInPages()).lessonPageQueryOptions({ courseId, moduleId, lessonId }),
    ),
};

const firstAnswers: Partial<Record<string, (params: Params) => Promise<FirstAnswer>>> = {
  [paths.dashboard]: async () => (await signedInPages()).dashboardAnswer,
  [paths.lesson]: async ({ courseId = '', moduleId = '', lessonId = '' }) =>
    (await signedInPages()).lessonPageAnswer({ courseId, moduleId, lessonId }),
};

/**
 * The data the server renders the signed-in page at `pathname` with (prerender.tsx): who is
 * signed in, their settings and the page's own data, each with the query it answers. Null for a
 * page left to the browser.
 */
export async function signedInPageAnswers(pathname: string): Promise<FirstAnswer[] | null> {
  const page = (matchRoutes(routes, pathname) ?? []).at(-1);
  const pageAnswer = page?.route.path ? firstAnswers[page.route.path] : undefined;
  if (!page || !pageAnswer) return null;
  return [
    { queryKey: sessionQueryKey, path: sessionPath },
    { queryKey: settingsQueryKey, path: settingsPath },
    await pageAnswer(page.params),
  ];
}

/**
 * Starts at once what the page at `pathname` needs: its code, and for a signed-in page the
 * session, the account's settings and the page's own data, all in parallel. Resolves once the
 * code is here.
 */
export async function startPage(client: QueryClient, pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  const page = matches.at(-1);
  const requestData = page?.route.path ? firstRequests[page.route.path] : undefined;
  if (page && requestData) {
    void client.prefetchQuery(sessionQueryOptions);
    void client.prefetchQuery(settingsQueryOptions);
    void requestData(client, page.params);
  }
  await Promise.all(
    matches.map(({ route }) => {
      const type: unknown = (route.element as { type?: unknown } | undefined)?.type;
      return typeof type === 'function' && 'preload' in type
        ? (type.preload as () => Promise<unknown>)()
        : undefined;
    }),
  );
}

/**
 * A page shown once the session says who is there; its code may load before (`startPage`), and
 * a boundary waits for it when it has not.
 */
function signedIn(Page: LazyComponent) {
  const SignedInPage = Object.assign(
    () => (
      <RequireAuth>
        <Suspense>
          <Page />
        </Suspense>
      </RequireAuth>
    ),
    { preload: Page.preload },
  );
  return <SignedInPage />;
}
