import { Fragment, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { modelDetailPath } from '../../../lib/model-navigation.ts';
import { formatDateTime12 } from '../../../lib/dates.ts';
import { coverageText, intervalText, leaderboardMetrics, rankedEntries, scoreText, type LeaderboardEntry } from '../lib/leaderboard.ts';
import { directionText, metricLabel } from '../../../lib/metric-glossary.ts';
import { MetricName } from '../../../components/MetricName.tsx';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { ScrollTabs } from '../../../components/ScrollTabs.tsx';

/** Cells shown from `sm` up; on a phone their content moves under the score. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;
/** Lines shown on a phone only. */
const PHONE_ONLY = { display: { xs: 'block', sm: 'none' } } as const;

/**
 * The leaderboard of a benchmark (docs/product.md#benchmark-datasets-and-leaderboards benchmark details): one tab per metric
 * saying which direction ranks first, and a table Rank, Model (name and version), Score, 95%
 * interval and Coverage; a row's details show the score's signature (the exact scoring recipe,
 * so the number can be reproduced) and when it was scored. On a phone (below `sm`) the interval
 * and coverage move under the score, so the table fits 390 px without scrolling sideways.
 */
export function Leaderboard({
  metrics,
  entries,
  recordCount,
}: {
  metrics: readonly string[];
  entries: readonly LeaderboardEntry[];
  recordCount: number;
}) {
  const { t } = useTranslation();
  const tabs = leaderboardMetrics(metrics, entries);
  const [metric, setMetric] = useState(tabs[0] ?? '');
  const [open, setOpen] = useState<string | null>(null);
  const rows = rankedEntries(entries, metric);
  return (
    <Box component="section" aria-labelledby="leaderboard-title" sx={{ mt: 3 }}>
      <Typography id="leaderboard-title" variant="h6" component="h2">
        {t('benchmarks.leaderboard.title')}
      </Typography>
      {tabs.length > 0 && (
        <ScrollTabs
          value={metric}
          onChange={setMetric}
          label={t('benchmarks.leaderboard.metrics')}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
          tabs={tabs.map((m) => ({
            value: m,
            label: (
              <Box component="span" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
                <span>{metricLabel(m)}</span>
                <Typography component="span" variant="caption" sx={{ textTransform: 'none', lineHeight: 1.2 }}>
                  {directionText(m)}
                </Typography>
              </Box>
            ),
          }))}
        />
      )}
      {metric && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }} component="div">
          <MetricName metric={metric} /> {t('benchmarks.leaderboard.ranked', { direction: directionText(metric) })}
        </Typography>
      )}
      {rows.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3 }} role="status">
          {t('benchmarks.leaderboard.noRecords')}
        </Typography>
      ) : (
        <DataTable
          // Narrower cell padding on a phone leaves the model name room to wrap at words.
          containerSx={{ mt: 1 }}
          size="small"
          label={t('benchmarks.leaderboard.table', { metric: metricLabel(metric) })}
          sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}
          head={
            <TableRow sx={{ '& th': { fontWeight: 600, whiteSpace: 'nowrap' } }}>
              <TableCell>{t('benchmarks.leaderboard.rank')}</TableCell>
              <TableCell>{t('benchmarks.leaderboard.model')}</TableCell>
              <TableCell align="right">{t('benchmarks.leaderboard.score')}</TableCell>
              <TableCell align="right" sx={WIDE_ONLY}>
                <Tooltip title={t('benchmarks.leaderboard.intervalHint')}>
                  <span>{t('benchmarks.leaderboard.interval')}</span>
                </Tooltip>
              </TableCell>
              <TableCell align="right" sx={WIDE_ONLY}>
                <Tooltip title={t('benchmarks.leaderboard.coverageHint')}>
                  <span>{t('benchmarks.leaderboard.coverage')}</span>
                </Tooltip>
              </TableCell>
              <TableCell padding="checkbox" aria-label={t('benchmarks.leaderboard.details')} />
            </TableRow>
          }
        >
          {rows.map((e, i) => {
            const isOpen = open === e.benchmarkProcessId;
            return (
              <Fragment key={e.benchmarkProcessId}>
                <TableRow sx={{ '& > td': { borderBottom: isOpen ? 'unset' : undefined } }}>
                  <TableCell sx={{ fontWeight: 600 }}>
                    {e.modelStatus === 'unpublished' ? '–' : e.position > 0 ? e.position : i + 1}
                  </TableCell>
                  {/* Names wrap between words only: overflow-wrap 'anywhere' let the table shrink the cell and cut them mid-word on phones. */}
                  <TableCell sx={{ overflowWrap: 'break-word', wordBreak: 'normal' }} data-testid="leaderboard-model">
                    <Link component={RouterLink} to={modelDetailPath(e.modelId)}>
                      {e.modelName}
                    </Link>{' '}
                    <Typography component="span" variant="body2" color="text.secondary">
                      {e.modelVersion}
                    </Typography>
                    {e.modelStatus === 'unpublished' && (
                      <Typography component="span" variant="caption" color="warning.dark" sx={{ display: 'block' }}>
                        {t('benchmarks.leaderboard.unpublished')}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
                    {scoreText(e.score)}
                    {/* Phone: the interval and coverage columns are hidden; they show here, under the score. */}
                    <Typography
                      component="span"
                      variant="caption"
                      sx={{ ...PHONE_ONLY, fontWeight: 400, whiteSpace: 'nowrap', color: 'text.secondary' }}
                    >
                      {intervalText(e.ci)}
                    </Typography>
                    {/* May wrap: '25/25 வரிசைகள் (100%)' kept on one line pushed the details button out of a phone's width. */}
                    <Typography
                      component="span"
                      variant="caption"
                      sx={{
                        ...PHONE_ONLY,
                        fontWeight: 400,
                        color: e.coverage < 1 ? 'warning.dark' : 'text.secondary',
                      }}
                    >
                      {coverageText(e.coverage, recordCount)}
                    </Typography>
                  </TableCell>
                  <TableCell align="right" sx={{ ...WIDE_ONLY, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    {intervalText(e.ci)}
                  </TableCell>
                  <TableCell align="right" sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap', color: e.coverage < 1 ? 'warning.dark' : undefined }}>
                    {coverageText(e.coverage, recordCount)}
                  </TableCell>
                  <TableCell padding="checkbox">
                    <IconButton
                      size="small"
                      onClick={() => setOpen(isOpen ? null : e.benchmarkProcessId)}
                      aria-expanded={isOpen}
                      aria-label={t('benchmarks.leaderboard.detailsOf', { model: e.modelName })}
                    >
                      {isOpen ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
                    </IconButton>
                  </TableCell>
                </TableRow>
                {isOpen && (
                  <TableRow>
                    <TableCell colSpan={6} sx={{ bgcolor: 'grey.50' }}>
                      <Box
                        component="dl"
                        sx={{
                          m: 0,
                          display: 'grid',
                          gridTemplateColumns: { xs: '1fr', sm: '120px 1fr' },
                          columnGap: 2,
                          rowGap: 0.5,
                          '& dd': { m: 0 },
                        }}
                      >
                        <Typography component="dt" variant="body2" color="text.secondary">
                          {t('benchmarks.leaderboard.signature')}
                        </Typography>
                        <Typography component="dd" variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                          {e.signature || '-'}
                        </Typography>
                        <Typography component="dt" variant="body2" color="text.secondary">
                          {t('benchmarks.leaderboard.scoredOn')}
                        </Typography>
                        <Typography component="dd" variant="body2">
                          {formatDateTime12(new Date(e.createdOn).toISOString())}
                        </Typography>
                      </Box>
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            );
          })}
        </DataTable>
      )}
    </Box>
  );
}
