import { localizeMessage, useTranslation } from '../../../lib/i18n/i18n.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { enqueueSnackbar } from '../../../lib/toast.ts';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { accountErrorMessage } from '../messages.ts';
import { fieldWithError } from '../../../components/form.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { forgotPasswordFormSchema, type ForgotPasswordFormInput, type ForgotPasswordFormValues } from '../schemas.ts';
import { useBackToLogin } from '../useBackToLogin.ts';
import { AuthCard } from './AuthCard.tsx';
import { AuthFooterLink, AuthSubmitButton, BackToSignInAlert } from './AuthFormParts.tsx';

/** docs/product.md#messages failure text of this screen, used when the server gives no message. */
const FORGOT_FAILED = 'Something went wrong while we tried to send password to the given email id';

/**
 * /user/forgot-password (docs/product.md#sign-in-and-accounts, docs/product.md#states-and-transitions, docs/product.md#validation-rules, docs/product.md#messages): asks for a reset link by e-mail. While sending,
 * the button is disabled with a spinner; after success it stays disabled, the server's message is
 * shown on the card (once: a toast would cover it) and the user returns to login after 3 s.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.forgotPassword'));
  const forgot = useForgotPassword();
  const [sent, setSent] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<ForgotPasswordFormInput, unknown, ForgotPasswordFormValues>({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { email: '' },
  });
  useBackToLogin(sent !== null);

  const onSubmit = handleSubmit((v) =>
    forgot.mutateAsync(v.email).then(
      (message) => setSent(message),
      (err: unknown) => {
        enqueueSnackbar(localizeMessage(accountErrorMessage(err, FORGOT_FAILED)), { variant: 'error' });
      },
    ),
  );
  const busy = forgot.isPending;

  return (
    <AuthCard title={t('auth.forgotPassword')} subtitle={t('auth.forgotSubtitle')}>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('auth.forgotPassword')}>
        <TextField
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          autoFocus
          disabled={sent !== null}
          {...fieldWithError(register('email'), formState.errors.email)}
        />
        {sent !== null ? <BackToSignInAlert message={localizeMessage(sent) ?? sent} /> : null}
        <AuthSubmitButton busy={busy} busyText={t('auth.sending')} disabled={sent !== null}>
          {sent !== null ? t('auth.linkSent') : t('auth.sendResetLink')}
        </AuthSubmitButton>
      </Box>
      <AuthFooterLink text={t('auth.rememberedIt')} linkText={t('auth.backToSignIn')} to="/user/login" />
    </AuthCard>
  );
}
