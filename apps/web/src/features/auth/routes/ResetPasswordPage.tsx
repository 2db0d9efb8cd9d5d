import { localizeMessage, useTranslation } from '../../../lib/i18n/i18n.ts';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { enqueueSnackbar } from '../../../lib/toast.ts';
import Box from '@mui/material/Box';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { clearSession, getSession } from '../../../lib/session.ts';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { LoadingState } from '../../../components/LoadingState.tsx';
import { PasswordField } from '../../../components/PasswordField.tsx';
import { fieldWithError } from '../../../components/form.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { accountErrorMessage } from '../messages.ts';
import { RESET_LINK_INVALID_MESSAGE, RESET_TOKEN_INVALID, useResetPassword, useTokenStatus } from '../api/reset-password.ts';
import { resetPasswordFormSchema, type ResetPasswordFormValues } from '../schemas.ts';
import { useBackToLogin } from '../useBackToLogin.ts';
import { AuthCard } from './AuthCard.tsx';
import { AuthSubmitButton, BackToSignInAlert, SignInOutcome } from './AuthFormParts.tsx';

/** docs/product.md#messages failure text of this screen, used when the server gives no message. */
const RESET_FAILED = 'Something went wrong while we tried to create password';

/** True when the server refused the link itself (unknown, expired or used), not when it could not answer. */
function isLinkRefusal(err: unknown): boolean {
  return err instanceof ApiRequestError && (err.code === RESET_TOKEN_INVALID || err.status === 400 || err.status === 404);
}

/**
 * /user/reset-password/:email/:token (docs/product.md#sign-in-and-accounts, docs/product.md#states-and-transitions, docs/product.md#validation-rules): checks the link on load (POST
 * get/token/status). An invalid link shows the error and returns to login after 3 s; a valid one
 * asks for the new password twice (the sign-up rule); success shows the server's message and
 * returns to login after 3 s. A link that turns out to be used or expired on submit is handled like
 * an invalid one. The reset ends every session of the account, so a stored session of the same
 * account in this browser is cleared too.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.resetPassword'));
  const { email = '', token = '' } = useParams();
  const status = useTokenStatus(email, token);
  const reset = useResetPassword();
  const [done, setDone] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<ResetPasswordFormValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const linkInvalid =
    refused ?? (status.isError && isLinkRefusal(status.error) ? accountErrorMessage(status.error, RESET_LINK_INVALID_MESSAGE) : null);
  useBackToLogin(done !== null || linkInvalid !== null);

  const onSubmit = handleSubmit((v) =>
    reset.mutateAsync({ email, token, password: v.password }).then(
      (message) => {
        setDone(message);
        if (getSession()?.userDetails.email.toLowerCase() === (status.data?.email ?? email).toLowerCase()) clearSession();
        enqueueSnackbar(localizeMessage(message), { variant: 'success' });
      },
      (err: unknown) => {
        const message = accountErrorMessage(err, RESET_FAILED);
        if (err instanceof ApiRequestError && err.code === RESET_TOKEN_INVALID) setRefused(message);
        enqueueSnackbar(localizeMessage(message), { variant: 'error' });
      },
    ),
  );

  if (status.isPending) {
    return (
      <AuthCard title={t('auth.resetPassword')}>
        <LoadingState label={t('auth.checkingLink')} />
      </AuthCard>
    );
  }

  if (linkInvalid !== null) {
    return (
      <AuthCard title={t('auth.resetPassword')}>
        <SignInOutcome
          severity="error"
          title={t('auth.linkUnusable')}
          note={t('auth.takenToSignInNewLink')}
          button={t('auth.backToSignIn')}
        >
          {localizeMessage(linkInvalid)}
        </SignInOutcome>
      </AuthCard>
    );
  }

  if (status.isError) {
    return (
      <AuthCard title={t('auth.resetPassword')}>
        <ErrorState
          title={t('auth.couldNotCheck')}
          message={localizeMessage(accountErrorMessage(status.error, RESET_FAILED)) ?? ''}
          onRetry={() => void status.refetch()}
        />
      </AuthCard>
    );
  }

  const busy = reset.isPending;
  return (
    <AuthCard
      title={t('auth.resetPassword')}
      subtitle={
        <>
          {t('auth.choosePasswordBefore')} <strong>{status.data.email}</strong>
          {t('auth.choosePasswordAfter')}
        </>
      }
    >
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('auth.resetPassword')}>
        <PasswordField
          label={t('auth.newPassword')}
          autoComplete="new-password"
          autoFocus
          disabled={done !== null}
          {...fieldWithError(register('password'), formState.errors.password, t('auth.passwordHint'))}
        />
        <PasswordField
          label={t('auth.confirmNewPassword')}
          autoComplete="new-password"
          disabled={done !== null}
          {...fieldWithError(register('confirmPassword'), formState.errors.confirmPassword)}
        />
        {done !== null ? <BackToSignInAlert message={localizeMessage(done) ?? done} /> : null}
        <AuthSubmitButton busy={busy} busyText={t('auth.saving')} disabled={done !== null}>
          {done !== null ? t('auth.passwordChanged') : t('auth.setNewPassword')}
        </AuthSubmitButton>
      </Box>
    </AuthCard>
  );
}
