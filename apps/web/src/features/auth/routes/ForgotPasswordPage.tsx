import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { AuthCard } from './AuthCard.tsx';

/** /user/forgot-password: placeholder until the password-reset issue lands (spec 01 §2). */
export default function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  return (
    <AuthCard title="Forgot password">
      <Alert severity="info" sx={{ my: 2 }}>
        Password reset by e-mail is coming soon. Until then, please contact the ULCA team.
      </Alert>
      <Button component={RouterLink} to="/user/login" variant="outlined" fullWidth>
        Back to sign in
      </Button>
    </AuthCard>
  );
}
