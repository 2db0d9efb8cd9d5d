import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { StageStatus } from '../api/submission-status.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { sortStages, STAGES, stageCounts } from '../lib/stages.ts';
import { formatStageCount } from '../lib/format.ts';
import { phoneDisplay, STAGE_COLUMNS } from '../lib/columns.ts';
import Box from '@mui/material/Box';
import { ProcessStatusChip } from './ProcessStatusChip.tsx';

/** `full` on wider screens; on a phone `short` is shown and `full` stays the header's name for screen readers. */
function PhoneShort({ full, short }: { full: string; short: string }) {
  return (
    <>
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        {full}
      </Box>
      <Box component="span" data-phone-only sx={{ display: { xs: 'inline', sm: 'none' } }} aria-hidden="true">
        {short}
      </Box>
      <Box component="span" data-phone-only sx={visuallyHiddenOnPhone}>
        {full}
      </Box>
    </>
  );
}

/** Read by screen readers, not shown (on a phone only; wider screens show the full text itself). */
const visuallyHiddenOnPhone = {
  display: { xs: 'inline', sm: 'none' },
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The stages of a submission (docs/product.md#dataset-screens "Dataset status detail"): Stage, Status, Success Count,
 * Failed Count, in pipeline order. For time-based dataset types the counts carry hours. A stage
 * that never ran ('Not Run': an earlier stage ended the submission) shows no counts. On a phone
 * the status chip sits under the stage name (STAGE_COLUMNS), so Status, Success Count and Failed
 * Count all stay on screen in every interface language.
 */
export function StageTable({ stages, datasetType }: { stages: readonly StageStatus[]; datasetType: string | null | undefined }) {
  const { t } = useTranslation();
  const stageName = (s: string) => ((STAGES as readonly string[]).includes(s) ? t(`datasets.stages.${s}`) : s);
  return (
    <TableContainer>
      <Table
        aria-label={t('datasets.stages.tableLabel')}
        sx={{
          minWidth: { sm: 520 },
          // On a phone the three columns share the width as set below (short count headers).
          tableLayout: { xs: 'fixed', sm: 'auto' },
          '& td, & th': { px: { xs: 0.75, sm: 2 }, overflowWrap: { xs: 'anywhere', sm: 'normal' } },
        }}
      >
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600, whiteSpace: { xs: 'normal', sm: 'nowrap' }, bgcolor: 'grey.50' } }}>
            <TableCell sx={{ width: { xs: '50%', sm: 'auto' } }}>{t('datasets.stages.stage')}</TableCell>
            <TableCell sx={{ display: phoneDisplay(STAGE_COLUMNS, 'status') }}>{t('datasets.stages.status')}</TableCell>
            <TableCell align="right" sx={{ width: { xs: '25%', sm: 'auto' } }}>
              <PhoneShort full={t('datasets.stages.successCount')} short={t('datasets.stages.successShort')} />
            </TableCell>
            <TableCell align="right" sx={{ width: { xs: '25%', sm: 'auto' } }}>
              <PhoneShort full={t('datasets.stages.failedCount')} short={t('datasets.stages.failedShort')} />
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sortStages(stages).map((s) => {
            // A stage that never ran has no counts to show (not zero successes).
            const c: ReturnType<typeof stageCounts> = s.status === 'Not Run' ? {} : stageCounts(s);
            return (
              <TableRow key={s.stage}>
                <TableCell sx={{ fontWeight: 500 }}>
                  {stageName(s.stage)}
                  <Box data-phone-only sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }}>
                    <ProcessStatusChip status={s.status} />
                  </Box>
                </TableCell>
                <TableCell sx={{ display: phoneDisplay(STAGE_COLUMNS, 'status') }}>
                  <ProcessStatusChip status={s.status} />
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
