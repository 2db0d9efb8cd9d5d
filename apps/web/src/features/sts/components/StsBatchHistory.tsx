import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { languageLabel } from '@ulca/contracts';
import { localizeMessage, useTranslation } from '../../../lib/i18n/i18n.ts';
import { localizedLanguageName } from '../../../lib/i18n/names.ts';
import { isolateRtl } from '../../../lib/bidi.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { StatusChip } from '../../../components/StatusChip.tsx';
import { formatDateTime12 } from '../../../lib/dates.ts';
import { useStsBatches } from '../api/sts.ts';
import { batchFilesText } from '../lib/sts.ts';

/**
 * The signed-in user's past speech-to-speech batches (docs/product.md#speech-to-speech batch field), newest
 * first: created date (the app's 12-hour date-time, as other created dates), status chip, languages,
 * files done/total, and the result zip's download when Completed. Loading, empty and error (with
 * retry) states. A list rather than a table so that it fits a phone screen. Render only when signed in.
 */
export function StsBatchHistory() {
  const { t } = useTranslation();
  const nameOf = (code: string) => isolateRtl(localizedLanguageName(code, languageLabel(code)));
  const q = useStsBatches(true);
  const body = (
    <QueryState
      query={q}
      loading={t('sts.history.loading')}
      errorTitle={t('sts.history.error')}
      empty={q.data?.length === 0 ? <EmptyState message={t('sts.history.empty')} /> : undefined}
    >
      {(data) => (
        <List dense aria-label={t('sts.history.title')} disablePadding>
          {data.map((b) => (
            <ListItem key={b.batchId} divider disableGutters sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                  <StatusChip status={b.status} />
                  <Typography variant="body2" component="span">
                    {formatDateTime12(new Date(b.createdOn).toISOString())}
                  </Typography>
                </Stack>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                  {nameOf(b.sourceLanguage)} → {nameOf(b.targetLanguage)} · {t('sts.history.filesDone', { files: batchFilesText(b) })}
                  {b.failed ? ` · ${t('sts.history.failed', { count: b.failed })}` : ''}
                  {b.status === 'Failed' && b.message ? ` · ${localizeMessage(b.message) ?? b.message}` : ''}
                </Typography>
              </Box>
              {b.status === 'Completed' && b.downloadUrl && (
                <Button
                  href={b.downloadUrl}
                  size="small"
                  startIcon={<DownloadIcon />}
                  aria-label={t('sts.history.downloadLabel', { date: formatDateTime12(new Date(b.createdOn).toISOString()) })}
                >
                  {t('sts.history.download')}
                </Button>
              )}
            </ListItem>
          ))}
        </List>
      )}
    </QueryState>
  );
  return (
    <Stack spacing={1} component="section" aria-labelledby="sts-batches-title">
      <Typography id="sts-batches-title" variant="subtitle2" component="h4" sx={{ fontWeight: 600 }}>
        {t('sts.history.title')}
      </Typography>
      {body}
    </Stack>
  );
}
