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

/** Delay before leaving the activation screen for login, success or not (spec 01 §4). */
export const ACTIVATION_REDIRECT_MS = 4000;

/**
 * /activate/:email/:userId/:time? — activates the account from the e-mailed link (spec 01 §2, §4,
 * §8); a link used before says the account is already active. Every outcome offers the way to login.
 */
export default function ActivatePage() {
  usePageTitle('Account activation');
  const { email = '', userId = '', time } = useParams();
  const navigate = useNavigate();
  const verify = useVerifyUser({ email, userID: userId, token: time });
  const settled = verify.isSuccess || verify.isError;

  useEffect(() => {
    if (!settled) return;
    const t = setTimeout(() => navigate('/user/login', { replace: true }), ACTIVATION_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [settled, navigate]);

  if (verify.isPending) return <FullScreenSpinner label="Activating your account…" />;

  return (
    <AuthCard title="Account activation">
      {verify.isSuccess && verify.data.alreadyActive ? (
        // A used link opened again: the account is fine, nothing failed.
        <Alert severity="info" sx={{ my: 2 }}>
          <AlertTitle>Account already active</AlertTitle>
          {verify.data.message}
        </Alert>
      ) : verify.isSuccess ? (
        <Alert severity="success" sx={{ my: 2 }}>
          <AlertTitle>Congratulations!</AlertTitle>
          {verify.data.message || 'Your account is now active.'} You can now sign in to ULCA.
        </Alert>
      ) : (
        <Alert severity="error" sx={{ my: 2 }}>
          <AlertTitle>Activation failed</AlertTitle>
          {accountErrorMessage(verify.error, 'Something went wrong. please try again')}
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} role="status">
        You will be taken to the sign-in page in a few seconds.
      </Typography>
      <Button component={RouterLink} to="/user/login" variant="contained" fullWidth>
        Proceed to login
      </Button>
    </AuthCard>
  );
}
