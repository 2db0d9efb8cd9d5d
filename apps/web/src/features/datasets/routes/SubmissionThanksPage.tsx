import { Link as RouterLink, useParams } from 'react-router';
import Button from '@mui/material/Button';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { ThankYouCard } from '../../../components/ThankYouCard.tsx';

const NEXT_STEPS: { label: string; detail: string }[] = [
  { label: 'Download', detail: 'We fetch your zip file.' },
  { label: 'Ingest', detail: 'We read params.json and every record.' },
  { label: 'Validate', detail: 'Each record is checked.' },
  { label: 'Publish', detail: 'Valid records become searchable.' },
];

/**
 * Thank-you page after a submission (docs/product.md#dataset-screens), for /dataset/submission/:serviceRequestNumber and
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
    <ThankYouCard
      lead={`Your ${noun} has been submitted. Keep this service request number to follow it up:`}
      reference={srn}
      referenceLabel="Service request number"
      referenceSize="1.1rem"
    >
      <Typography variant="subtitle2" sx={{ mt: 4, mb: 2, fontWeight: 600 }}>
        What happens next
      </Typography>
      <Stepper alternativeLabel activeStep={0} sx={{ '& .MuiStepLabel-label': { fontSize: '0.8rem' } }}>
        {NEXT_STEPS.map((s) => (
          <Step key={s.label}>
            <StepLabel
              optional={
                <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
                  {s.detail}
                </Typography>
              }
            >
              {s.label}
            </StepLabel>
          </Step>
        ))}
      </Stepper>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        Processing can take a while for large files. You can follow each stage, and download an error report if some records fail, from My
        Contribution.
      </Typography>
      <Button
        component={RouterLink}
        to={`/${type}/my-contribution/${encodeURIComponent(srn)}`}
        variant="contained"
        size="large"
        sx={{ mt: 3 }}
      >
        Go to my contribution
      </Button>
    </ThankYouCard>
  );
}
