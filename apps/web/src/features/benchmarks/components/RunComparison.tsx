import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MAX_COMPARED_RUNS } from '@ulca/contracts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { runOutputsUrl, useCompareRuns } from '../api/benchmarks.ts';
import { benchmarkErrorText } from '../lib/errors.ts';
import { formatDecimal, scoreText, type LeaderboardEntry } from '../lib/leaderboard.ts';
import { metricLabel } from '../../../lib/metric-glossary.ts';

const num = (x: number | null) => (x === null ? '—' : scoreText(x));

/**
 * Comparison of runs on the leaderboard (docs/product.md#benchmark-datasets-and-leaderboards): pick
 * a metric and 2–5 of its runs; shows each run's score with its bootstrap interval, each pair's
 * paired bootstrap p-value (or "no difference" when the server finds the outputs or scores equal),
 * a line explaining the test, the metric and test versions, and the examples where the runs differ most, side by side. A run's
 * per-example outputs download as JSON Lines when the caller may read them; on a hidden benchmark the
 * server leaves out inputs, references and others' outputs (docs/api.md#who-sees-a-benchmarks-rows).
 */
export function RunComparison({ entries }: { entries: readonly LeaderboardEntry[] }) {
  const { t } = useTranslation();
  const metrics = [...new Set(entries.map((e) => e.metric))];
  const [metric, setMetric] = useState(metrics[0] ?? '');
  const [selected, setSelected] = useState<string[]>([]);
  const compare = useCompareRuns();
  const runs = entries.filter((e) => e.metric === metric);
  if (runs.length === 0) return null;
  const toggle = (id: string) =>
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : s.length < MAX_COMPARED_RUNS ? [...s, id] : s));
  const data = compare.data?.data;
  // Runs of one metric usually share their signature: each distinct one is named once.
  const signatures = [...new Set((data?.runs ?? []).map((r) => r.signature).filter((x): x is string => x !== null))];
  const nameOf = (id: string) => {
    const r = data?.runs.find((x) => x.benchmarkProcessId === id);
    return r ? `${r.modelName} ${r.modelVersion}` : id;
  };
  return (
    <Box component="section" aria-labelledby="compare-title" sx={{ mt: 3 }}>
      <Typography id="compare-title" variant="h6" component="h2">
        {t('benchmarks.compare.title')}
      </Typography>
      <TextField
        select
        size="small"
        label={t('benchmarks.compare.metric')}
        value={metric}
        onChange={(e) => {
          setMetric(e.target.value);
          setSelected([]);
          compare.reset();
        }}
        sx={{ my: 1, minWidth: 160 }}
      >
        {metrics.map((m) => (
          <MenuItem key={m} value={m}>
            {metricLabel(m)}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: 'flex', flexDirection: 'column' }}>
        {runs.map((r) => (
          <Box key={r.benchmarkProcessId} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <FormControlLabel
              control={<Checkbox checked={selected.includes(r.benchmarkProcessId)} onChange={() => toggle(r.benchmarkProcessId)} />}
              label={`${r.modelName} ${r.modelVersion} — ${scoreText(r.score)}`}
            />
            {r.outputsVisible !== false && (
              <Link href={runOutputsUrl(r.benchmarkProcessId)} variant="body2">
                {t('benchmarks.compare.outputs')}
              </Link>
            )}
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1 }}>
        <Button variant="contained" disabled={selected.length < 2 || compare.isPending} onClick={() => compare.mutate(selected)}>
          {t('benchmarks.compare.compare')}
        </Button>
        {selected.length < 2 && (
          <Typography variant="body2" color="text.secondary" role="status">
            {t('benchmarks.compare.selectTwo')}
          </Typography>
        )}
      </Box>
      {compare.isError && (
        <Typography color="error" sx={{ mt: 1 }} role="alert">
          {benchmarkErrorText(compare.error)}
        </Typography>
      )}
      {data && (
        // Focusable: a keyboard user can scroll the wide tables sideways (axe scrollable-region-focusable).
        <Box sx={{ mt: 2, overflowX: 'auto' }} data-testid="comparison" tabIndex={0}>
          <Table size="small" aria-label={t('benchmarks.compare.tests')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('benchmarks.compare.pair')}</TableCell>
                <TableCell align="right">{t('benchmarks.compare.scores')}</TableCell>
                <TableCell align="right">{t('benchmarks.compare.pValue')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.pairs.map((p) => (
                <TableRow key={`${p.a}-${p.b}`}>
                  <TableCell>{t('benchmarks.compare.versus', { a: nameOf(p.a), b: nameOf(p.b) })}</TableCell>
                  <TableCell align="right">
                    {num(p.scoreA)} / {num(p.scoreB)}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: p.significant ? 600 : 400 }}>
                    {p.noDifference
                      ? t(p.identicalOutputs ? 'benchmarks.compare.noDifferenceIdentical' : 'benchmarks.compare.noDifferenceEqual')
                      : `${formatDecimal(p.pValue, 4)} ${t(p.significant ? 'benchmarks.compare.significant' : 'benchmarks.compare.notSignificant')}`}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('benchmarks.compare.explain', { samples: formatDecimal(data.samples, 0) })}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            {t('benchmarks.compare.method', {
              samples: formatDecimal(data.samples, 0),
              seed: data.seed,
              runs: data.runs.map((r) => `${r.modelName} ${scoreText(r.bootstrap.mean)} ± ${scoreText(r.bootstrap.ci)}`).join('; '),
            })}
          </Typography>
          {signatures.length > 0 && (
            // Signatures are long unbroken strings: they wrap anywhere rather than widen a phone's page.
            <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
              {t('benchmarks.compare.versions', { test: data.testSignature, signatures: signatures.join('; ') })}
            </Typography>
          )}
          <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
            {t('benchmarks.compare.examples')}
          </Typography>
          {data.visibility === 'hidden' && (data.examples.length === 0 || data.examples.some((e) => e.input === null)) && (
            <Typography variant="body2" color="text.secondary" role="note">
              {t(data.examples.length === 0 ? 'benchmarks.compare.noRows' : 'benchmarks.compare.hiddenRows')}
            </Typography>
          )}
          <Table
            size="small"
            aria-label={t('benchmarks.compare.examplesTable')}
            sx={{ '& td': { verticalAlign: 'top', overflowWrap: 'anywhere' } }}
          >
            <TableHead>
              <TableRow>
                <TableCell>{t('benchmarks.compare.inputReference')}</TableCell>
                {data.runs.map((r) => (
                  <TableCell key={r.benchmarkProcessId}>{`${r.modelName} ${r.modelVersion}`}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.examples.map((e) => (
                <TableRow key={e.seq}>
                  <TableCell>
                    {/* dir auto: an Urdu or other right-to-left text reads in its own direction. */}
                    <Typography variant="body2" dir="auto">
                      {e.input ?? <em>{t('benchmarks.compare.hidden')}</em>}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" dir="auto">
                      {e.reference ?? <em>{t('benchmarks.compare.hidden')}</em>}
                    </Typography>
                  </TableCell>
                  {e.outputs.map((o) => (
                    <TableCell key={o.benchmarkProcessId}>
                      <Typography variant="body2" dir="auto">
                        {o.hypothesis === null ? (
                          <em>{t('benchmarks.compare.hidden')}</em>
                        ) : o.failed ? (
                          <em>{t('benchmarks.compare.failed')}</em>
                        ) : (
                          o.hypothesis
                        )}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {num(o.score)}
                      </Typography>
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
