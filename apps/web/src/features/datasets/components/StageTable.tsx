import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { StageStatus } from '../api/submission-status.ts';
import { sortStages, stageCounts } from '../lib/stages.ts';
import { formatStageCount } from '../lib/format.ts';
import { StatusChip } from '../../../components/StatusChip.tsx';

const STAGE_LABELS: Record<string, string> = { download: 'Download', ingest: 'Ingest', validate: 'Validate', publish: 'Publish' };

/**
 * The stages of a submission (docs/product.md#dataset-screens "Dataset status detail"): Stage, Status, Success Count,
 * Failed Count, in pipeline order. For time-based dataset types the counts carry hours. A stage
 * that never ran ('Not Run': an earlier stage ended the submission) shows no counts.
 */
export function StageTable({ stages, datasetType }: { stages: readonly StageStatus[]; datasetType: string | null | undefined }) {
  return (
    <TableContainer>
      <Table aria-label="Processing stages" sx={{ minWidth: { sm: 520 }, '& td, & th': { px: { xs: 1, sm: 2 } } }}>
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600, whiteSpace: 'nowrap', bgcolor: 'grey.50' } }}>
            <TableCell>Stage</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">Success Count</TableCell>
            <TableCell align="right">Failed Count</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sortStages(stages).map((s) => {
            // A stage that never ran has no counts to show (not zero successes).
            const c: ReturnType<typeof stageCounts> = s.status === 'Not Run' ? {} : stageCounts(s);
            return (
              <TableRow key={s.stage}>
                <TableCell sx={{ fontWeight: 500 }}>{STAGE_LABELS[s.stage] ?? s.stage}</TableCell>
                <TableCell>
                  <StatusChip status={s.status} />
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatStageCount(c.success, c.successSeconds, datasetType)}
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatStageCount(c.failed, c.failedSeconds, datasetType)}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
