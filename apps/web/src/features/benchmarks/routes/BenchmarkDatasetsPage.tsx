import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { BENCHMARK_TASKS, languageLabel, type Benchmark } from '@ulca/contracts';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { FilterPopover } from '../../../components/FilterPopover.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { MessageBlock, NoMatches } from '../../../components/StateViews.tsx';
import { FilterButton, SearchToolbar } from '../../../components/TableToolbar.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { useBenchmarkSearch } from '../api/benchmarks.ts';
import { CardGrid, type CardContentSpec } from '../../../components/CardGrid.tsx';
import { metricLabel } from '../../../lib/metrics.ts';
import { MetricGlossary } from '../components/MetricGlossary.tsx';
import { benchmarkDetailPath, benchmarkTaskLabel, type BenchmarkDetailState } from '../../../lib/benchmark-navigation.ts';
import {
  BENCHMARK_FILTER_GROUPS,
  benchmarkFilterOptions,
  benchmarkLanguageText,
  filterBenchmarks,
  filterCount,
  type BenchmarkFilter,
} from '../lib/list.ts';

/** A benchmark dataset's card (docs/product.md#benchmark-datasets-and-leaderboards): name, description, languages, domain, submitter, rows, metrics. */
function benchmarkCard(b: Benchmark): CardContentSpec {
  return {
    title: b.name,
    description: b.description || 'No description.',
    fields: [
      { label: 'Language', value: benchmarkLanguageText(b.languages) },
      { label: 'Domain', value: b.domain.join(', ') || '-' },
      { label: 'Submitter', value: b.submitter.name || '-' },
      { label: 'Rows', value: b.recordCount.toLocaleString('en-IN') },
      { label: 'Metrics', value: b.metric.map(metricLabel).join(', ') || '-' },
    ],
  };
}

/**
 * /model/benchmark-datasets (public; docs/product.md#benchmark-datasets-and-leaderboards "Benchmark datasets list"): a tab per benchmark
 * task (default translation, kept in `?task=`), search, a Language / Domain / Submitter filter, the
 * card grid, and the metric definitions section the metric tooltips link to.
 */
export default function BenchmarkDatasetsPage() {
  usePageTitle('Benchmark Datasets');
  const navigate = useNavigate();
  const { hash } = useLocation();
  const [params, setParams] = useSearchParams();
  const taskParam = params.get('task') ?? '';
  const task = (BENCHMARK_TASKS as readonly string[]).includes(taskParam) ? taskParam : 'translation';
  const query = useBenchmarkSearch(task);
  const [term, setTerm] = useState('');
  const [filter, setFilter] = useState<BenchmarkFilter>({});
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  const all = useMemo(() => query.data?.data ?? [], [query.data]);
  const shown = useMemo(() => filterBenchmarks(all, term, filter), [all, term, filter]);
  const options = useMemo(() => benchmarkFilterOptions(all), [all]);

  // A link to a metric definition (#metric-wer) scrolls to it once the page is drawn.
  useEffect(() => {
    if (hash.startsWith('#metric')) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [hash]);

  const open = (b: Benchmark) =>
    navigate(benchmarkDetailPath(b.benchmarkId), { state: { from: 'benchmark-datasets' } satisfies BenchmarkDetailState });
  const clearAll = () => {
    setTerm('');
    setFilter({});
  };

  const body = (
    <QueryState
      query={query}
      loading="Loading benchmark datasets…"
      errorTitle="Could not load the benchmark datasets"
      empty={
        all.length === 0 ? (
          <MessageBlock title="No benchmark datasets yet" hint={`No ${benchmarkTaskLabel(task)} benchmark dataset has been published.`} />
        ) : shown.length === 0 ? (
          <NoMatches title="No records" hint="No benchmark dataset matches your search or filters." onClear={clearAll} />
        ) : undefined
      }
    >
      {() => (
        <CardGrid
          key={`${task}|${term}|${JSON.stringify(filter)}`}
          items={shown}
          itemKey={(b) => b.benchmarkId}
          card={benchmarkCard}
          onOpen={open}
        />
      )}
    </QueryState>
  );

  const groups = BENCHMARK_FILTER_GROUPS.map(({ key, label }) => ({
    key,
    label,
    options: options[key].map((v) => ({ value: v, label: key === 'language' ? languageLabel(v) : v })),
  }));

  return (
    <PageFrame title="Benchmark Datasets" subtitle="Shared test sets that models are scored on, with a leaderboard per metric.">
      <Tabs
        value={task}
        onChange={(_e, t: string) => {
          setParams({ task: t }, { replace: true });
          clearAll();
        }}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Benchmark tasks"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {BENCHMARK_TASKS.map((t) => (
          <Tab key={t} value={t} label={benchmarkTaskLabel(t)} />
        ))}
      </Tabs>
      <SearchToolbar term={term} onTermChange={setTerm} placeholder="Search benchmark datasets" searchLabel="Search benchmark datasets">
        <FilterButton count={filterCount(filter)} onOpen={setAnchor} disabled={query.isPending || all.length === 0} />
      </SearchToolbar>
      <Box>{body}</Box>
      <FilterPopover
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        groups={groups}
        value={filter}
        onApply={setFilter}
        cleared={{}}
        width={640}
        columns={3}
        emptyGroupText="None in this task"
        ariaLabel="Filter benchmark datasets"
        clearDisabledWhen="draft-empty"
      />
      <MetricGlossary />
    </PageFrame>
  );
}
