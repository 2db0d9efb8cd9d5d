import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { Link as RouterLink, useParams } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { ThankYouCard } from '../../../components/ThankYouCard.tsx';

/**
 * /model/submission/:modelId — the thank-you page after a model submit (the original client's
 * path). 'Go to my models' opens /model/my-contribution/{modelId} so the new model is highlighted.
 */
export default function ModelThanksPage() {
  const { t } = useTranslation();
  usePageTitle(t('models.thankYouTitle'));
  const { modelId = '' } = useParams();
  return (
    <ThankYouCard lead={t('models.submittedLead')} reference={modelId} referenceLabel={t('models.referenceNumber')} referenceSize="1rem">
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        {t('models.unpublishedNote')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 3, justifyContent: 'center' }}>
        <Button component={RouterLink} to={`/model/my-contribution/${encodeURIComponent(modelId)}`} variant="contained" size="large">
          {t('models.goToMyModels')}
        </Button>
        <Button component={RouterLink} to="/model/upload" variant="outlined" size="large">
          {t('models.submitAnother')}
        </Button>
      </Stack>
    </ThankYouCard>
  );
}
