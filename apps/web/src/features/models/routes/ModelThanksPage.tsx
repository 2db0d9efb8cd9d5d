import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { usePageTitle } from '../../../components/usePageTitle.ts';

/**
 * /model/submission/:modelId — the thank-you page after a model submit (the original client's
 * path). 'Go to my models' opens /model/my-contribution/{modelId} so the new model is highlighted.
 */
export default function ModelThanksPage() {
  usePageTitle('Thank you');
  const { modelId = '' } = useParams();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <TaskAltIcon color="success" sx={{ fontSize: 64 }} />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mt: 1 }}>
          Thank you for your contribution!
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Your model has been submitted. Its reference number:
        </Typography>
        <Box
          aria-label="Model reference number"
          sx={{ display: 'inline-block', mt: 2, px: 2, py: 1, borderRadius: 1, bgcolor: 'grey.100', fontFamily: 'monospace', fontSize: '1rem', overflowWrap: 'anywhere' }}
        >
          {modelId}
        </Box>
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
      </Paper>
    </Container>
  );
}
