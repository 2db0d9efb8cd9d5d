import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { AuthCard } from './AuthCard.tsx';

/** /active-user: public page confirming the account is active (spec 01 §2). */
export default function ActiveUserPage() {
  usePageTitle('Account active');
  return (
    <AuthCard title="Your account is active">
      <Alert severity="success" sx={{ my: 2 }}>
        Your ULCA account has been activated. Sign in to start contributing.
      </Alert>
      <Button component={RouterLink} to="/user/login" variant="contained" fullWidth>
        Go to sign in
      </Button>
    </AuthCard>
  );
}
