import { lazy, Suspense, useMemo, useState } from 'react';
import { useModelsSlots } from '../lib/slots.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { useNavigate, useSearchParams } from 'react-router';
import type { InferenceTask, ModelRecord } from '@ulca/contracts';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { LoadingState } from '../../../components/LoadingState.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { useModelSearch } from '../api/search-models.ts';
import { useModelUptime } from '../api/health.ts';
import { ExploreFilterPanel } from '../components/ExploreFilterPanel.tsx';
import { ExploreResultsTable } from '../components/ExploreResultsTable.tsx';
import { CardGrid, type CardContentSpec } from '../../../components/CardGrid.tsx';
import { domainText, formatEpochPublished, languageText, uptimeText } from '../lib/format.ts';
import { NoModelsPlaceholder } from '../components/NoModelsPlaceholder.tsx';
import {
  anyLanguageOnly,
  EMPTY_FILTER,
  exploreResults,
  languageOptions,
  needsPair,
  sourceOptions,
  targetOptions,
  validateExploreFilter,
  type ExploreFilter,
} from '../lib/explore.ts';
import { EXPLORE_TABS, isModelTask, noModelHint, parseExploreTab, modelTaskText, type ExploreTab } from '../lib/tasks.ts';
import type { TFunction } from '../../../lib/i18n/i18n.ts';
import { modelDetailPath, type ModelDetailState } from '../../../lib/model-navigation.ts';

// The health table brings the data grid (~125 KB gzip): loaded only when its tab is opened.
/** Kept in the accessibility tree, not drawn. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

const HealthCheckTab = lazy(() => import('../components/HealthCheckTab.tsx').then((m) => ({ default: m.HealthCheckTab })));

/**
 * A model's card on narrow screens (docs/product.md#screens): task, name, description, languages,
 * domain, submitter, publication day and the 7-day uptime from the stored health rounds
 * (docs/product.md#models-health); `uptime7d` is a 0–1 share or null/undefined when unknown.
 */
function modelCard(m: ModelRecord, t: TFunction, uptime7d: number | null | undefined): CardContentSpec {
  return {
    overline: modelTaskText(m.task.type),
    title: m.name,
    description: m.description,
    fields: [
      { label: t('models.col.language'), value: languageText(m.languages) },
      { label: t('models.col.domain'), value: domainText(m.domain) },
      { label: t('models.col.submitter'), value: m.submitter.name },
      { label: t('models.col.publishedOn'), value: formatEpochPublished(m.publishedOn ?? m.submittedOn) },
      { label: t('models.col.uptime7d'), value: uptimeText(uptime7d) },
    ],
  };
}

/**
 * /model/explore-models — Explore Models (docs/product.md#explore-models, docs/product.md#validation-rules; public). Wide screens: the filter panel
 * (task menu, languages, Domain and Submitter at 'All', Clear, Submit) beside the results table;
 * narrow screens: task tabs over a card grid. The task is kept in the URL (?task=). Published
 * models only, newest first; the last two tasks are speech-to-speech and the models health check.
 */
export default function ExploreModelsPage() {
  const { t } = useTranslation();
  usePageTitle(t('models.explore.title'));
  // Speech-to-speech (features/sts, bound by the app shell) brings the recorder and its own model lists: loaded with its tab.
  const { SpeechToSpeech } = useModelsSlots();
  const navigate = useNavigate();
  const wide = useMediaQuery((t: Theme) => t.breakpoints.up('md'));
  const [params, setParams] = useSearchParams();
  const tab = parseExploreTab(params.get('task'));
  const task: InferenceTask | null = isModelTask(tab) ? tab : null;
  const query = useModelSearch(task);
  const uptime = useModelUptime(!!task);
  const uptimeOf = useMemo(() => new Map((uptime.data ?? []).map((u) => [u.modelId, u.uptime7d])), [uptime.data]);

  const [draft, setDraft] = useState<ExploreFilter>(EMPTY_FILTER);
  const [applied, setApplied] = useState<ExploreFilter>(EMPTY_FILTER);
  const [errors, setErrors] = useState<Partial<Record<keyof ExploreFilter, string>>>({});

  const models = useMemo(() => query.data?.data ?? [], [query.data]);
  // Not memoised: the options are named (and sorted) in the interface language.
  const sources = sourceOptions(models);
  const targets = task && needsPair(task) ? targetOptions(models, draft.source) : languageOptions(models);
  // Narrow screens have no filter panel: the tab's whole list.
  const results = useMemo(() => (task ? exploreResults(task, models, wide ? applied : EMPTY_FILTER) : []), [task, models, applied, wide]);

  // Selecting a task clears the language and filter choices (docs/product.md#screens).
  const selectTab = (next: ExploreTab) => {
    setDraft(EMPTY_FILTER);
    setApplied(EMPTY_FILTER);
    setErrors({});
    setParams(next === 'translation' ? {} : { task: next }, { replace: true });
  };

  const submit = () => {
    if (!task) return;
    const errs = validateExploreFilter(task, draft);
    setErrors(errs);
    if (Object.keys(errs).length === 0) setApplied(draft);
  };

  const clear = () => {
    setDraft(EMPTY_FILTER);
    setApplied(EMPTY_FILTER);
    setErrors({});
  };

  // The submitted languages go along to the try panel, which preselects them (docs/product.md#model-detail-and-try-it-panels).
  const openModel = (m: ModelRecord) => {
    const f = wide ? applied : EMPTY_FILTER;
    const languages = task && needsPair(task) ? { source: f.source, target: f.target } : { language: f.target };
    return navigate(modelDetailPath(m.modelId, false, languages), {
      state: { model: m, prevUrl: 'explore-models' } satisfies ModelDetailState,
    });
  };

  let content;
  if (tab === 'status-check')
    content = (
      <Suspense fallback={<LoadingState label={t('models.health.loading')} />}>
        <HealthCheckTab />
      </Suspense>
    );
  else if (tab === 'sts')
    content = (
      <Suspense fallback={<LoadingState label={t('models.explore.loadingSts')} />}>
        <SpeechToSpeech />
      </Suspense>
    );
  else
    content = (
      <QueryState
        query={query}
        loading={t('models.explore.loading')}
        errorTitle={t('models.explore.loadFailed')}
        empty={
          results.length === 0 ? (
            <NoModelsPlaceholder
              hint={
                models.length === 0
                  ? noModelHint(tab)
                  : t(tab === 'translation' ? 'models.explore.noMatchTranslation' : 'models.explore.noMatch')
              }
            />
          ) : undefined
        }
      >
        {() =>
          wide ? (
            <ExploreResultsTable key={`${tab}|${applied.source}|${applied.target}`} rows={results} onOpen={openModel} uptimeOf={uptimeOf} />
          ) : (
            <CardGrid
              key={tab}
              items={results}
              itemKey={(m) => m.modelId}
              card={(m) => modelCard(m, t, uptimeOf.get(m.modelId))}
              onOpen={openModel}
              hideSinglePage
              pageSizeMinWidth={110}
            />
          )
        }
      </QueryState>
    );

  const heading = (
    <Box sx={{ mb: 2 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {t('models.explore.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {t('models.explore.lead')}
      </Typography>
    </Box>
  );

  // One tree for both layouts, the content always at the same place in it: crossing the md
  // breakpoint (rotating a tablet, resizing a window) keeps the tab's component and its state
  // (the sts tab's choices and results) instead of mounting a new one.
  return (
    <Container maxWidth={wide ? 'xl' : 'lg'} sx={{ py: wide ? 4 : 2 }}>
      {heading}
      {!wide && (
        <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
          {/* Scroll buttons always take their place (hidden at an end): with 'auto' the left one appeared
              after the selected tab was scrolled into view and pushed it partly out again. */}
          <Tabs
            value={tab}
            onChange={(_e, v: ExploreTab) => selectTab(v)}
            variant="scrollable"
            scrollButtons
            allowScrollButtonsMobile
            aria-label={t('models.explore.tasksLabel')}
          >
            {EXPLORE_TABS.map((tb) => (
              <Tab key={tb} value={tb} label={modelTaskText(tb)} />
            ))}
          </Tabs>
        </Box>
      )}
      <Box sx={wide ? { display: 'grid', gridTemplateColumns: '280px minmax(0, 1fr)', gap: 3, alignItems: 'start' } : undefined}>
        {wide && (
          <ExploreFilterPanel
            tab={tab}
            onTabChange={selectTab}
            draft={draft}
            onDraftChange={(f) => {
              setDraft(f);
              setErrors({});
            }}
            errors={errors}
            sources={sources}
            targets={targets}
            anyLanguage={anyLanguageOnly(models)}
            onClear={clear}
            onSubmit={submit}
            disabled={query.isPending || query.isError}
          />
        )}
        {/* The outlined card of the wide layout, drawn by sx so that the element stays the same. */}
        <Box
          sx={
            wide ? { p: 3, minWidth: 0, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' } : { minWidth: 0 }
          }
        >
          {/* On a phone the tabs name the task: the heading is there for screen readers only, so the cards' h3 follow an h2. */}
          {task && (
            <Typography variant="subtitle1" component="h2" sx={wide ? { fontWeight: 600, mb: 1 } : VISUALLY_HIDDEN}>
              {results.length
                ? t('models.explore.taskModelsCount', { task: modelTaskText(tab), count: results.length })
                : t('models.explore.taskModels', { task: modelTaskText(tab) })}
            </Typography>
          )}
          {content}
        </Box>
      </Box>
    </Container>
  );
}
