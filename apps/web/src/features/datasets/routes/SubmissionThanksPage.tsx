import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { usePageTitle } from '../../../components/usePageTitle.ts';

const NEXT_STEPS: { label: string; detail: string }[] = [
  { label: 'Download', detail: 'We fetch your zip file.' },
  { label: 'Ingest', detail: 'We read params.json and every record.' },
  { label: 'Validate', detail: 'Each record is checked.' },
  { label: 'Publish', detail: 'Valid records become searchable.' },
];

/**
 * Thank-you page after a submission (spec 01 §2), for /dataset/submission/:serviceRequestNumber and
 * the general /:type/submission/:reqno. 'Go to my contribution' opens /{type}/my-contribution/{srn}
 * so the new row is highlighted there.
 */
export default function SubmissionThanksPage() {
  const params = useParams();
  const type = params.type ?? 'dataset';
  const srn = params.serviceRequestNumber ?? params.reqno ?? '';
  const noun = type === 'dataset' ? 'dataset' : type;
  usePageTitle('Thank you');
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <TaskAltIcon color="success" sx={{ fontSize: 64 }} />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mt: 1 }}>
          Thank you for your contribution!
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Your {noun} has been submitted. Keep this service request number to follow it up:
        </Typography>
        <Box
          aria-label="Service request number"
          sx={{ display: 'inline-block', mt: 2, px: 2, py: 1, borderRadius: 1, bgcolor: 'grey.100', fontFamily: 'monospace', fontSize: '1.1rem', overflowWrap: 'anywhere' }}
        >
          {srn}
        </Box>
        <Typography variant="subtitle2" sx={{ mt: 4, mb: 2, fontWeight: 600 }}>
          What happens next
        </Typography>
        <Stepper alternativeLabel activeStep={0} sx={{ '& .MuiStepLabel-label': { fontSize: '0.8rem' } }}>
          {NEXT_STEPS.map((s) => (
            <Step key={s.label}>
              <StepLabel optional={<Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>{s.detail}</Typography>}>{s.label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
          Processing can take a while for large files. You can follow each stage, and download an error report if some records fail, from My Contribution.
        </Typography>
        <Button component={RouterLink} to={`/${type}/my-contribution/${encodeURIComponent(srn)}`} variant="contained" size="large" sx={{ mt: 3 }}>
          Go to my contribution
        </Button>
      </Paper>
    </Container>
  );
}
