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
import { fieldProps } from '../../../components/form.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { primaryRole, useSession } from '../../../lib/session.ts';
import { useSubmitBenchmark } from '../api/benchmark-contributions.ts';
import { useSubmitDataset } from '../api/submit-dataset.ts';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { GuideAside } from '../../../components/GuideAside.tsx';
import {
  DATASET_NAME_MAX,
  formFieldOf,
  submitDatasetFormSchema,
  type SubmitDatasetFormInput,
  type SubmitDatasetFormValues,
} from '../lib/submit-form.ts';

/** Where the ULCA contribution format (params.json + data.json, per dataset type) is described. */
export const CONTRIBUTION_FORMAT_URL = 'https://github.com/ULCA-IN/ulca/tree/master/specs/examples/dataset';

/** Submit failures stay on screen for 40 s (docs/product.md#constants-and-limits). */
const SUBMIT_ERROR_MS = 40000;
const SUBMIT_FALLBACK = 'Something went wrong. Please try again.';

const GUIDANCE = [
  'Pack the dataset as one zip file holding params.json (what the dataset is: type, languages, domain, licence, how it was collected) and data.json (the records), plus any audio or image files the records refer to.',
  'Give a URL that downloads the zip directly, without a sign-in or a preview page in between.',
  'Choose a name that tells others what the data is, for example “Hindi–English news sentences 2024”.',
];

/** Submit Dataset (docs/product.md#dataset-screens, docs/product.md#validation-rules, docs/product.md#messages): name and URL, validated, then the thank-you page. */
export default function SubmitDatasetPage() {
  const session = useSession();
  const navigate = useNavigate();
  const submit = useSubmitDataset();
  const submitBenchmark = useSubmitBenchmark();
  const busy = submit.isPending || submitBenchmark.isPending;
  usePageTitle('Submit Dataset');
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

  const onSubmit = handleSubmit(async (values) => {
    const userId = session?.userDetails.userID;
    if (!userId) return;
    const waiting = enqueueSnackbar('Please wait while we process your request...', { variant: 'info', persist: true });
    try {
      // A benchmark dataset goes to …/benchmark/submit (issue #13); both answer a serviceRequestNumber.
      const body = { datasetName: values.datasetName, url: values.url, userId };
      const res = isBenchmarkContributor && values.benchmark ? await submitBenchmark.mutateAsync(body) : await submit.mutateAsync(body);
      closeSnackbar(waiting);
      navigate(`/dataset/submission/${encodeURIComponent(res.data.serviceRequestNumber)}`);
    } catch (err) {
      closeSnackbar(waiting);
      let message = SUBMIT_FALLBACK;
      if (err instanceof ApiRequestError) {
        message = err.message || SUBMIT_FALLBACK;
        for (const fe of err.errors ?? []) {
          const field = formFieldOf(fe.field);
          if (field) setError(field, { type: 'server', message: fe.message });
        }
        if (err.code === 'DATASET_NAME_TAKEN') setError('datasetName', { type: 'server', message: err.message });
      }
      enqueueSnackbar(message, { variant: 'error', autoHideDuration: SUBMIT_ERROR_MS });
    }
  });

  return (
    <PageFrame
      title="Submit Dataset"
      subtitle="Share a dataset with the ULCA community by giving the address of its zip file."
      maxWidth="md"
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, gap: { xs: 3, md: 4 } }}>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Submit dataset">
          <Stack spacing={2.5}>
            <TextField
              label="Dataset name"
              required
              fullWidth
              margin="none"
              autoComplete="off"
              {...fieldProps(register('datasetName'))}
              error={!!errors.datasetName}
              helperText={errors.datasetName?.message ?? `${nameLength}/${DATASET_NAME_MAX} characters`}
            />
            <TextField
              label="Dataset URL"
              required
              fullWidth
              margin="none"
              autoComplete="off"
              placeholder="https://example.org/datasets/my-dataset.zip"
              slotProps={{ inputLabel: { shrink: true } }}
              {...fieldProps(register('url'))}
              error={!!errors.url}
              helperText={errors.url?.message ?? 'A direct download link (http or https) to the zip file'}
            />
            {isBenchmarkContributor && (
              <FormControlLabel control={<Checkbox {...fieldProps(register('benchmark'))} />} label="This is a benchmark dataset" />
            )}
            <Box>
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={busy || !session}
                startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
              >
                {busy ? 'Submitting…' : 'Submit'}
              </Button>
            </Box>
          </Stack>
        </Box>
        <GuideAside title="Before you submit" points={GUIDANCE.map((text) => ({ text }))}>
          Not sure how to lay the files out? The{' '}
          <Link href={CONTRIBUTION_FORMAT_URL} target="_blank" rel="noopener noreferrer">
            ULCA contribution format
          </Link>{' '}
          has a sample zip for every dataset type.
        </GuideAside>
      </Box>
    </PageFrame>
  );
}
