import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { errorMessage } from '../../../lib/api-client.ts';
import { localizeMessage, useTranslation } from '../../../lib/i18n/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { enqueueSnackbar } from '../../../lib/toast.ts';
import { urlError } from '../../../lib/limits.ts';
import { UrlConvertRow } from './UrlConvertRow.tsx';
import { stsKeys, useStsBatch, useSubmitStsBatch } from '../api/sts.ts';
import { batchProgressText, type StsSelection } from '../lib/sts.ts';
import { StsBatchHistory } from './StsBatchHistory.tsx';

/**
 * The batch field of the speech-to-speech tab (docs/product.md#speech-to-speech): a public URL of a zip of audio files
 * (Convert disabled while empty), run on the server with the chosen models and voice; progress
 * (files done of total, polled), the failures per file, and the result zip's download when done.
 * Signed-in users only (the batch belongs to its requester); below it, their past batches.
 */
export function StsBatchPanel({ selection, gender }: { selection: StsSelection; gender: 'male' | 'female' }) {
  const { t } = useTranslation();
  const session = useSession();
  const [url, setUrl] = useState('');
  const [batchId, setBatchId] = useState<string | null>(null);
  const submit = useSubmitStsBatch();
  const batch = useStsBatch(batchId);
  const b = batch.data;
  const queryClient = useQueryClient();
  const status = b?.status;
  // The list of past batches shows this one too: refreshed when it is queued and when it ends.
  useEffect(() => {
    if (status) void queryClient.invalidateQueries({ queryKey: stsKeys.batches });
  }, [status, queryClient]);

  const convert = () => {
    if (![selection.source, selection.target, selection.asr, selection.translation, selection.tts].every(Boolean)) {
      enqueueSnackbar(t('sts.selectAll'), { variant: 'error', autoHideDuration: 3000 });
      return;
    }
    submit.mutate(
      {
        url: url.trim(),
        sourceLanguage: selection.source,
        targetLanguage: selection.target,
        asrModelId: selection.asr,
        translationModelId: selection.translation,
        ttsModelId: selection.tts,
        gender,
      },
      {
        onSuccess: setBatchId,
        onError: (err) => enqueueSnackbar(localizeMessage(errorMessage(err)), { variant: 'error', autoHideDuration: 3000 }),
      },
    );
  };

  const failures = b?.files.filter((f) => f.status !== 'done') ?? [];
  const finished = b && (b.status === 'Completed' || b.status === 'Failed');
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="sts-batch-title">
      <Typography id="sts-batch-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('sts.batch.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('sts.batch.intro')}
      </Typography>
      {!session ? (
        <Alert severity="info">
          {t('sts.batch.signInBefore')}
          <RouterLink to="/user/login">{t('sts.batch.signIn')}</RouterLink>
          {t('sts.batch.signInAfter')}
        </Alert>
      ) : (
        <UrlConvertRow
          label={t('sts.batch.zipUrl')}
          placeholder="https://example.com/recordings.zip"
          url={url}
          onUrlChange={setUrl}
          onConvert={convert}
          disabled={!url.trim() || !!urlError(url) || submit.isPending || (!!b && !finished)}
        />
      )}
      {batch.isError && <Alert severity="error">{localizeMessage(errorMessage(batch.error))}</Alert>}
      {b && (
        <Box role="status" aria-live="polite">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {batchProgressText(b)}
          </Typography>
          {!finished && (
            <LinearProgress
              variant={b.total ? 'determinate' : 'indeterminate'}
              value={b.total ? ((b.done + b.failed) / b.total) * 100 : 0}
              sx={{ maxWidth: 480 }}
            />
          )}
          {b.downloadUrl && (
            <Button href={b.downloadUrl} startIcon={<DownloadIcon />} variant="outlined" sx={{ mt: 1 }}>
              {t('sts.batch.downloadResults')}
            </Button>
          )}
          {failures.length > 0 && (
            <List dense aria-label={t('sts.batch.notConverted')}>
              {failures.map((f) => (
                <ListItem key={f.name} disableGutters>
                  <ListItemText
                    primary={f.name}
                    secondary={`${f.status === 'skipped' ? t('sts.batch.skippedFile') : t('sts.batch.failedAt', { stage: f.stage ? t(`sts.stage.${f.stage}`, { defaultValue: f.stage }) : '' })}: ${localizeMessage(f.message ?? '') ?? ''}`}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      )}
      {session && <StsBatchHistory />}
    </Stack>
  );
}
