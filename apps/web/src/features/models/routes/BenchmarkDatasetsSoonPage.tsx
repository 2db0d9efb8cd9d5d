import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { MessageBlock } from '../../../components/StateViews.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';

/**
 * /model/benchmark-datasets until the benchmarks issue (#13) lands: says so honestly instead of
 * falling back to the dashboard, and points to Explore Models.
 */
export default function BenchmarkDatasetsSoonPage() {
  usePageTitle('Benchmark Datasets');
  return (
    <PageFrame title="Benchmark Datasets" subtitle="Shared test sets that models are scored on, with a leaderboard per metric.">
      <MessageBlock
        title="Benchmark datasets are coming with benchmarks"
        hint="Benchmark datasets, benchmark runs and leaderboards arrive with the benchmarks release (issue #13). Meanwhile you can explore and try the published models."
        action={
          <Button component={RouterLink} to="/model/explore-models" variant="contained">
            Explore models
          </Button>
        }
      />
    </PageFrame>
  );
}
