import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Contribution } from '../api/list-contributions.ts';
import { datasetTypeLabel, formatSubmittedOn } from '../lib/format.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { CONTRIBUTION_COLUMNS, phoneDisplay } from '../lib/columns.ts';
import { ProcessStatusChip } from './ProcessStatusChip.tsx';
import { OpenableRow } from '../../../components/OpenableRow.tsx';
import { TablePaging } from '../../../components/TableToolbar.tsx';

/** Contribution tables show 10 rows per page (docs/product.md#constants-and-limits). */
export const CONTRIBUTION_PAGE_SIZE = 10;

/**
 * The Submitted Dataset table (docs/product.md#dataset-screens): Service Request Number, Dataset Name, Dataset Type,
 * Status, Submitted On, paged by 10. On a phone only Dataset Name and Status keep a column; the
 * others move under the name (CONTRIBUTION_COLUMNS). The `highlighted` row (a submitRefNumber) is
 * scrolled into view and tinted; a click on a row calls `onOpen`.
 */
export function ContributionTable({
  rows,
  page,
  onPageChange,
  highlighted,
  onOpen,
}: {
  rows: readonly Contribution[];
  page: number;
  onPageChange: (page: number) => void;
  highlighted: string | null;
  onOpen: (row: Contribution) => void;
}) {
  const { t } = useTranslation();
  const visible = rows.slice(page * CONTRIBUTION_PAGE_SIZE, (page + 1) * CONTRIBUTION_PAGE_SIZE);
  const show = (key: (typeof CONTRIBUTION_COLUMNS)[number]['key']) => ({ display: phoneDisplay(CONTRIBUTION_COLUMNS, key) });

  return (
    <>
      <TableContainer>
        <Table
          size="medium"
          aria-label={t('datasets.contribution.tableLabel')}
          sx={{ minWidth: { sm: 720 }, '& td, & th': { px: { xs: 1, sm: 2 } } }}
        >
          <TableHead>
            <TableRow sx={{ '& th': { fontWeight: 600, whiteSpace: 'nowrap', bgcolor: 'grey.50' } }}>
              <TableCell sx={show('srn')}>{t('datasets.contribution.srn')}</TableCell>
              <TableCell sx={show('datasetName')}>{t('datasets.contribution.datasetName')}</TableCell>
              <TableCell sx={show('datasetType')}>{t('datasets.contribution.datasetType')}</TableCell>
              <TableCell sx={show('status')}>{t('datasets.contribution.status')}</TableCell>
              <TableCell sx={show('submittedOn')}>{t('datasets.contribution.submittedOn')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.map((row) => (
              <OpenableRow key={row.submitRefNumber} highlighted={row.submitRefNumber === highlighted} onOpen={() => onOpen(row)}>
                <TableCell sx={{ ...show('srn'), fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{row.submitRefNumber}</TableCell>
                <TableCell sx={{ minWidth: { sm: 200 }, maxWidth: 360, overflowWrap: 'anywhere' }}>
                  {row.datasetName}
                  {/* On a phone the columns left out are read here, under the name. */}
                  <Box
                    component="span"
                    data-phone-only
                    sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary', fontSize: '0.75rem', mt: 0.5 }}
                  >
                    {datasetTypeLabel(row.datasetType)} · {formatSubmittedOn(row.submittedOn)}
                    <br />
                    {row.submitRefNumber}
                  </Box>
                </TableCell>
                <TableCell sx={{ ...show('datasetType'), whiteSpace: 'nowrap' }}>{datasetTypeLabel(row.datasetType)}</TableCell>
                <TableCell>
                  <ProcessStatusChip status={row.status} />
                </TableCell>
                <TableCell sx={{ ...show('submittedOn'), whiteSpace: 'nowrap' }}>{formatSubmittedOn(row.submittedOn)}</TableCell>
              </OpenableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePaging count={rows.length} page={page} pageSize={CONTRIBUTION_PAGE_SIZE} onPageChange={onPageChange} />
    </>
  );
}
