import { Link as RouterLink, useLocation, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/Download';
import { QueryState } from '../../../components/QueryState.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { useBenchmark } from '../api/benchmarks.ts';
import { Leaderboard } from '../components/Leaderboard.tsx';
import { RunComparison } from '../components/RunComparison.tsx';
import { MetricGlossary } from '../components/MetricGlossary.tsx';
import { backLink, benchmarkTaskLabel } from '../../../lib/benchmark-navigation.ts';
import { benchmarkLanguageText } from '../lib/list.ts';

/**
 * /model/benchmark-details/:benchmarkId (public; docs/product.md#benchmark-datasets-and-leaderboards "Benchmark details"): a back button
 * that names the page it returns to, the dataset's name, Download, description, the Task,
 * Languages, Domain and Submitter cards, the leaderboard per metric and the metric definitions.
 */
export default function BenchmarkDetailsPage() {
  const { benchmarkId = '' } = useParams();
  const { state } = useLocation();
  const back = backLink(state);
  const query = useBenchmark(benchmarkId);
  const b = query.data;
  usePageTitle(b ? b.name : 'Benchmark Dataset');
  // refUrl: the address the dataset was submitted from; null for a benchmark bundled with the platform.
  const downloadUrl = b?.refUrl ?? null;

  const details = (b: NonNullable<typeof query.data>) => {
    const cards = [
      { label: 'Task', value: benchmarkTaskLabel(b.task.type) },
      { label: 'Languages', value: benchmarkLanguageText(b.languages) },
      { label: 'Domain', value: b.domain.join(', ') || '-' },
      { label: 'Submitter', value: b.submitter.name || '-' },
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
              {b.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {b.recordCount.toLocaleString('en-IN')} rows{b.license ? ` · License ${b.license.toUpperCase()}` : ''}
            </Typography>
          </Box>
          <Tooltip title={downloadUrl ? '' : 'This benchmark dataset was bundled with the platform and has no download address.'}>
            <span>
              <Button
                variant="contained"
                startIcon={<DownloadIcon />}
                disabled={!downloadUrl}
                href={downloadUrl ?? ''}
                target="_blank"
                rel="noopener noreferrer"
              >
                Download
              </Button>
            </span>
          </Tooltip>
        </Stack>
        <Typography variant="body1" sx={{ mt: 2, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {b.description || 'No description.'}
        </Typography>
        <Box sx={{ mt: 2, display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, gap: 1.5 }}>
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
        <QueryState query={query} loading="Loading the benchmark dataset…" errorTitle="Could not load this benchmark dataset">
          {(data) => (data ? details(data) : null)}
        </QueryState>
      </Paper>
    </Container>
  );
}
