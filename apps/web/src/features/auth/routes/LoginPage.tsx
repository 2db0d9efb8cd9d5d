import { useState } from 'react';
import { Link as RouterLink, Navigate, useLocation } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { enqueueSnackbar } from '../../../lib/toast.ts';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { accountErrorMessage } from '../messages.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { setSession, useSession } from '../../../lib/session.ts';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { fieldProps } from '../../../components/form.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { useLogin } from '../api/login.ts';
import { loginFormSchema, type LoginFormInput, type LoginFormValues } from '../schemas.ts';
import { postLoginPath, type LoginRedirectState } from '../redirect.ts';
import { AuthCard } from './AuthCard.tsx';
import { AuthSubmitButton } from './AuthFormParts.tsx';

/** /user/login (spec 01 §2, §4): sign in, then go back to the requested page or the role's home. */
export default function LoginPage() {
  usePageTitle('Sign in');
  const session = useSession();
  const location = useLocation();
  const from = (location.state as LoginRedirectState | null)?.from;
  const login = useLogin();
  // After a 429 the server e-mails a one-time code: the password is accepted with it.
  const [askCode, setAskCode] = useState(false);
  const { register, handleSubmit, formState } = useForm<LoginFormInput, unknown, LoginFormValues>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '', code: '' },
  });

  // Once a session exists (right after a successful login, or on a visit while signed in) leave.
  if (session) return <Navigate to={postLoginPath(session.userDetails.roles, from)} replace />;

  const onSubmit = handleSubmit((v) =>
    login.mutateAsync(v).then(
      (s) => {
        setSession(s);
        enqueueSnackbar('Logged in successfully', { variant: 'success' });
      },
      (err: unknown) => {
        if (err instanceof ApiRequestError && err.status === 429) setAskCode(true);
        enqueueSnackbar(accountErrorMessage(err, 'Invalid email / password'), { variant: 'error' });
      },
    ),
  );
  const busy = login.isPending;

  return (
    <AuthCard title="Sign in to ULCA" subtitle={from ? 'Please sign in to continue.' : 'Contribute and discover Indian-language datasets and models.'}>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Sign in">
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          autoFocus
          {...fieldProps(register('email'))}
          error={!!formState.errors.email}
          helperText={formState.errors.email?.message}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          {...fieldProps(register('password'))}
          error={!!formState.errors.password}
          helperText={formState.errors.password?.message}
        />
        {askCode && (
          <TextField
            label="Sign-in code from your e-mail"
            autoComplete="one-time-code"
            {...fieldProps(register('code'))}
            helperText="Too many failed attempts: enter the code we e-mailed to you with your password."
          />
        )}
        <Box sx={{ textAlign: 'right', mt: 0.5 }}>
          <Link component={RouterLink} to="/user/forgot-password" variant="body2">
            Forgot password?
          </Link>
        </Box>
        <AuthSubmitButton busy={busy} busyText="Signing in">
          Sign in
        </AuthSubmitButton>
      </Box>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        New to ULCA?{' '}
        <Link component={RouterLink} to="/user/register">
          Create an account
        </Link>
      </Typography>
    </AuthCard>
  );
}
