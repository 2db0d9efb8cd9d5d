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
  usePageTitle('Thank you');
  const { modelId = '' } = useParams();
  return (
    <ThankYouCard lead="Your model has been submitted. Its reference number:" reference={modelId} referenceLabel="Model reference number" referenceSize="1rem">
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        New models start unpublished: only you can see and try it. Publish it from My Models when you want everyone to find it in Explore Models.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 3, justifyContent: 'center' }}>
        <Button component={RouterLink} to={`/model/my-contribution/${encodeURIComponent(modelId)}`} variant="contained" size="large">
          Go to my models
        </Button>
        <Button component={RouterLink} to="/model/upload" variant="outlined" size="large">
          Submit another
        </Button>
      </Stack>
    </ThankYouCard>
  );
}
