import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { LoadingState } from '../../../components/LoadingState.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { useKeyUsage } from '../api/usage.ts';
import { UsageChart } from '../components/UsageChart.tsx';
import { dailySeries, usageCsv } from '../lib/usage.ts';

const UNIT_LABEL: Record<string, string> = {
  calls: 'calls',
  characters: 'characters',
  audioSecondsIn: 's audio in',
  audioSecondsOut: 's audio out',
  images: 'images',
};

/** Starts a download of `text` as `filename` (the CSV is built from the rows the page shows: the same columns as the API's format=csv). */
function download(filename: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Profile → API key → Usage (/usage?key=<keyId>): calls per day over 30 days, the daily limits with
 * what is left today, a table per day, model and task, and a CSV download (docs/api.md#usage-and-quotas).
 */
export default function UsagePage() {
  usePageTitle('API key usage');
  const [params] = useSearchParams();
  const keyId = params.get('key') ?? '';
  const usage = useKeyUsage(keyId);
  const today = new Date().toISOString().slice(0, 10);
  const series = useMemo(() => dailySeries(usage.data?.rows ?? [], today, 30), [usage.data, today]);
  if (usage.isPending) return <LoadingState />;
  if (usage.isError) return <ErrorState message={usage.error.message} onRetry={() => void usage.refetch()} />;
  const report = usage.data;
  return (
    <PageFrame title={`Usage of ${report.appName}`}>
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          Key {report.keyId}: calls made with it over the last 30 days (UTC days), per model and task.
        </Typography>
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap data-testid="usage-quota">
          {report.quota.length === 0 ? (
            <Chip label="No daily limit" size="small" />
          ) : (
            report.quota.map((q) => (
              <Chip
                key={q.unit}
                size="small"
                color={q.remainingToday === 0 ? 'error' : 'default'}
                label={`${q.remainingToday} of ${q.dailyLimit} ${UNIT_LABEL[q.unit]} left today`}
              />
            ))
          )}
        </Stack>
        <UsageChart days={series} />
        <Box>
          <Button
            variant="outlined"
            size="small"
            onClick={() => download(`usage-${report.keyId}.csv`, usageCsv(report.rows))}
            disabled={report.rows.length === 0}
          >
            Download CSV
          </Button>
        </Box>
        <Table size="small" aria-label="Usage per day, model and task">
          <TableHead>
            <TableRow>
              {[
                'Day',
                'Model',
                'Task',
                'Calls',
                'Failures',
                'Mean latency (ms)',
                'Characters in',
                'Audio in (s)',
                'Audio out (s)',
                'Images',
              ].map((h) => (
                <TableCell key={h}>{h}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {report.rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={10}>No calls in the last 30 days.</TableCell>
              </TableRow>
            )}
            {report.rows.map((r) => (
              <TableRow key={`${r.day}|${r.modelId}|${r.task}`}>
                <TableCell>{r.day}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{r.modelId}</TableCell>
                <TableCell>{r.task}</TableCell>
                <TableCell>{r.calls}</TableCell>
                <TableCell>{r.failures}</TableCell>
                <TableCell>{r.meanLatencyMs}</TableCell>
                <TableCell>{r.charactersIn}</TableCell>
                <TableCell>{r.audioSecondsIn}</TableCell>
                <TableCell>{r.audioSecondsOut}</TableCell>
                <TableCell>{r.images}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Stack>
    </PageFrame>
  );
}
