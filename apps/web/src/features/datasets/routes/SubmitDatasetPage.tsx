import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { closeSnackbar, enqueueSnackbar } from '../../../lib/toast.ts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { fieldProps } from '../../../components/form.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { primaryRole, useSession } from '../../../lib/session.ts';
import { useSubmitBenchmark } from '../api/benchmark-contributions.ts';
import { useSubmitDataset } from '../api/submit-dataset.ts';
import { useDatasetSamples } from '../api/samples.ts';
import { datasetTypeLabel, formatCount } from '../lib/format.ts';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { GuideAside } from '../../../components/GuideAside.tsx';
import {
  DATASET_NAME_MAX,
  formFieldOf,
  submitDatasetFormSchema,
  type SubmitDatasetFormInput,
  submitMessageKey,
  type SubmitDatasetFormValues,
} from '../lib/submit-form.ts';
import { thanksPath } from '../lib/tabs.ts';

/** Where the ULCA contribution format (params.json + data.json, per dataset type) is described. */
export const CONTRIBUTION_FORMAT_URL = 'https://github.com/ULCA-IN/ulca/tree/master/specs/examples/dataset';

/** Submit failures stay on screen for 40 s (docs/product.md#constants-and-limits). */
const SUBMIT_ERROR_MS = 40000;

/** The guidance beside the form, in order (catalogue keys under datasets.submit). */
const GUIDANCE = ['guidePack', 'guideUrl', 'guideName'] as const;

/** Submit Dataset (docs/product.md#dataset-screens, docs/product.md#validation-rules, docs/product.md#messages): name and URL, validated, then the thank-you page. */
export default function SubmitDatasetPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const submit = useSubmitDataset();
  const submitBenchmark = useSubmitBenchmark();
  const samples = useDatasetSamples().data?.data ?? [];
  const busy = submit.isPending || submitBenchmark.isPending;
  usePageTitle(t('datasets.submit.title'));
  const isBenchmarkContributor = primaryRole(session) === 'BENCHMARK-DATASET-CONTRIBUTOR';
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<SubmitDatasetFormInput, unknown, SubmitDatasetFormValues>({
    resolver: zodResolver(submitDatasetFormSchema),
    defaultValues: { datasetName: '', url: '', benchmark: false },
    mode: 'onTouched',
  });
  const nameLength = watch('datasetName').length;
  // The spec's English messages (the form's and the server's) in the interface language; others as sent.
  const say = (message: string | undefined) => {
    const key = submitMessageKey(message);
    return key ? t(key) : message;
  };

  const onSubmit = handleSubmit(async (values) => {
    const userId = session?.userDetails.userID;
    if (!userId) return;
    const waiting = enqueueSnackbar(t('datasets.submit.wait'), { variant: 'info', persist: true });
    try {
      // A benchmark dataset goes to …/benchmark/submit; both answer a serviceRequestNumber.
      const body = { datasetName: values.datasetName, url: values.url, userId };
      const benchmark = isBenchmarkContributor && values.benchmark;
      const res = benchmark ? await submitBenchmark.mutateAsync(body) : await submit.mutateAsync(body);
      closeSnackbar(waiting);
      navigate(thanksPath(res.data.serviceRequestNumber, benchmark ? 'benchmark' : 'dataset'));
    } catch (err) {
      closeSnackbar(waiting);
      const fallback = t('datasets.submit.fallback');
      let message = fallback;
      if (err instanceof ApiRequestError) {
        message = (err.code === 'DATASET_NAME_TAKEN' ? t('datasets.validation.nameTaken') : say(err.message)) || fallback;
        for (const fe of err.errors ?? []) {
          const field = formFieldOf(fe.field);
          if (field) setError(field, { type: 'server', message: say(fe.message) });
        }
        if (err.code === 'DATASET_NAME_TAKEN') setError('datasetName', { type: 'server', message: t('datasets.validation.nameTaken') });
      }
      enqueueSnackbar(message, { variant: 'error', autoHideDuration: SUBMIT_ERROR_MS });
    }
  });

  return (
    <PageFrame title={t('datasets.submit.title')} subtitle={t('datasets.submit.subtitle')} maxWidth="md">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, gap: { xs: 3, md: 4 } }}>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label={t('datasets.submit.formLabel')}>
          <Stack spacing={2.5}>
            <TextField
              label={t('datasets.submit.nameLabel')}
              required
              fullWidth
              margin="none"
              autoComplete="off"
              {...fieldProps(register('datasetName'))}
              error={!!errors.datasetName}
              helperText={
                say(errors.datasetName?.message) ?? t('datasets.submit.nameHelper', { length: nameLength, max: DATASET_NAME_MAX })
              }
            />
            <TextField
              label={t('datasets.submit.urlLabel')}
              required
              fullWidth
              margin="none"
              autoComplete="off"
              placeholder="https://example.org/datasets/my-dataset.zip"
              slotProps={{ inputLabel: { shrink: true } }}
              {...fieldProps(register('url'))}
              error={!!errors.url}
              helperText={say(errors.url?.message) ?? t('datasets.submit.urlHelper')}
            />
            {isBenchmarkContributor && (
              <FormControlLabel control={<Checkbox {...fieldProps(register('benchmark'))} />} label={t('datasets.submit.benchmark')} />
            )}
            <Box>
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={busy || !session}
                startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
              >
                {busy ? t('datasets.submit.submitting') : t('datasets.submit.submit')}
              </Button>
            </Box>
          </Stack>
        </Box>
        <GuideAside title={t('datasets.submit.guideTitle')} points={GUIDANCE.map((k) => ({ text: t(`datasets.submit.${k}`) }))}>
          {t('datasets.submit.formatBefore')}{' '}
          <Link href={CONTRIBUTION_FORMAT_URL} target="_blank" rel="noopener noreferrer" underline="always">
            {t('datasets.submit.formatLink')}
          </Link>{' '}
          {t('datasets.submit.formatAfter')}
          {samples.length > 0 && (
            <Box component="section" aria-labelledby="sample-datasets" sx={{ mt: 2 }}>
              <Typography id="sample-datasets" variant="subtitle2" component="h2" sx={{ fontWeight: 600 }}>
                {t('datasets.submit.samplesTitle')}
              </Typography>
              <Typography variant="body2" sx={{ mb: 0.5 }}>
                {t('datasets.submit.samplesText')}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {samples.map((s) => (
                  <li key={s.name}>
                    <Link href={s.url} download={`${s.name}.zip`} underline="always">
                      {t('datasets.submit.sampleLink', { name: s.name })}
                    </Link>{' '}
                    <Typography component="span" variant="body2" color="text.secondary">
                      {t('datasets.submit.sampleDetail', {
                        type: datasetTypeLabel(s.datasetType),
                        count: s.records,
                        n: formatCount(s.records),
                      })}
                    </Typography>
                  </li>
                ))}
              </Box>
            </Box>
          )}
        </GuideAside>
      </Box>
    </PageFrame>
  );
}
