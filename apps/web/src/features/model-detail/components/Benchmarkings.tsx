import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ModelRecord } from '@ulca/contracts';
import { MetricName } from '../../../components/MetricName.tsx';
import { benchmarkDetailPath, type BenchmarkDetailState } from '../../../lib/benchmark-navigation.ts';
import { metricLabel } from '../../../lib/metric-glossary.ts';
import { formatDateTime12 } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { benchmarkName } from '../../../lib/platform-content.ts';
import { ScrollTabs } from '../../../components/ScrollTabs.tsx';

/**
 * The Benchmarkings section (docs/product.md#screens): one tab per metric and the model's runs for it, newest
 * first (day/month/year, 12-hour time), each row linking to the benchmark's page (whose back button
 * returns here); the metric's tooltip links to the metric definitions. With none, 'No benchmark runs yet'.
 */
export function Benchmarkings({ model }: { model: ModelRecord }) {
  const { t } = useTranslation();
  const metrics = [...new Set([...model.metric, ...model.benchmarkPerformance.map((b) => b.metric)])];
  const [metric, setMetric] = useState(metrics[0] ?? '');
  const { pathname, search } = useLocation();
  const runs = model.benchmarkPerformance.filter((b) => b.metric === metric).sort((a, b) => b.createdOn - a.createdOn);
  return (
    <Box component="section" aria-labelledby="benchmarkings-title" sx={{ mt: 4 }}>
      <Typography id="benchmarkings-title" variant="h6" component="h2">
        {t('modelDetail.bench.title')}
      </Typography>
      {metrics.length > 0 && (
        <ScrollTabs
          value={metric}
          onChange={setMetric}
          label={t('modelDetail.bench.metrics')}
          tabs={metrics.map((m) => ({ value: m, label: metricLabel(m) }))}
        />
      )}
      {metric && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }} component="div">
          <MetricName metric={metric} showDirection />
        </Typography>
      )}
      {runs.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3 }} role="status">
          {t('modelDetail.bench.none')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('modelDetail.bench.runsOf', { metric: metricLabel(metric) })}>
            <TableHead>
              <TableRow>
                <TableCell>{t('modelDetail.bench.dataset')}</TableCell>
                <TableCell>{t('modelDetail.bench.metric')}</TableCell>
                <TableCell align="right">{t('modelDetail.bench.score')}</TableCell>
                <TableCell>{t('modelDetail.bench.runOn')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {runs.map((r) => (
                <TableRow key={r.benchmarkProcessId ?? `${r.benchmarkDatasetId}-${r.createdOn}`}>
                  <TableCell>
                    <Link
                      component={RouterLink}
                      to={benchmarkDetailPath(r.benchmarkDatasetId)}
                      state={{ from: 'model', backTo: `${pathname}${search}` } satisfies BenchmarkDetailState}
                    >
                      {benchmarkName(t, { contentKey: r.benchmarkContentKey, name: r.benchmarkDatasetName })}
                    </Link>
                  </TableCell>
                  <TableCell>{metricLabel(r.metric)}</TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {r.score == null ? '--' : r.score.toFixed(2)}
                  </TableCell>
                  <TableCell>{formatDateTime12(new Date(r.createdOn).toISOString())}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
