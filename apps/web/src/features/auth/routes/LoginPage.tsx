import { localizeMessage, useTranslation } from '../../../lib/i18n/i18n.ts';
import { useEffect, useState } from 'react';
import { Link as RouterLink, Navigate, useLocation } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { enqueueSnackbar } from '../../../lib/toast.ts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { accountErrorMessage } from '../messages.ts';
import { ApiRequestError, dismissSessionEnded, sessionEndedByServer } from '../../../lib/api-client.ts';
import { setSession, useSession } from '../../../lib/session.ts';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { fieldProps } from '../../../components/form.ts';
import { applyProfileLanguage } from '../../../lib/i18n/profile-language.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { LoadingState } from '../../../components/LoadingState.tsx';
import { useLogin } from '../api/login.ts';
import { useSessionCheck } from '../api/session-check.ts';
import { loginFormSchema, type LoginFormInput, type LoginFormValues } from '../schemas.ts';
import { postLoginPath, type LoginRedirectState } from '../redirect.ts';
import { AuthCard } from './AuthCard.tsx';
import { AuthSubmitButton } from './AuthFormParts.tsx';

/**
 * /user/login (docs/product.md#sign-in-and-accounts, docs/product.md#states-and-transitions): sign in, then go back to the requested page or
 * the role's home. A visitor holding a session goes on once the server confirms it still holds.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.signIn'));
  const session = useSession();
  const location = useLocation();
  const from = (location.state as LoginRedirectState | null)?.from;
  const login = useLogin();
  // A session stored before this visit may have ended elsewhere: checked once before moving on.
  const [signedInHere, setSignedInHere] = useState(false);
  const check = useSessionCheck(session?.userKeys.publicKey, !signedInHere);
  // The server ended the last session (docs/product.md#sign-in-and-accounts): said once, here.
  const [ended, setEnded] = useState(sessionEndedByServer);
  useEffect(() => {
    if (session || !sessionEndedByServer()) return;
    dismissSessionEnded();
    setEnded(true);
  }, [session]);
  // After a 429 the server e-mails a one-time code: the password is accepted with it.
  const [askCode, setAskCode] = useState(false);
  const { register, handleSubmit, formState } = useForm<LoginFormInput, unknown, LoginFormValues>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '', code: '' },
  });

  // Once a session exists (right after a successful login, or on a visit while signed in and the
  // server still knows the session) leave.
  if (session) {
    if (!signedInHere && check.isPending) return <LoadingState />;
    return <Navigate to={postLoginPath(session.userDetails.roles, from)} replace />;
  }

  const onSubmit = handleSubmit((v) =>
    login.mutateAsync(v).then(
      (s) => {
        setSignedInHere(true);
        setSession(s);
        // The language kept in the profile follows the user to this browser.
        void applyProfileLanguage();
        enqueueSnackbar(t('messages.loggedIn'), { variant: 'success' });
      },
      (err: unknown) => {
        if (err instanceof ApiRequestError && err.status === 429) setAskCode(true);
        enqueueSnackbar(localizeMessage(accountErrorMessage(err, t('messages.invalidCredentials'))), { variant: 'error' });
      },
    ),
  );
  const busy = login.isPending;

  return (
    <AuthCard title={t('auth.signInTitle')} subtitle={from ? t('auth.signInToContinue') : t('auth.signInSubtitle')}>
      {ended && (
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {t('auth.sessionEndedNote')}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('auth.signIn')}>
        <TextField
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          autoFocus
          {...fieldProps(register('email'))}
          error={!!formState.errors.email}
          helperText={localizeMessage(formState.errors.email?.message)}
        />
        <PasswordField
          label={t('auth.password')}
          autoComplete="current-password"
          {...fieldProps(register('password'))}
          error={!!formState.errors.password}
          helperText={localizeMessage(formState.errors.password?.message)}
        />
        {askCode && (
          <TextField
            label={t('auth.signInCode')}
            autoComplete="one-time-code"
            {...fieldProps(register('code'))}
            helperText={t('auth.signInCodeHint')}
          />
        )}
        <Box sx={{ textAlign: 'right', mt: 0.5 }}>
          <Link component={RouterLink} to="/user/forgot-password" variant="body2">
            {t('auth.forgotPasswordLink')}
          </Link>
        </Box>
        <AuthSubmitButton busy={busy} busyText={t('auth.signingIn')}>
          {t('auth.signIn')}
        </AuthSubmitButton>
      </Box>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        {t('auth.newToUlca')}{' '}
        <Link component={RouterLink} to="/user/register" underline="always">
          {t('auth.createAccount')}
        </Link>
      </Typography>
    </AuthCard>
  );
}
