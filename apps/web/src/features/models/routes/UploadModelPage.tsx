import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { FormBox } from '../../../components/FormBox.tsx';
import { GuideAside } from '../../../components/GuideAside.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { closeSnackbar, enqueueSnackbar } from '../../../lib/toast.ts';
import { localizeMessage, useTranslation } from '../../../lib/i18n/i18n.ts';
import { useUploadModel } from '../api/upload-model.ts';
import {
  UPLOAD_GUIDANCE,
  checkDescriptorFile,
  groupFieldErrors,
  parseDescriptorText,
  uploadErrorTitle,
  type FieldError,
} from '../lib/upload.ts';

/** Where the model descriptor format is described, with an example for every task. */
export const MODEL_DESCRIPTOR_EXAMPLES_URL = 'https://github.com/ULCA-IN/ulca/tree/master/specs/examples/model';

/** Submit failures stay on screen for 40 s (docs/product.md#messages, as the original's submit page). */
const SUBMIT_ERROR_MS = 40000;

/**
 * /model/upload — Submit Model (docs/product.md#model-screens, docs/product.md#validation-rules): pick the model's parameter file (JSON), send it
 * as the multipart part `file`; the server checks the descriptor and calls its endpoint once.
 * Field errors are listed per descriptor path; success opens the thank-you page.
 */
export default function UploadModelPage() {
  const { t } = useTranslation();
  usePageTitle(t('models.upload.title'));
  const navigate = useNavigate();
  const upload = useUploadModel();
  const input = useRef<HTMLInputElement | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<{ message: string; fields: FieldError[] } | null>(null);
  // The last failure's toast, closed when the user tries again.
  const errorToast = useRef<ReturnType<typeof enqueueSnackbar> | null>(null);

  const choose = (f: File | undefined) => {
    setServerError(null);
    if (!f) return;
    const problem = checkDescriptorFile(f);
    setFile(problem ? null : f);
    setFileError(problem);
  };

  const submit = async () => {
    if (!file) {
      setFileError(t('models.upload.chooseFile'));
      return;
    }
    setServerError(null);
    if (errorToast.current !== null) closeSnackbar(errorToast.current);
    const text = await file.text();
    const parsed = parseDescriptorText(text);
    if (!parsed.ok) {
      setFileError(parsed.message);
      return;
    }
    const waiting = enqueueSnackbar(t('models.upload.wait'), { variant: 'info', persist: true });
    try {
      const res = await upload.mutateAsync({ fileName: file.name, text });
      closeSnackbar(waiting);
      navigate(`/model/submission/${encodeURIComponent(res.data.modelId)}`);
    } catch (err) {
      closeSnackbar(waiting);
      const message = localizeMessage(errorMessage(err, t('models.upload.failed'))) ?? t('models.upload.failed');
      setServerError({ message, fields: err instanceof ApiRequestError ? (err.errors ?? []) : [] });
      errorToast.current = enqueueSnackbar(message, { variant: 'error', autoHideDuration: SUBMIT_ERROR_MS });
    }
  };

  const grouped = groupFieldErrors(serverError?.fields);

  return (
    <PageFrame title={t('models.upload.title')} subtitle={t('models.upload.subtitle')} maxWidth="md">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, gap: { xs: 3, md: 4 } }}>
        <FormBox label={t('models.upload.title')} onSubmit={() => void submit()}>
          <Stack spacing={2.5}>
            <input
              ref={input}
              type="file"
              accept=".json,application/json"
              hidden
              aria-label={t('models.upload.fileLabel')}
              onChange={(e) => {
                choose(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            <TextField
              label={t('models.upload.uploadLabel')}
              required
              fullWidth
              margin="none"
              value={file ? t('models.upload.fileSize', { name: file.name, kb: Math.max(1, Math.round(file.size / 1024)) }) : ''}
              placeholder={t('models.upload.noFile')}
              onClick={() => input.current?.click()}
              error={!!fileError}
              helperText={fileError ?? t('models.upload.fileHint')}
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { readOnly: true, style: { cursor: 'pointer' } },
                input: {
                  endAdornment: (
                    <Button
                      variant="outlined"
                      size="small"
                      startIcon={<UploadFileIcon />}
                      onClick={() => input.current?.click()}
                      sx={{ ml: 1, flexShrink: 0 }}
                    >
                      {t('models.upload.browse')}
                    </Button>
                  ),
                },
              }}
            />
            {serverError && (
              <Alert severity="error" role="alert">
                <AlertTitle>{uploadErrorTitle(serverError.message, grouped)}</AlertTitle>
                {grouped.length > 0 && (
                  <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label={t('models.upload.problems')}>
                    {grouped.map((g) => (
                      <li key={g.path}>
                        <Box
                          component="code"
                          sx={{ fontSize: '0.85em', bgcolor: 'rgba(0,0,0,0.06)', px: 0.5, borderRadius: 0.5, overflowWrap: 'anywhere' }}
                        >
                          {g.path}
                        </Box>
                        : {g.messages.map((m) => localizeMessage(m) ?? m).join('; ')}
                      </li>
                    ))}
                  </Box>
                )}
              </Alert>
            )}
            <Box>
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={upload.isPending || !file}
                startIcon={upload.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
              >
                {upload.isPending ? t('models.upload.submitting') : t('common.submit')}
              </Button>
              {upload.isPending && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {t('models.upload.checking')}
                </Typography>
              )}
            </Box>
          </Stack>
        </FormBox>
        <GuideAside title={t('models.upload.guideTitle')} points={UPLOAD_GUIDANCE.map((k) => ({ text: t(`models.upload.${k}`) }))}>
          {t('models.upload.guideText')}{' '}
          <Link href={MODEL_DESCRIPTOR_EXAMPLES_URL} target="_blank" rel="noopener noreferrer" underline="always">
            {t('models.upload.examples')}
          </Link>
        </GuideAside>
      </Box>
    </PageFrame>
  );
}
