import { localizeMessage, useTranslation } from '../../../lib/i18n/i18n.ts';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { accountErrorMessage } from '../messages.ts';
import { FullScreenSpinner } from '../../../components/FullScreenSpinner.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { useVerifyUser } from '../api/verify-user.ts';
import { AuthCard } from './AuthCard.tsx';
import { SignInOutcome } from './AuthFormParts.tsx';

/** Delay before leaving the activation screen for login, success or not (docs/product.md#states-and-transitions). */
export const ACTIVATION_REDIRECT_MS = 4000;

/**
 * /activate/:email/:userId/:time? — activates the account from the e-mailed link (docs/product.md#sign-in-and-accounts, docs/product.md#states-and-transitions,
 * docs/product.md#messages); a link used before says the account is already active. Every outcome offers the way to login.
 */
export default function ActivatePage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.activation'));
  const { email = '', userId = '', time } = useParams();
  const navigate = useNavigate();
  const verify = useVerifyUser({ email, userID: userId, token: time });
  const settled = verify.isSuccess || verify.isError;

  useEffect(() => {
    if (!settled) return;
    const timer = setTimeout(() => navigate('/user/login', { replace: true }), ACTIVATION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [settled, navigate]);

  if (verify.isPending) return <FullScreenSpinner label={t('auth.activating')} />;

  const outcome = verify.isSuccess
    ? verify.data.alreadyActive
      ? // A used link opened again: the account is fine, nothing failed.
        { severity: 'info' as const, title: t('auth.alreadyActive'), text: localizeMessage(verify.data.message) }
      : {
          severity: 'success' as const,
          title: t('auth.congratulations'),
          text: `${localizeMessage(verify.data.message) || t('auth.nowActive')} ${t('auth.canSignIn')}`,
        }
    : {
        severity: 'error' as const,
        title: t('auth.activationFailed'),
        text: localizeMessage(accountErrorMessage(verify.error, t('messages.tryAgainLater'))),
      };
  return (
    <AuthCard title={t('auth.activation')}>
      <SignInOutcome severity={outcome.severity} title={outcome.title} note={t('auth.takenToSignIn')} button={t('auth.proceedToLogin')}>
        {outcome.text}
      </SignInOutcome>
    </AuthCard>
  );
}
