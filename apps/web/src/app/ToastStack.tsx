import { useEffect } from 'react';
import { SnackbarProvider, closeSnackbar, enqueueSnackbar } from 'notistack';
import GlobalStyles from '@mui/material/GlobalStyles';
import { toastStackReady } from '../lib/toast.ts';
import { HEADER_HEIGHT_PX } from './theme.ts';

/** Default toast life, in milliseconds (docs/product.md#constants-and-limits); submit-error toasts pass 40000 per call. */
export const TOAST_AUTO_HIDE_MS = 5000;

/** Class of the top-right toast stack: placed below the sticky header, so a toast never covers the account button. */
const TOAST_STACK_CLASS = 'ulca-toast-stack';
const toastStackStyles = {
  [`.${TOAST_STACK_CLASS}`]: { top: `${HEADER_HEIGHT_PX + 8}px !important` },
  // notistack's own green, blue and orange give white text less than WCAG AA's 4.5:1: darker shades (its red passes).
  '.notistack-MuiContent-success': { backgroundColor: '#2e7d32 !important' },
  '.notistack-MuiContent-info': { backgroundColor: '#1565c0 !important' },
  '.notistack-MuiContent-warning': { backgroundColor: '#9a3412 !important' },
};

/**
 * notistack's toast stack (top-right below the header, 5 s, at most 4, no duplicates), a lazy
 * chunk mounted by app/providers.tsx when lib/toast.ts is first asked for a toast. Once mounted it
 * hands notistack's global functions to lib/toast.ts, which shows the queued toasts.
 */
export default function ToastStack() {
  useEffect(() => {
    toastStackReady({ enqueue: enqueueSnackbar, close: closeSnackbar });
    return () => toastStackReady(null);
  }, []);
  return (
    <>
      <GlobalStyles styles={toastStackStyles} />
      <SnackbarProvider
        maxSnack={4}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        classes={{ containerAnchorOriginTopRight: TOAST_STACK_CLASS }}
        autoHideDuration={TOAST_AUTO_HIDE_MS}
        preventDuplicate
      />
    </>
  );
}
