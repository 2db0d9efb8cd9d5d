import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { ErrorState } from '../../../components/ErrorState.tsx';
import { LoadingState } from '../../../components/LoadingState.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { useModelUptime } from '../api/usage.ts';
import { percent, sevenDayStrip, stripColour } from '../lib/status.ts';

/**
 * The public status page (/status): every published model with a 7-day strip (one square per UTC
 * day, coloured by the share of its health rounds that answered), uptime over 24 h and 7 d, p50/p95
 * latency and the last failure (docs/api.md#inference, model health).
 */
export default function StatusPage() {
  usePageTitle('Model status');
  const uptime = useModelUptime();
  if (uptime.isPending) return <LoadingState />;
  if (uptime.isError) return <ErrorState message={uptime.error.message} onRetry={() => void uptime.refetch()} />;
  const today = new Date().toISOString().slice(0, 10);
  return (
    <PageFrame title="Model status" subtitle="Health checks of every published model over the last 7 days (UTC).">
      <Table size="small" aria-label="Model status">
        <TableHead>
          <TableRow>
            {['Model', 'Task', 'Last 7 days', 'Uptime 24 h', 'Uptime 7 d', 'Latency p50 / p95', 'Last failure'].map((h) => (
              <TableCell key={h}>{h}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {uptime.data.length === 0 && (
            <TableRow>
              <TableCell colSpan={7}>No published models.</TableCell>
            </TableRow>
          )}
          {uptime.data.map((m) => (
            <TableRow key={m.modelId} data-testid="status-row">
              <TableCell>{m.modelName}</TableCell>
              <TableCell>{m.taskType}</TableCell>
              <TableCell>
                <Stack direction="row" spacing={0.5} aria-label={`${m.modelName}: last 7 days`}>
                  {sevenDayStrip(m.rounds, today).map((d) => (
                    <Tooltip
                      key={d.day}
                      title={`${d.day}: ${d.rounds ? `${percent(d.share)} of ${d.rounds} checks answered` : 'not checked'}`}
                    >
                      <Box
                        role="img"
                        aria-label={`${d.day}: ${percent(d.share)}`}
                        sx={{ width: 14, height: 22, borderRadius: 0.5, bgcolor: stripColour(d.share) }}
                      />
                    </Tooltip>
                  ))}
                </Stack>
              </TableCell>
              <TableCell>{percent(m.uptime24h)}</TableCell>
              <TableCell>{percent(m.uptime7d)}</TableCell>
              <TableCell>{m.p50LatencyMs === null ? '—' : `${m.p50LatencyMs} / ${m.p95LatencyMs} ms`}</TableCell>
              <TableCell>
                {m.lastFailure ? (
                  <Typography variant="body2">
                    {new Date(m.lastFailure.checkedOn).toISOString().slice(0, 16).replace('T', ' ')} UTC
                    {m.lastFailure.reason ? `: ${m.lastFailure.reason}` : ''}
                  </Typography>
                ) : (
                  '—'
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </PageFrame>
  );
}
