import { useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { LoadingState } from '../../../components/LoadingState.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { localizeMessage, useTranslation } from '../../../lib/i18n/i18n.ts';
import { formatCount, formatUtcDay, taskText } from '../lib/format.ts';
import { useKeyUsage } from '../api/usage.ts';
import { UsageChart } from '../components/UsageChart.tsx';
import { dailySeries, usageCsv } from '../lib/usage.ts';

/** The quota units with their own catalogue text (usage.left.<unit>). */
const UNITS = new Set(['calls', 'characters', 'audioSecondsIn', 'audioSecondsOut', 'images']);

/** The table's columns: catalogue key under usage.col. */
const COLUMNS = ['day', 'model', 'task', 'calls', 'failures', 'latency', 'charactersIn', 'audioIn', 'audioOut', 'images'] as const;

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
 * what is left today, a table per day, model (its name, the id beneath) and task, a CSV download
 * (docs/api.md#usage-and-quotas), and a link back to My Profile.
 */
export default function UsagePage() {
  const { t } = useTranslation();
  usePageTitle(t('usage.pageTitle'));
  const [params] = useSearchParams();
  const keyId = params.get('key') ?? '';
  const usage = useKeyUsage(keyId);
  const today = new Date().toISOString().slice(0, 10);
  const series = useMemo(() => dailySeries(usage.data?.rows ?? [], today, 30), [usage.data, today]);
  // Without ?key the query never runs: say where the page is opened from instead of loading forever.
  if (!keyId)
    return (
      <PageFrame title={t('usage.pageTitle')}>
        <Typography sx={{ mb: 2 }}>{t('usage.noKey')}</Typography>
        <Button component={RouterLink} to="/profile" variant="contained">
          {t('usage.toProfile')}
        </Button>
      </PageFrame>
    );
  if (usage.isPending) return <LoadingState />;
  if (usage.isError) return <ErrorState message={localizeMessage(usage.error.message) ?? ''} onRetry={() => void usage.refetch()} />;
  const report = usage.data;
  return (
    <PageFrame
      title={t('usage.title', { app: report.appName })}
      actions={
        // The page is opened from a key on the profile: the way back there.
        <Button component={RouterLink} to="/profile" startIcon={<ArrowBackIcon />} size="small">
          {t('shell.myProfile')}
        </Button>
      }
    >
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary">
          {t('usage.intro', { key: report.keyId })}
        </Typography>
        <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap data-testid="usage-quota">
          {report.quota.length === 0 ? (
            <Chip label={t('usage.noLimit')} size="small" />
          ) : (
            report.quota.map((q) => (
              <Chip
                key={q.unit}
                size="small"
                color={q.remainingToday === 0 ? 'error' : 'default'}
                label={t(`usage.left.${UNITS.has(q.unit) ? q.unit : 'calls'}`, {
                  remaining: formatCount(q.remainingToday),
                  limit: formatCount(q.dailyLimit),
                })}
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
            {t('usage.downloadCsv')}
          </Button>
        </Box>
        {/* Focusable, so a keyboard can scroll it on a phone. */}
        <DataTable
          region
          size="small"
          label={t('usage.table')}
          head={
            <TableRow>
              {COLUMNS.map((h) => (
                <TableCell key={h}>{t(`usage.col.${h}`)}</TableCell>
              ))}
            </TableRow>
          }
        >
          {report.rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={10}>{t('usage.noCalls')}</TableCell>
            </TableRow>
          )}
          {report.rows.map((r) => (
            <TableRow key={`${r.day}|${r.modelId}|${r.task}`}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatUtcDay(r.day)}</TableCell>
              <TableCell>
                {/* The name reads; the id (secondary) is what the API and the CSV use. */}
                <Typography variant="body2">{r.modelName ?? t('usage.deletedModel')}</Typography>
                <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                  {r.modelId}
                </Typography>
              </TableCell>
              <TableCell>{taskText(t, r.task)}</TableCell>
              <TableCell>{formatCount(r.calls)}</TableCell>
              <TableCell>{formatCount(r.failures)}</TableCell>
              {/* Milliseconds as a plain integer (no grouping): the figure is read and compared as is. */}
              <TableCell>{r.meanLatencyMs}</TableCell>
              <TableCell>{formatCount(r.charactersIn)}</TableCell>
              <TableCell>{formatCount(r.audioSecondsIn)}</TableCell>
              <TableCell>{formatCount(r.audioSecondsOut)}</TableCell>
              <TableCell>{formatCount(r.images)}</TableCell>
            </TableRow>
          ))}
        </DataTable>
      </Stack>
    </PageFrame>
  );
}
