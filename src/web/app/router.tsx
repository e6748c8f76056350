import { createBrowserRouter } from 'react-router';
import { paths } from '../lib/paths.ts';
import { RequireAuth } from './require-auth.tsx';
import { NotFoundRoute } from './not-found-route.tsx';

/** One table of every route; each page's code loads only when it is visited. */
export const router = createBrowserRouter([
  {
    path: paths.home,
    lazy: async () => ({
      Component: (await import('../features/marketing/routes/home-route.tsx')).HomeRoute,
    }),
  },
  {
    path: paths.login,
    lazy: async () => {
      const { AuthRoute } = await import('../features/auth/routes/auth-route.tsx');
      return { Component: () => <AuthRoute mode="login" /> };
    },
  },
  {
    path: paths.register,
    lazy: async () => {
      const { AuthRoute } = await import('../features/auth/routes/auth-route.tsx');
      return { Component: () => <AuthRoute mode="register" /> };
    },
  },
  {
    path: paths.forgotPassword,
    lazy: async () => ({
      Component: (await import('../features/auth/routes/forgot-password-route.tsx'))
        .ForgotPasswordRoute,
    }),
  },
  {
    path: paths.resetPassword,
    lazy: async () => ({
      Component: (await import('../features/auth/routes/reset-password-route.tsx'))
        .ResetPasswordRoute,
    }),
  },
  {
    path: paths.terms,
    lazy: async () => {
      const { LegalPageRoute } = await import('../features/legal/routes/legal-page-route.tsx');
      return { Component: () => <LegalPageRoute page="terms" /> };
    },
  },
  {
    path: paths.privacy,
    lazy: async () => {
      const { LegalPageRoute } = await import('../features/legal/routes/legal-page-route.tsx');
      return { Component: () => <LegalPageRoute page="privacy" /> };
    },
  },
  {
    path: paths.dashboard,
    lazy: async () => {
      const [{ DashboardRoute }, { BetaAccessManager }, { BetaUpgradeNotice }] = await Promise.all([
        import('../features/dashboard/routes/dashboard-route.tsx'),
        import('../features/beta/components/beta-access-manager.tsx'),
        import('../features/beta/components/beta-upgrade-notice.tsx'),
      ]);
      return {
        Component: () => (
          <RequireAuth>
            <DashboardRoute betaManager={<BetaAccessManager />} notices={<BetaUpgradeNotice />} />
          </RequireAuth>
        ),
      };
    },
  },
  {
    path: paths.profile,
    lazy: async () => {
      const { ProfileRoute } = await import('../features/account/routes/profile-route.tsx');
      return {
        Component: () => (
          <RequireAuth>
            <ProfileRoute />
          </RequireAuth>
        ),
      };
    },
  },
  {
    path: paths.settings,
    lazy: async () => {
      const { SettingsRoute } = await import('../features/account/routes/settings-route.tsx');
      return {
        Component: () => (
          <RequireAuth>
            <SettingsRoute />
          </RequireAuth>
        ),
      };
    },
  },
  {
    lazy: async () => ({ Component: (await import('./site-layout.tsx')).SiteLayout }),
    children: [
      {
        path: paths.courses,
        lazy: async () => ({
          Component: (await import('../features/catalogue/routes/catalogue-route.tsx'))
            .CatalogueRoute,
        }),
      },
      ...[paths.shop, paths.buyNow].map((path) => ({
        path,
        lazy: async () => ({
          Component: (await import('../features/purchase/routes/purchase-route.tsx')).PurchaseRoute,
        }),
      })),
    ],
  },
  {
    path: paths.testCheckout,
    lazy: async () => {
      const { TestCheckoutRoute } =
        await import('../features/purchase/routes/test-checkout-route.tsx');
      return {
        Component: () => (
          <RequireAuth>
            <TestCheckoutRoute />
          </RequireAuth>
        ),
      };
    },
  },
  {
    path: paths.testBilling,
    lazy: async () => {
      const { TestBillingRoute } =
        await import('../features/purchase/routes/test-billing-route.tsx');
      return {
        Component: () => (
          <RequireAuth>
            <TestBillingRoute />
          </RequireAuth>
        ),
      };
    },
  },
  {
    path: paths.lesson,
    lazy: async () => {
      const [{ LessonRoute }, { LessonLoading }, { CompanionPanel }, { ReflectionSuggestion }] =
        await Promise.all([
          import('../features/learning/routes/lesson-route.tsx'),
          import('../features/learning/components/lesson-states.tsx'),
          import('../features/companion/components/companion-panel.tsx'),
          import('../features/companion/components/reflection-suggestion.tsx'),
        ]);
      const companion = { Panel: CompanionPanel, ReflectionAssist: ReflectionSuggestion };
      return {
        Component: () => (
          <RequireAuth pending={<LessonLoading text="Loading your sacred journey..." />}>
            <LessonRoute companion={companion} />
          </RequireAuth>
        ),
      };
    },
  },
  {
    path: paths.admin,
    lazy: async () => {
      const [{ AdminRoute }, { RequireAdmin }] = await Promise.all([
        import('../features/admin/routes/admin-route.tsx'),
        import('../features/admin/components/require-admin.tsx'),
      ]);
      return {
        Component: () => (
          <RequireAdmin>
            <AdminRoute />
          </RequireAdmin>
        ),
      };
    },
  },
  {
    path: paths.dbTest,
    lazy: async () => {
      const [{ DbTestRoute }, { RequireAdmin }] = await Promise.all([
        import('../features/admin/routes/db-test-route.tsx'),
        import('../features/admin/components/require-admin.tsx'),
      ]);
      return {
        Component: () => (
          <RequireAdmin>
            <DbTestRoute />
          </RequireAdmin>
        ),
      };
    },
  },
  {
    path: paths.enrollmentDebug,
    lazy: async () => {
      const [{ EnrollmentDebugRoute }, { RequireAdmin }] = await Promise.all([
        import('../features/admin/routes/enrollment-debug-route.tsx'),
        import('../features/admin/components/require-admin.tsx'),
      ]);
      return {
        Component: () => (
          <RequireAdmin>
            <EnrollmentDebugRoute />
          </RequireAdmin>
        ),
      };
    },
  },
  {
    path: paths.unsubscribe,
    lazy: async () => ({
      Component: (await import('../features/marketing/routes/unsubscribe-route.tsx'))
        .UnsubscribeRoute,
    }),
  },
  { path: '*', Component: NotFoundRoute },
]);
