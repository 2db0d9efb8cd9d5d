import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { languageLabel } from '@ulca/contracts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { StatusChip } from '../../../components/StatusChip.tsx';
import { formatDateTime12 } from '../../../lib/dates.ts';
import { useStsBatches } from '../api/sts.ts';
import { batchFilesText } from '../lib/sts.ts';

/**
 * The signed-in user's past speech-to-speech batches (docs/product.md#speech-to-speech batch field; issue #14), newest
 * first: created date (the app's 12-hour date-time, as other created dates), status chip, languages,
 * files done/total, and the result zip's download when Completed. Loading, empty and error (with
 * retry) states. A list rather than a table so that it fits a phone screen. Render only when signed in.
 */
export function StsBatchHistory() {
  const q = useStsBatches(true);
  const body = (
    <QueryState
      query={q}
      loading="Loading your batches…"
      errorTitle="Could not load your batches"
      empty={q.data?.length === 0 ? <EmptyState message="You have not converted a batch yet." /> : undefined}
    >
      {(data) => (
        <List dense aria-label="Your batches" disablePadding>
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
                  {languageLabel(b.sourceLanguage)} → {languageLabel(b.targetLanguage)} · files done: {batchFilesText(b)}
                  {b.failed ? ` · ${b.failed} failed` : ''}
                  {b.status === 'Failed' && b.message ? ` · ${b.message}` : ''}
                </Typography>
              </Box>
              {b.status === 'Completed' && b.downloadUrl && (
                <Button
                  href={b.downloadUrl}
                  size="small"
                  startIcon={<DownloadIcon />}
                  aria-label={`Download the results of the batch of ${formatDateTime12(new Date(b.createdOn).toISOString())}`}
                >
                  Download
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
        Your batches
      </Typography>
      {body}
    </Stack>
  );
}
