import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { BENCHMARK_TASKS, type Benchmark } from '@ulca/contracts';
import Box from '@mui/material/Box';
import { FilterPopover, filterGroups } from '../../../components/FilterPopover.tsx';
import { ListQueryState, listEmpty } from '../../../components/ListQueryState.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { FilterButton, SearchToolbar } from '../../../components/TableToolbar.tsx';
import { useListControls } from '../../../components/useListControls.ts';
import { selectedCount } from '../../../lib/filter-selection.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { DEFAULT_BENCHMARK_TASK, useBenchmarkSearch } from '../api/benchmarks.ts';
import { CardGrid, type CardContentSpec } from '../../../components/CardGrid.tsx';
import { metricLabel } from '../../../lib/metric-glossary.ts';
import { useTranslation, type TFunction } from '../../../lib/i18n/i18n.ts';
import { benchmarkDescription, benchmarkName } from '../../../lib/platform-content.ts';
import { domainName, domainNames } from '../../../lib/i18n/names.ts';
import { formatCount } from '../lib/leaderboard.ts';
import { MetricGlossary } from '../components/MetricGlossary.tsx';
import { benchmarkDetailPath, benchmarkTaskLabel, type BenchmarkDetailState } from '../../../lib/benchmark-navigation.ts';
import {
  BENCHMARK_FILTER_GROUPS,
  benchmarkFilterOptions,
  benchmarkLanguageName,
  benchmarkLanguageText,
  filterBenchmarks,
  type BenchmarkFilterKey,
} from '../lib/list.ts';
import { ScrollTabs } from '../../../components/ScrollTabs.tsx';

/** A benchmark dataset's card (docs/product.md#benchmark-datasets-and-leaderboards): name, description, languages, domain, submitter, rows, metrics. */
function benchmarkCard(b: Benchmark, t: TFunction): CardContentSpec {
  return {
    title: benchmarkName(t, b),
    description: benchmarkDescription(t, b) || t('benchmarks.noDescription'),
    fields: [
      { label: t('benchmarks.field.language'), value: benchmarkLanguageText(b.languages) },
      { label: t('benchmarks.field.domain'), value: domainNames(b.domain) || '-' },
      { label: t('benchmarks.field.submitter'), value: b.submitter.name || '-' },
      { label: t('benchmarks.field.rows'), value: formatCount(b.recordCount) },
      { label: t('benchmarks.field.metrics'), value: b.metric.map(metricLabel).join(', ') || '-' },
    ],
  };
}

/**
 * /model/benchmark-datasets (public; docs/product.md#benchmark-datasets-and-leaderboards "Benchmark datasets list"): a tab per benchmark
 * task (default translation, kept in `?task=`), search, a Language / Domain / Submitter filter, the
 * card grid, and the metric definitions section the metric tooltips link to.
 */
export default function BenchmarkDatasetsPage() {
  const { t } = useTranslation();
  usePageTitle(t('benchmarks.list.title'));
  const navigate = useNavigate();
  const { hash } = useLocation();
  const [params, setParams] = useSearchParams();
  const taskParam = params.get('task') ?? '';
  const task = (BENCHMARK_TASKS as readonly string[]).includes(taskParam) ? taskParam : DEFAULT_BENCHMARK_TASK;
  const query = useBenchmarkSearch(task);
  const { term, setTerm, filter, setFilter, clearAll } = useListControls<BenchmarkFilterKey>();
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

  const body = (
    <ListQueryState
      query={query}
      loading={t('benchmarks.list.loading')}
      errorTitle={t('benchmarks.list.error')}
      empty={listEmpty(all.length, shown.length)}
      none={{ title: t('benchmarks.list.noneYet'), hint: t('benchmarks.list.noneYetHint', { task: benchmarkTaskLabel(task) }) }}
      noMatch={{ title: t('benchmarks.list.noMatches'), hint: t('benchmarks.list.noMatchesHint'), onClear: clearAll }}
    >
      {() => (
        <CardGrid
          key={`${task}|${term}|${JSON.stringify(filter)}`}
          items={shown}
          itemKey={(b) => b.benchmarkId}
          card={(b) => benchmarkCard(b, t)}
          onOpen={open}
        />
      )}
    </ListQueryState>
  );

  const groups = filterGroups(
    BENCHMARK_FILTER_GROUPS,
    (key) => t(`benchmarks.field.${key}`),
    options,
    (key, v) => (key === 'language' ? benchmarkLanguageName(v) : key === 'domain' ? domainName(v) : v),
  );

  return (
    <PageFrame title={t('benchmarks.list.title')} subtitle={t('benchmarks.list.subtitle')}>
      <ScrollTabs
        value={task}
        onChange={(next) => {
          setParams({ task: next }, { replace: true });
          clearAll();
        }}
        label={t('benchmarks.list.tasks')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        tabs={BENCHMARK_TASKS.map((task) => ({ value: task, label: benchmarkTaskLabel(task) }))}
      />
      <SearchToolbar term={term} onTermChange={setTerm} placeholder={t('benchmarks.list.search')} searchLabel={t('benchmarks.list.search')}>
        <FilterButton count={selectedCount(filter)} onOpen={setAnchor} disabled={query.isPending || all.length === 0} />
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
        emptyGroupText={t('benchmarks.list.noneInTask')}
        ariaLabel={t('benchmarks.list.filter')}
        clearDisabledWhen="draft-empty"
      />
      <MetricGlossary />
    </PageFrame>
  );
}
