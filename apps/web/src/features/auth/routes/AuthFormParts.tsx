import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/**
 * The full-width submit button of the auth screens: disabled with a spinner and `busyText` while
 * the call runs (docs/product.md#states-and-transitions: submitting), and also whenever `disabled` (e.g. after success).
 */
export function AuthSubmitButton({
  busy,
  busyText,
  disabled = false,
  children,
}: {
  busy: boolean;
  busyText: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      disabled={busy || disabled}
      sx={{ mt: 2, minHeight: 44 }}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-label={busyText} /> : undefined}
    >
      {busy ? `${busyText}…` : children}
    </Button>
  );
}

/** The success message of a screen that returns to sign-in by itself (forgot and reset password, docs/product.md#states-and-transitions). */
export function BackToSignInAlert({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Alert severity="success" sx={{ mt: 2 }}>
      {message}
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {t('auth.takenToSignIn')}
      </Typography>
    </Alert>
  );
}
