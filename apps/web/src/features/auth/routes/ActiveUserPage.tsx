import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { AuthCard } from './AuthCard.tsx';

/** /active-user: public page confirming the account is active (docs/product.md#screens). */
export default function ActiveUserPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.accountActive'));
  return (
    <AuthCard title={t('auth.yourAccountActive')}>
      <Alert severity="success" sx={{ my: 2 }}>
        {t('auth.activatedText')}
      </Alert>
      <Button component={RouterLink} to="/user/login" variant="contained" fullWidth>
        {t('auth.goToSignIn')}
      </Button>
    </AuthCard>
  );
}
