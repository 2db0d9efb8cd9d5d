import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { OpenableRow } from '../../../components/OpenableRow.tsx';
import { statusColor } from '../../../lib/status.ts';
import { TablePaging } from '../../../components/TableToolbar.tsx';
import type { SearchTableRow } from '../lib/my-searches.ts';
import { searchViewerPath } from '../../../lib/dataset-navigation.ts';

/** Cells shown from the sm breakpoint up; below it their content is folded into the first cell. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;
const NARROW_ONLY = { display: { xs: 'flex', sm: 'none' } } as const;

/** The path of a completed search's records in the dataset viewer (owner only; docs/product.md#dataset-viewer). */
export const searchRecordsPath = searchViewerPath;

/** A search status as a coloured chip, its word in the interface language (colours of lib/status.ts). */
export function SearchStatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(`search.status.${status}`, { defaultValue: status })}
      color={statusColor(status)}
      variant="filled"
      sx={{ fontWeight: 600, minWidth: 96 }}
    />
  );
}

/** My Searches shows 10 rows per page (docs/product.md#constants-and-limits). */
export const MY_SEARCHES_PAGE_SIZE = 10;

/** The link to a completed search's records in the viewer (none while nothing was found or the search runs). */
function ViewRecordsLink({ row }: { row: SearchTableRow }) {
  const { t } = useTranslation();
  if (!row.hasRecords) return null;
  return (
    <Link
      component={RouterLink}
      to={searchRecordsPath(row.serviceRequestNumber)}
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
      aria-label={t('search.my.viewLabel', { srn: row.serviceRequestNumber })}
      data-testid="search-records-link"
    >
      {t('search.my.view')}
    </Link>
  );
}

/**
 * The My Searches table (docs/product.md#search-and-download): Search Criteria, Searched On, #Record, Status. `rows` is the
 * page to show; `total` and `page` drive the pager. A Completed row with a count opens its result
 * (`onOpen`); the `highlighted` row (a service request number) is scrolled to and tinted.
 */
export function MySearchesTable({
  rows,
  total,
  page,
  onPageChange,
  highlighted,
  onOpen,
}: {
  rows: readonly SearchTableRow[];
  total: number;
  page: number;
  onPageChange: (page: number) => void;
  highlighted: string | null;
  onOpen: (row: SearchTableRow) => void;
}) {
  const { t } = useTranslation();

  return (
    <>
      <DataTable
        label={t('search.my.table')}
        sx={{ minWidth: { xs: 0, sm: 720 } }}
        head={
          <TableRow sx={{ '& th': { fontWeight: 600, whiteSpace: 'nowrap', bgcolor: 'grey.50' } }}>
            <TableCell>{t('search.my.criteria')}</TableCell>
            <TableCell sx={WIDE_ONLY}>{t('search.my.searchedOn')}</TableCell>
            <TableCell align="right" sx={WIDE_ONLY}>
              {t('search.my.records')}
            </TableCell>
            <TableCell sx={WIDE_ONLY}>{t('search.my.status')}</TableCell>
            <TableCell sx={WIDE_ONLY}>{t('search.my.actions')}</TableCell>
          </TableRow>
        }
      >
        {rows.map((row) => (
          <OpenableRow
            key={row.serviceRequestNumber}
            highlighted={row.serviceRequestNumber === highlighted}
            onOpen={row.opensResult ? () => onOpen(row) : undefined}
          >
            <TableCell sx={{ minWidth: { sm: 280 }, maxWidth: 520 }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {row.searchCriteria}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace' }} aria-label={t('search.request.srn')}>
                {row.serviceRequestNumber}
              </Typography>
              {/* Phones: the other columns are folded in here. */}
              <Stack direction="row" useFlexGap spacing={1} sx={{ ...NARROW_ONLY, alignItems: 'center', flexWrap: 'wrap', mt: 0.75 }}>
                <SearchStatusChip status={row.status} />
                <Typography variant="caption" color="text.secondary">
                  {[row.searchedOn, row.recordsWithUnit].filter(Boolean).join(' · ')}
                </Typography>
                <ViewRecordsLink row={row} />
              </Stack>
            </TableCell>
            <TableCell sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>{row.searchedOn}</TableCell>
            <TableCell align="right" sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>
              {row.records}
            </TableCell>
            <TableCell sx={WIDE_ONLY}>
              <SearchStatusChip status={row.status} />
            </TableCell>
            <TableCell sx={WIDE_ONLY}>
              <ViewRecordsLink row={row} />
            </TableCell>
          </OpenableRow>
        ))}
      </DataTable>
      <TablePaging count={total} page={page} pageSize={MY_SEARCHES_PAGE_SIZE} onPageChange={onPageChange} />
    </>
  );
}
