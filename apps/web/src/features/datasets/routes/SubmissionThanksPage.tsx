import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { ThankYouCard } from '../../../components/ThankYouCard.tsx';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { STAGES } from '../lib/stages.ts';
import { KIND_PARAM, myContributionPath } from '../lib/tabs.ts';

/**
 * Thank-you page after a submission (docs/product.md#dataset-screens), for /dataset/submission/:serviceRequestNumber and
 * the general /:type/submission/:reqno. 'Go to my contribution' opens My Contribution with the new
 * row highlighted, on the Benchmark Dataset tab for a benchmark dataset (`?kind=benchmark`).
 */
export default function SubmissionThanksPage() {
  const { t } = useTranslation();
  const params = useParams();
  const [search] = useSearchParams();
  const type = params.type ?? 'dataset';
  const srn = params.serviceRequestNumber ?? params.reqno ?? '';
  const benchmark = search.get(KIND_PARAM) === 'benchmark';
  // Another kind (the general /:type/submission route) keeps its own my-contribution path.
  const contributionPath =
    type === 'dataset'
      ? myContributionPath(srn, benchmark ? 'benchmark' : 'dataset')
      : `/${type}/my-contribution/${encodeURIComponent(srn)}`;
  usePageTitle(t('datasets.thanks.pageTitle'));
  return (
    <ThankYouCard
      lead={benchmark ? t('datasets.thanks.leadBenchmark') : t('datasets.thanks.leadDataset')}
      reference={srn}
      referenceLabel={t('datasets.thanks.referenceLabel')}
      referenceSize="1.1rem"
    >
      <Typography variant="subtitle2" sx={{ mt: 4, mb: 2, fontWeight: 600 }}>
        {t('datasets.thanks.next')}
      </Typography>
      <Stepper alternativeLabel activeStep={0} sx={{ '& .MuiStepLabel-label': { fontSize: '0.8rem' } }}>
        {STAGES.map((s) => (
          <Step key={s}>
            <StepLabel
              optional={
                <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
                  {t(`datasets.thanks.${s}Detail`)}
                </Typography>
              }
            >
              {t(`datasets.thanks.${s}`)}
            </StepLabel>
          </Step>
        ))}
      </Stepper>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        {t('datasets.thanks.processingNote')}
      </Typography>
      <Button component={RouterLink} to={contributionPath} variant="contained" size="large" sx={{ mt: 3 }}>
        {t('datasets.thanks.goToContribution')}
      </Button>
    </ThankYouCard>
  );
}
