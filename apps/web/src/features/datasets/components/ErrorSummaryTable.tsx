import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ErrorSummaryRow } from '../api/error-report.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { STAGES } from '../lib/stages.ts';
import { formatCount } from '../lib/format.ts';

/**
 * The error summary of a submission: one row per stage and error code, with its record count.
 * `label` names the table for assistive technology (default "Error summary"). In Hindi and Tamil a
 * known code's meaning comes from the catalogue, the server's English detail under it
 * (docs/product.md#languages-of-the-interface "server messages"); in English the server's text alone. On a
 * phone the code moves under the message so that Count stays on screen.
 */
export function ErrorSummaryTable({ rows, label }: { rows: readonly ErrorSummaryRow[]; label?: string }) {
  const { t, lang } = useTranslation();
  const stageName = (s: string) => ((STAGES as readonly string[]).includes(s) ? t(`datasets.stages.${s}`) : s);
  const meaning = (code: string) => (lang === 'en' ? '' : t(`datasets.errorCode.${code}`, { defaultValue: '' }));
  return (
    <TableContainer>
      <Table
        size="small"
        aria-label={label ?? t('datasets.errors.tableLabel')}
        sx={{ minWidth: { sm: 520 }, '& td, & th': { px: { xs: 0.75, sm: 2 } } }}
      >
        <TableHead>
          <TableRow sx={{ '& th': { fontWeight: 600, whiteSpace: 'nowrap', bgcolor: 'grey.50' } }}>
            <TableCell>{t('datasets.errors.stage')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('datasets.errors.code')}</TableCell>
            <TableCell>{t('datasets.errors.message')}</TableCell>
            <TableCell align="right">{t('datasets.errors.count')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => {
            const local = meaning(r.code);
            return (
              <TableRow key={`${r.stage}:${r.code}:${r.message}`}>
                <TableCell sx={{ textTransform: lang === 'en' ? 'capitalize' : undefined }}>{stageName(r.stage)}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
                  {r.code}
                </TableCell>
                <TableCell sx={{ minWidth: { sm: 220 }, overflowWrap: 'anywhere' }}>
                  {local && (
                    <Box component="span" sx={{ display: 'block' }}>
                      {local}
                    </Box>
                  )}
                  <Box
                    component="span"
                    lang={local ? 'en' : undefined}
                    sx={local ? { display: 'block', color: 'text.secondary', fontSize: '0.75rem' } : undefined}
                  >
                    {r.message}
                  </Box>
                  <Box
                    component="span"
                    data-phone-only
                    sx={{ display: { xs: 'block', sm: 'none' }, fontFamily: 'monospace', fontSize: '0.7rem', color: 'text.secondary' }}
                  >
                    {r.code}
                  </Box>
                </TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatCount(r.count)}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
