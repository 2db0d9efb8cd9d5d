import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { enqueueSnackbar } from '../../../lib/toast.ts';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { accountErrorMessage } from '../messages.ts';
import { fieldProps } from '../../../components/form.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { forgotPasswordFormSchema, type ForgotPasswordFormInput, type ForgotPasswordFormValues } from '../schemas.ts';
import { useBackToLogin } from '../useBackToLogin.ts';
import { AuthCard } from './AuthCard.tsx';
import { AuthSubmitButton, BackToSignInAlert } from './AuthFormParts.tsx';

/** Spec 01 §8 failure text of this screen, used when the server gives no message. */
const FORGOT_FAILED = 'Something went wrong while we tried to send password to the given email id';

/**
 * /user/forgot-password (spec 01 §2, §4, §5, §8): asks for a reset link by e-mail. While sending,
 * the button is disabled with a spinner; after success it stays disabled, the server's message is
 * shown (a toast and on the card) and the user returns to login after 3 s.
 */
export default function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const forgot = useForgotPassword();
  const [sent, setSent] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<ForgotPasswordFormInput, unknown, ForgotPasswordFormValues>({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { email: '' },
  });
  useBackToLogin(sent !== null);

  const onSubmit = handleSubmit((v) =>
    forgot.mutateAsync(v.email).then(
      (message) => {
        setSent(message);
        enqueueSnackbar(message, { variant: 'success' });
      },
      (err: unknown) => {
        enqueueSnackbar(accountErrorMessage(err, FORGOT_FAILED), { variant: 'error' });
      },
    ),
  );
  const busy = forgot.isPending;

  return (
    <AuthCard title="Forgot password" subtitle="Enter the e-mail address of your account and we will send you a link to set a new password.">
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Forgot password">
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          autoFocus
          disabled={sent !== null}
          {...fieldProps(register('email'))}
          error={!!formState.errors.email}
          helperText={formState.errors.email?.message}
        />
        {sent !== null ? <BackToSignInAlert message={sent} /> : null}
        <AuthSubmitButton busy={busy} busyText="Sending" disabled={sent !== null}>
          {sent !== null ? 'Link sent' : 'Send reset link'}
        </AuthSubmitButton>
      </Box>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        Remembered it?{' '}
        <Link component={RouterLink} to="/user/login">
          Back to sign in
        </Link>
      </Typography>
    </AuthCard>
  );
}
