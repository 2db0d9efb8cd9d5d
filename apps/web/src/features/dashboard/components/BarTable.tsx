import { useTranslation } from '../../../lib/i18n/i18n.ts';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ChartBar } from '../api/store-search.ts';
import { barColour, formatNumber, type MetricUnit } from '../lib/format.ts';

/**
 * The chart's bars as a table (full labels, exact values, each label a button that drills down
 * like its bar), shown under the chart while `open`, folding open and shut. The dashboard's
 * "Show values as a table" view; a lazy chunk (default export) loaded when first opened.
 */
export default function BarTable({
  open,
  bars,
  unit,
  groupLabel,
  onBarClick,
}: {
  open: boolean;
  bars: ChartBar[];
  unit: MetricUnit;
  groupLabel: string;
  onBarClick?: (bar: ChartBar) => void;
}) {
  const { t } = useTranslation();
  return (
    <Collapse in={open} unmountOnExit>
      <Table size="small" aria-label={t('dashboard.chartValues')}>
        <TableHead>
          <TableRow>
            <TableCell>{groupLabel}</TableCell>
            <TableCell align="right">{t('dashboard.totalIn', { unit: t(`dashboard.unitWord.${unit}`, { count: 2 }) })}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {bars.map((b, i) => (
            <TableRow key={b._id}>
              <TableCell>
                <Box
                  component="span"
                  aria-hidden
                  sx={{ display: 'inline-block', width: 10, height: 10, borderRadius: '2px', bgcolor: barColour(i), mr: 1 }}
                />
                {onBarClick ? (
                  <Link
                    component="button"
                    type="button"
                    onClick={() => onBarClick(b)}
                    sx={{ verticalAlign: 'baseline', textAlign: 'left' }}
                  >
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
    </Collapse>
  );
}
