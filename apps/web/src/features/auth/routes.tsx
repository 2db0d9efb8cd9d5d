import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// Each page is its own chunk (docs/architecture.md#web-app); AppLayout's <Suspense> shows the loading state.
const LoginPage = lazy(() => import('./routes/LoginPage.tsx'));
const SignupPage = lazy(() => import('./routes/SignupPage.tsx'));
const ForgotPasswordPage = lazy(() => import('./routes/ForgotPasswordPage.tsx'));
const ActivatePage = lazy(() => import('./routes/ActivatePage.tsx'));
const ActiveUserPage = lazy(() => import('./routes/ActiveUserPage.tsx'));
const ResetPasswordPage = lazy(() => import('./routes/ResetPasswordPage.tsx'));

/** The public account screens (docs/product.md#sign-in-and-accounts: login, sign-up, password reset, activation), relative to '/ulca'. */
export const authRoutes: RouteObject[] = [
  { path: 'user/login', element: <LoginPage /> },
  { path: 'user/register', element: <SignupPage /> },
  { path: 'user/forgot-password', element: <ForgotPasswordPage /> },
  { path: 'user/reset-password/:email/:token', element: <ResetPasswordPage /> },
  { path: 'activate/:email/:userId/:time?', element: <ActivatePage /> },
  { path: 'active-user', element: <ActiveUserPage /> },
];
