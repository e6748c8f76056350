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
      const { DashboardRoute } = await import('../features/dashboard/routes/dashboard-route.tsx');
      return {
        Component: () => (
          <RequireAuth>
            <DashboardRoute />
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
      const [{ LessonRoute }, { LessonLoading }] = await Promise.all([
        import('../features/learning/routes/lesson-route.tsx'),
        import('../features/learning/components/lesson-states.tsx'),
      ]);
      return {
        Component: () => (
          <RequireAuth pending={<LessonLoading text="Loading your sacred journey..." />}>
            <LessonRoute />
          </RequireAuth>
        ),
      };
    },
  },
  { path: '*', Component: NotFoundRoute },
]);
