import { Link as RouterLink, useLocation, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { QueryState } from '../../../components/QueryState.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { useBenchmark, useSetBenchmarkVisibility } from '../api/benchmarks.ts';
import { Leaderboard } from '../components/Leaderboard.tsx';
import { RunComparison } from '../components/RunComparison.tsx';
import { MetricGlossary } from '../components/MetricGlossary.tsx';
import { backLink, benchmarkTaskLabel } from '../../../lib/benchmark-navigation.ts';
import { benchmarkLanguageText } from '../lib/list.ts';
import { formatCount } from '../lib/leaderboard.ts';
import { isNotFound } from '../lib/errors.ts';
import { MessageBlock } from '../../../components/StateViews.tsx';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { benchmarkDescription, benchmarkName } from '../../../lib/platform-content.ts';
import { domainNames } from '../../../lib/i18n/names.ts';
import { BENCHMARK_API } from '@ulca/contracts';

/**
 * /model/benchmark-details/:benchmarkId (public; docs/product.md#benchmark-datasets-and-leaderboards "Benchmark details"): a back button
 * that names the page it returns to, the dataset's name, Download, description, the Task,
 * Languages, Domain and Submitter cards, the leaderboard per metric and the metric definitions.
 * A benchmark that does not exist (404) says so with a way back to the list, never "Try again"
 *; a bundled benchmark's Download gives its zip (docs/benchmarks.md#bundled-benchmarks).
 * Whether its test set is open or hidden shows under the title; its owner (or an ADMIN) switches it
 * there (docs/api.md#who-sees-a-benchmarks-rows).
 */
export default function BenchmarkDetailsPage() {
  const { t } = useTranslation();
  const { benchmarkId = '' } = useParams();
  const { state } = useLocation();
  const back = backLink(state);
  const query = useBenchmark(benchmarkId);
  const setVisibility = useSetBenchmarkVisibility();
  const b = query.data;
  usePageTitle(b ? benchmarkName(t, b) : t('benchmarks.details.title'));
  // refUrl: the address the dataset was submitted from, or the zip of a benchmark bundled with the platform.
  const downloadUrl = b?.refUrl ?? null;
  const bundled = !!downloadUrl && downloadUrl.includes(BENCHMARK_API.download);
  const missing = query.isError && isNotFound(query.error);

  const details = (b: NonNullable<typeof query.data>) => {
    const hidden = b.visibility === 'hidden';
    const cards = [
      { label: t('benchmarks.field.task'), value: benchmarkTaskLabel(b.task.type) },
      { label: t('benchmarks.field.languages'), value: benchmarkLanguageText(b.languages) },
      { label: t('benchmarks.field.domain'), value: domainNames(b.domain) || '-' },
      { label: t('benchmarks.field.submitter'), value: b.submitter.name || '-' },
    ];
    return (
      <>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {benchmarkName(t, b)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {t('benchmarks.details.rows', { count: b.recordCount, n: formatCount(b.recordCount) })}
              {b.license ? ` · ${t('benchmarks.details.license', { license: b.license.toUpperCase() })}` : ''}
            </Typography>
          </Box>
          <Tooltip
            title={
              downloadUrl
                ? t(bundled ? 'benchmarks.details.bundledDownloadHint' : 'benchmarks.details.downloadHint')
                : t(b.visibility === 'hidden' ? 'benchmarks.details.hiddenDownload' : 'benchmarks.details.noDownload')
            }
          >
            <span>
              <Button
                variant="contained"
                startIcon={<DownloadIcon />}
                disabled={!downloadUrl}
                href={downloadUrl ?? ''}
                {...(bundled ? { download: true } : { target: '_blank', rel: 'noopener noreferrer' })}
              >
                {t('benchmarks.details.download')}
              </Button>
            </span>
          </Tooltip>
        </Stack>
        <Box sx={{ mt: 1.5, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Tooltip title={t(hidden ? 'benchmarks.details.testSetHiddenHint' : 'benchmarks.details.testSetOpenHint')}>
            <Chip
              size="small"
              variant="outlined"
              icon={hidden ? <LockIcon /> : <LockOpenIcon />}
              label={t(hidden ? 'benchmarks.details.testSetHidden' : 'benchmarks.details.testSetOpen')}
            />
          </Tooltip>
          {b.canChangeVisibility && (
            <FormControlLabel
              control={
                <Switch
                  checked={hidden}
                  disabled={setVisibility.isPending}
                  onChange={(e) => setVisibility.mutate({ benchmarkId: b.benchmarkId, visibility: e.target.checked ? 'hidden' : 'open' })}
                />
              }
              label={t('benchmarks.details.hideTestSet')}
            />
          )}
        </Box>
        {setVisibility.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {t('benchmarks.details.visibilityError')}
          </Alert>
        )}
        <Typography variant="body1" sx={{ mt: 2, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {benchmarkDescription(t, b) || t('benchmarks.noDescription')}
        </Typography>
        {/* One card a row on a phone: a long Tamil word (மொழிபெயர்ப்பு) does not fit half the width. */}
        <Box sx={{ mt: 2, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, gap: 1.5 }}>
          {cards.map((c) => (
            <Card key={c.label} variant="outlined">
              <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
                <Typography variant="caption" color="text.secondary">
                  {c.label}
                </Typography>
                <Typography variant="body1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {c.value}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
        <Leaderboard metrics={b.metric} entries={b.benchmarkPerformance} recordCount={b.recordCount} />
        <RunComparison entries={b.benchmarkPerformance} />
        <MetricGlossary />
      </>
    );
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }}>
      <Button component={RouterLink} to={back.to} startIcon={<ArrowBackIcon />} sx={{ mb: 1.5 }}>
        {back.text}
      </Button>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {missing ? (
          <MessageBlock
            title={t('benchmarks.details.notFound')}
            hint={t('benchmarks.details.notFoundHint')}
            action={
              <Button component={RouterLink} to="/model/benchmark-datasets" variant="outlined">
                {t('benchmarks.back.benchmark-datasets')}
              </Button>
            }
          />
        ) : (
          <QueryState query={query} loading={t('benchmarks.details.loading')} errorTitle={t('benchmarks.details.error')}>
            {(data) => (data ? details(data) : null)}
          </QueryState>
        )}
      </Paper>
    </Container>
  );
}
