import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ChartBar } from '../api/store-search.ts';
import { barColour, formatNumber, type MetricUnit } from '../lib/format.ts';

/**
 * The chart's bars as a table (full labels, exact values): the keyboard and screen-reader way to
 * read the chart and to drill down, since chart bars cannot take focus.
 */
export function BarTable({ bars, unit, groupLabel, onBarClick }: { bars: ChartBar[]; unit: MetricUnit; groupLabel: string; onBarClick?: (bar: ChartBar) => void }) {
  return (
    <Table size="small" aria-label="Chart values">
      <TableHead>
        <TableRow>
          <TableCell>{groupLabel}</TableCell>
          <TableCell align="right">Total ({unit})</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {bars.map((b, i) => (
          <TableRow key={b._id}>
            <TableCell>
              <Box component="span" aria-hidden sx={{ display: 'inline-block', width: 10, height: 10, borderRadius: '2px', bgcolor: barColour(i), mr: 1 }} />
              {onBarClick ? (
                <Link component="button" type="button" onClick={() => onBarClick(b)} sx={{ verticalAlign: 'baseline', textAlign: 'left' }}>
                  {b.label}
                </Link>
              ) : (
                b.label
              )}
            </TableCell>
            <TableCell align="right">{formatNumber(b.value)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
