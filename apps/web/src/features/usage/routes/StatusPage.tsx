import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { LoadingState } from '../../../components/LoadingState.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { localizeMessage, useTranslation } from '../../../lib/i18n/i18n.ts';
import { formatCount, formatUtcDay, taskText } from '../lib/format.ts';
import { formatDateTime24 } from '../../../lib/dates.ts';
import { useModelUptime } from '../api/usage.ts';
import { percent, sevenDayStrip, stripColour } from '../lib/status.ts';

/**
 * The public status page (/status): every published model with a 7-day strip (one square per UTC
 * day, coloured by the share of its health rounds that answered), uptime over 24 h and 7 d, p50/p95
 * latency and the last failure (docs/api.md#inference, model health).
 */
export default function StatusPage() {
  const { t } = useTranslation();
  usePageTitle(t('usage.status.title'));
  const uptime = useModelUptime();
  if (uptime.isPending) return <LoadingState />;
  if (uptime.isError) return <ErrorState message={localizeMessage(uptime.error.message) ?? ''} onRetry={() => void uptime.refetch()} />;
  const today = new Date().toISOString().slice(0, 10);
  return (
    <PageFrame title={t('usage.status.title')} subtitle={t('usage.status.subtitle')}>
      {/* Focusable, so a keyboard can scroll it on a phone. */}
      <DataTable
        region
        size="small"
        label={t('usage.status.title')}
        head={
          <TableRow>
            {(['model', 'task', 'last7', 'uptime24', 'uptime7', 'latency', 'lastFailure'] as const).map((h) => (
              <TableCell key={h}>{t(`usage.status.col.${h}`)}</TableCell>
            ))}
          </TableRow>
        }
      >
        {uptime.data.length === 0 && (
          <TableRow>
            <TableCell colSpan={7}>{t('usage.status.noModels')}</TableCell>
          </TableRow>
        )}
        {uptime.data.map((m) => (
          <TableRow key={m.modelId} data-testid="status-row">
            <TableCell>{m.modelName}</TableCell>
            <TableCell>{taskText(t, m.taskType)}</TableCell>
            <TableCell>
              <Stack direction="row" spacing={0.5} aria-label={t('usage.status.strip', { model: m.modelName })}>
                {sevenDayStrip(m.rounds, today).map((d) => (
                  <Tooltip
                    key={d.day}
                    title={
                      d.rounds
                        ? t('usage.status.dayChecked', {
                            day: formatUtcDay(d.day),
                            share: percent(d.share),
                            rounds: formatCount(d.rounds),
                          })
                        : t('usage.status.dayNotChecked', { day: formatUtcDay(d.day) })
                    }
                  >
                    <Box
                      role="img"
                      aria-label={`${formatUtcDay(d.day)}: ${percent(d.share)}`}
                      sx={{ width: 14, height: 22, borderRadius: 0.5, bgcolor: stripColour(d.share) }}
                    />
                  </Tooltip>
                ))}
              </Stack>
            </TableCell>
            <TableCell>{percent(m.uptime24h)}</TableCell>
            <TableCell>{percent(m.uptime7d)}</TableCell>
            <TableCell>
              {m.p50LatencyMs === null
                ? '—'
                : t('usage.status.latencyMs', { p50: formatCount(m.p50LatencyMs), p95: formatCount(m.p95LatencyMs ?? 0) })}
            </TableCell>
            <TableCell>
              {m.lastFailure ? (
                <Typography variant="body2">
                  {t('usage.status.utc', { time: formatDateTime24(new Date(m.lastFailure.checkedOn).toISOString(), 'UTC') })}
                  {m.lastFailure.reason ? `: ${m.lastFailure.reason}` : ''}
                </Typography>
              ) : (
                '—'
              )}
            </TableCell>
          </TableRow>
        ))}
      </DataTable>
    </PageFrame>
  );
}
