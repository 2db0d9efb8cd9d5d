import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { ApiRequestError } from '../lib/api-client.ts';
import { currentLocale, useTranslation } from '../lib/i18n/i18n.ts';
import { registerToastHost } from '../lib/toast.ts';
import { FeatureSlotsProvider } from './feature-slots.tsx';
import { muiLocaleOptions } from './mui-locale.ts';
import { theme } from './theme.ts';

// notistack and its stack load with the first toast (lib/toast.ts), not with the app.
const ToastStack = lazy(() => import('./ToastStack.tsx'));

/**
 * The app's shared QueryClient: no refetch on window focus, and a single retry only for network
 * or 5xx failures (a 4xx will not change by asking again).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      retry: (count, err) => count < 1 && !(err instanceof ApiRequestError && err.status >= 400 && err.status < 500),
    },
    mutations: { retry: false },
  },
});

/** Mounts the toast stack (app/ToastStack.tsx, notistack) when lib/toast.ts is first asked for a toast. */
function LazyToasts() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => registerToastHost(() => setWanted(true)), []);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastStack />
    </Suspense>
  ) : null;
}

/** How a prerender answers MUI's useMediaQuery (no window): true when `query` matches its screen. */
export type SsrMatchMedia = (query: string) => { matches: boolean };

/**
 * Theme, baseline CSS, TanStack Query, the cross-feature slots (app/feature-slots.tsx) and the
 * toasts (top-right below the header, 5 s; loaded on first use) for the whole app. `ssrMatchMedia`
 * is given only by the prerender (src/prerender.tsx), for the screen it renders for.
 */
export function Providers({ children, ssrMatchMedia }: { children: ReactNode; ssrMatchMedia?: SsrMatchMedia }) {
  const { t, lang } = useTranslation();
  // MUI's own texts (pagination, DataGrid menus…) follow the interface language (app/mui-locale.ts).
  const localized = useMemo(() => {
    const base = lang === 'en' ? theme : createTheme(theme, muiLocaleOptions(t, currentLocale()));
    return ssrMatchMedia ? createTheme(base, { components: { MuiUseMediaQuery: { defaultProps: { ssrMatchMedia } } } }) : base;
  }, [t, lang, ssrMatchMedia]);
  return (
    <ThemeProvider theme={localized}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <FeatureSlotsProvider>{children}</FeatureSlotsProvider>
        <LazyToasts />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
