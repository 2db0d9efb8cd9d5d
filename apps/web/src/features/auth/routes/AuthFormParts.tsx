import { useTranslation } from '../../../lib/i18n/i18n.ts';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
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

/** The closing line of an auth card: `text` and the link `linkText` to `to` (e.g. 'Remembered it? Back to sign in'). */
export function AuthFooterLink({ text, linkText, to }: { text: string; linkText: string; to: string }) {
  return (
    <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
      {text}{' '}
      <Link component={RouterLink} underline="always" to={to}>
        {linkText}
      </Link>
    </Typography>
  );
}

/**
 * The outcome of a screen that then returns to sign-in by itself (activation, an unusable reset link):
 * an alert (`severity`, `title`, `children`), `note` saying where the user is taken, and the button `button` to sign in now.
 */
export function SignInOutcome({
  severity,
  title,
  note,
  button,
  children,
}: {
  severity: 'success' | 'info' | 'error';
  title: string;
  note: string;
  button: string;
  children: ReactNode;
}) {
  return (
    <>
      <Alert severity={severity} sx={{ my: 2 }}>
        <AlertTitle>{title}</AlertTitle>
        {children}
      </Alert>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} role="status">
        {note}
      </Typography>
      <Button component={RouterLink} to="/user/login" variant="contained" fullWidth>
        {button}
      </Button>
    </>
  );
}
