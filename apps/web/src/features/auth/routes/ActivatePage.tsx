import { localizeMessage, useTranslation } from '../../../lib/i18n/i18n.ts';
import { useEffect } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { accountErrorMessage } from '../messages.ts';
import { FullScreenSpinner } from '../../../components/FullScreenSpinner.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { useVerifyUser } from '../api/verify-user.ts';
import { AuthCard } from './AuthCard.tsx';

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

  return (
    <AuthCard title={t('auth.activation')}>
      {verify.isSuccess && verify.data.alreadyActive ? (
        // A used link opened again: the account is fine, nothing failed.
        <Alert severity="info" sx={{ my: 2 }}>
          <AlertTitle>{t('auth.alreadyActive')}</AlertTitle>
          {localizeMessage(verify.data.message)}
        </Alert>
      ) : verify.isSuccess ? (
        <Alert severity="success" sx={{ my: 2 }}>
          <AlertTitle>{t('auth.congratulations')}</AlertTitle>
          {localizeMessage(verify.data.message) || t('auth.nowActive')} {t('auth.canSignIn')}
        </Alert>
      ) : (
        <Alert severity="error" sx={{ my: 2 }}>
          <AlertTitle>{t('auth.activationFailed')}</AlertTitle>
          {localizeMessage(accountErrorMessage(verify.error, t('messages.tryAgainLater')))}
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} role="status">
        {t('auth.takenToSignIn')}
      </Typography>
      <Button component={RouterLink} to="/user/login" variant="contained" fullWidth>
        {t('auth.proceedToLogin')}
      </Button>
    </AuthCard>
  );
}
