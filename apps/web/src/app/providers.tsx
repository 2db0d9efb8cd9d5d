import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import CssBaseline from '@mui/material/CssBaseline';
import GlobalStyles from '@mui/material/GlobalStyles';
import { ThemeProvider } from '@mui/material/styles';
import { ApiRequestError } from '../lib/api-client.ts';
import { HEADER_HEIGHT_PX, theme } from './theme.ts';

/** Default toast life, in milliseconds (spec 01 §9); submit-error toasts pass 40000 per call. */
export const TOAST_AUTO_HIDE_MS = 5000;

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

/** Class of the top-right toast stack: placed below the sticky header, so a toast never covers the account button. */
const TOAST_STACK_CLASS = 'ulca-toast-stack';
const toastStackStyles = { [`.${TOAST_STACK_CLASS}`]: { top: `${HEADER_HEIGHT_PX + 8}px !important` } };

/** Theme, baseline CSS, TanStack Query and notistack toasts (top-right below the header, 5 s) for the whole app. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <GlobalStyles styles={toastStackStyles} />
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider maxSnack={4} anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
          classes={{ containerAnchorOriginTopRight: TOAST_STACK_CLASS }}
          autoHideDuration={TOAST_AUTO_HIDE_MS}
          preventDuplicate
        >
          {children}
        </SnackbarProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
