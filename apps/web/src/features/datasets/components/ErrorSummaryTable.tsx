import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ErrorSummaryRow } from '../api/error-report.ts';

const countFormat = new Intl.NumberFormat('en-US');

/**
 * The error summary of a submission: one row per stage and error code, with its record count.
 * `label` names the table for assistive technology (default "Error summary").
 */
export function ErrorSummaryTable({ rows, label = 'Error summary' }: { rows: readonly ErrorSummaryRow[]; label?: string }) {
  return (
    <TableContainer>
      <Table size="small" aria-label={label} sx={{ minWidth: 520, '& td, & th': { px: { xs: 1, sm: 2 } } }}>
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600, whiteSpace: 'nowrap', bgcolor: 'grey.50' } }}>
            <TableCell>Stage</TableCell>
            <TableCell>Code</TableCell>
            <TableCell>Message</TableCell>
            <TableCell align="right">Count</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={`${r.stage}:${r.code}:${r.message}`}>
              <TableCell sx={{ textTransform: 'capitalize' }}>{r.stage}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{r.code}</TableCell>
              <TableCell sx={{ minWidth: 220, overflowWrap: 'anywhere' }}>{r.message}</TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {countFormat.format(r.count)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
