import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullScreenSpinner } from '../components/FullScreenSpinner.tsx';
import { datasetRoutes } from '../features/datasets/routes.tsx';
import { searchRoutes } from '../features/search/routes.tsx';
import { AppLayout } from './layout/AppLayout.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { RouteError } from './RouteError.tsx';

// Each page is its own chunk (DESIGN.md §7); AppLayout's <Suspense> shows the loading state.
const IntroPage = lazy(() => import('../features/intro/IntroPage.tsx'));
const LegalPage = lazy(() => import('../features/intro/LegalPage.tsx'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage.tsx'));
const DatasetMetricsPage = lazy(() => import('../features/dashboard/routes/DatasetMetricsPage.tsx'));
const LoginPage = lazy(() => import('../features/auth/routes/LoginPage.tsx'));
const SignupPage = lazy(() => import('../features/auth/routes/SignupPage.tsx'));
const ForgotPasswordPage = lazy(() => import('../features/auth/routes/ForgotPasswordPage.tsx'));
const ActivatePage = lazy(() => import('../features/auth/routes/ActivatePage.tsx'));
const ActiveUserPage = lazy(() => import('../features/auth/routes/ActiveUserPage.tsx'));
const ResetPasswordPage = lazy(() => import('../features/auth/routes/ResetPasswordPage.tsx'));
const ProfilePage = lazy(() => import('../features/profile/routes/ProfilePage.tsx'));
const ViewUserDetailsPage = lazy(() => import('../features/admin/routes/ViewUserDetailsPage.tsx'));
const ReadyMadeDatasetsPage = lazy(() => import('../features/readymade/routes/ReadyMadeDatasetsPage.tsx'));

/** Router basename: the app is served under /ulca (spec 01 §2 {base}). */
export const BASENAME = '/ulca';

/**
 * The route tree (spec 01 §2): public pages, the sign-in-only pages under RequireAuth (the dataset
 * routes of features/datasets and /profile), and '*' → the dashboard for any unknown path.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullScreenSpinner />,
    children: [
      {
        // Keeps the header and footer when a page fails.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Navigate to="/dashboard" replace /> },
          { path: 'intro', element: <IntroPage /> },
          { path: 'dashboard', element: <DashboardPage /> },
          { path: 'dataset/reports', element: <DatasetMetricsPage /> },
          { path: 'user/login', element: <LoginPage /> },
          { path: 'user/register', element: <SignupPage /> },
          { path: 'user/forgot-password', element: <ForgotPasswordPage /> },
          { path: 'user/reset-password/:email/:token', element: <ResetPasswordPage /> },
          { path: 'activate/:email/:userId/:time?', element: <ActivatePage /> },
          { path: 'active-user', element: <ActiveUserPage /> },
          { path: 'privacy-policy', element: <LegalPage kind="privacy" /> },
          { path: 'terms-of-use', element: <LegalPage kind="terms" /> },
          {
            element: <RequireAuth />,
            children: [
              ...datasetRoutes,
              ...searchRoutes,
              { path: 'profile', element: <ProfilePage /> },
              { path: 'admin/view-user-details', element: <ViewUserDetailsPage /> },
            ],
          },
          { path: 'dataset/readymade-datasets', element: <ReadyMadeDatasetsPage /> },
          { element: <RequireAuth />, children: [{ path: 'readymade-dataset', element: <ReadyMadeDatasetsPage /> }] },
          { path: '*', element: <DashboardPage /> },
        ],
      },
    ],
  },
];

/** The app's data router (createBrowserRouter with basename /ulca). */
export const router = createBrowserRouter(routes, { basename: BASENAME });
