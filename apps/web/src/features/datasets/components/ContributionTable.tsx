import { useEffect, useRef } from 'react';
import { alpha } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Contribution } from '../api/list-contributions.ts';
import { datasetTypeLabel, formatSubmittedOn } from '../lib/format.ts';
import { StatusChip } from '../../../components/StatusChip.tsx';
import { FixedSizePagination } from '../../../components/TableToolbar.tsx';

/** Contribution tables show 10 rows per page (docs/product.md#constants-and-limits). */
export const CONTRIBUTION_PAGE_SIZE = 10;

/**
 * The Submitted Dataset table (docs/product.md#dataset-screens): Service Request Number, Dataset Name, Dataset Type,
 * Status, Submitted On, paged by 10. The `highlighted` row (a submitRefNumber) is scrolled into
 * view and tinted; a click on a row calls `onOpen`.
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
  const highlightRef = useRef<HTMLTableRowElement | null>(null);
  const visible = rows.slice(page * CONTRIBUTION_PAGE_SIZE, (page + 1) * CONTRIBUTION_PAGE_SIZE);

  useEffect(() => {
    if (highlighted) highlightRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  }, [highlighted, page]);

  return (
    <>
      <TableContainer>
        <Table size="medium" aria-label="Submitted datasets" sx={{ minWidth: 720 }}>
          <TableHead>
            <TableRow sx={{ '& th': { fontWeight: 600, whiteSpace: 'nowrap', bgcolor: 'grey.50' } }}>
              <TableCell>Service Request Number</TableCell>
              <TableCell>Dataset Name</TableCell>
              <TableCell>Dataset Type</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Submitted On</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.map((row) => {
              const isHighlighted = row.submitRefNumber === highlighted;
              return (
                <TableRow
                  key={row.submitRefNumber}
                  ref={isHighlighted ? highlightRef : undefined}
                  hover
                  tabIndex={0}
                  selected={isHighlighted}
                  data-highlighted={isHighlighted || undefined}
                  onClick={() => onOpen(row)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') onOpen(row);
                  }}
                  sx={{
                    cursor: 'pointer',
                    transition: 'background-color 600ms ease',
                    '&.Mui-selected, &.Mui-selected:hover': { bgcolor: (t) => alpha(t.palette.primary.main, 0.16) },
                  }}
                >
                  <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{row.submitRefNumber}</TableCell>
                  <TableCell sx={{ minWidth: 200, maxWidth: 360, overflowWrap: 'anywhere' }}>{row.datasetName}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{datasetTypeLabel(row.datasetType)}</TableCell>
                  <TableCell>
                    <StatusChip status={row.status} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatSubmittedOn(row.submittedOn)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <FixedSizePagination count={rows.length} page={page} pageSize={CONTRIBUTION_PAGE_SIZE} onPageChange={onPageChange} />
    </>
  );
}
