import { Suspense, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { ModelRecord } from '@ulca/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import GridViewIcon from '@mui/icons-material/GridView';
import TableRowsIcon from '@mui/icons-material/TableRows';
import { FilterPopover, filterGroups } from '../../../components/FilterPopover.tsx';
import { ListQueryState, listEmpty } from '../../../components/ListQueryState.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { FilterButton, RefreshButton, SearchToolbar } from '../../../components/TableToolbar.tsx';
import { useAddedRowHighlight } from '../../../components/useAddedHighlight.ts';
import { useListControls } from '../../../components/useListControls.ts';
import { selectedCount } from '../../../lib/filter-selection.ts';
import { lastPage } from '../../../lib/paging.ts';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { enqueueSnackbar } from '../../../lib/toast.ts';
import { useModelsSlots } from '../lib/slots.ts';
import { localizeMessage, useTranslation } from '../../../lib/i18n/i18n.ts';
import { domainName } from '../../../lib/i18n/names.ts';
import { useChangeModelStatus, useMyModels } from '../api/my-models.ts';
import { MyModelCards } from '../components/MyModelCards.tsx';
import { MyModelsTable } from '../components/MyModelsTable.tsx';
import { StatusChangeDialog } from '../components/StatusChangeDialog.tsx';
import { TablePager } from '../components/TablePager.tsx';
import {
  MY_MODELS_FILTER_GROUPS,
  MY_MODELS_PAGE_SIZES,
  applyMyModelsView,
  myModelsFilterOptions,
  type MyModelsFilterGroup,
} from '../lib/my-models.ts';
import { modelTaskText } from '../lib/tasks.ts';
import { modelDetailPath, type ModelDetailState } from '../../../lib/model-navigation.ts';

const modelIdOf = (row: ModelRecord) => row.modelId;

/**
 * /model/my-contribution/:added? — My Models (docs/product.md#model-screens): the signed-in user's models as a table
 * (expandable benchmark runs) or as cards, with search, Filter (Task, Domain, License, Status),
 * Refresh, 10/25/50/100 rows per page with jump to page, and Publish / Unpublish. `added` (a
 * modelId, e.g. after a submit) is jumped to and highlighted for 4 s.
 */
export default function MyModelsPage() {
  const { t } = useTranslation();
  usePageTitle(t('models.my.title'));
  // The Run Benchmark modal is features/benchmarks', bound by the app shell and loaded on first use.
  const { RunBenchmarkDialog } = useModelsSlots();
  const session = useSession();
  const userId = session?.userDetails.userID;
  const { added } = useParams();
  const navigate = useNavigate();
  const query = useMyModels(userId);
  const statusChange = useChangeModelStatus();

  // Phones start with the cards (the table needs ~900 px); the button switches either way.
  const narrow = useMediaQuery((t: Theme) => t.breakpoints.down('md'), { noSsr: true });
  const [view, setView] = useState<'table' | 'cards'>(narrow ? 'cards' : 'table');
  const { term, setTerm, filter, applyFilter, clearAll, page, setPage } = useListControls<MyModelsFilterGroup>();
  const [filterAnchor, setFilterAnchor] = useState<HTMLElement | null>(null);
  const [pageSize, setPageSize] = useState<number>(MY_MODELS_PAGE_SIZES[0]);
  const [pending, setPending] = useState<{ row: ModelRecord; to: 'published' | 'unpublished' } | null>(null);
  const [benchmarking, setBenchmarking] = useState<ModelRecord | null>(null);

  const all = useMemo(() => query.data?.data ?? [], [query.data]);
  const rows = useMemo(() => applyMyModelsView(all, term, filter), [all, term, filter]);
  const options = useMemo(() => myModelsFilterOptions(all), [all]);
  const shownPage = Math.min(page, lastPage(rows.length, pageSize));
  const visible = rows.slice(shownPage * pageSize, (shownPage + 1) * pageSize);

  // Jump to the added model's page once the list holds it.
  const highlighted = useAddedRowHighlight(added, rows, modelIdOf, pageSize, setPage);

  const confirmStatus = (reason: string | undefined) => {
    if (!pending) return;
    const { row, to } = pending;
    statusChange.mutate(
      { modelId: row.modelId, status: to, ...(reason ? { unpublishReason: reason } : {}) },
      {
        onSuccess: () => {
          setPending(null);
          // The catalogue's text, not the server's English one (docs/product.md#languages-of-the-interface).
          enqueueSnackbar(t(to === 'published' ? 'models.my.publishedToast' : 'models.my.unpublishedToast'), { variant: 'success' });
        },
        onError: (err) => {
          setPending(null);
          enqueueSnackbar(localizeMessage(errorMessage(err)), { variant: 'error' });
        },
      },
    );
  };

  const openModel = (row: ModelRecord) =>
    navigate(modelDetailPath(row.modelId), { state: { model: row, prevUrl: 'my-contribution' } satisfies ModelDetailState });
  const actions = {
    onToggleStatus: (row: ModelRecord, to: 'published' | 'unpublished') => setPending({ row, to }),
    onRunBenchmark: (row: ModelRecord) => setBenchmarking(row),
    // The feedback users left on the model, on its page's feedback view.
    onFeedback: (row: ModelRecord) =>
      navigate(`${modelDetailPath(row.modelId)}/feedback`, {
        state: { model: row, prevUrl: 'my-contribution' } satisfies ModelDetailState,
      }),
  };

  const body = (
    <ListQueryState
      query={query}
      loading={t('models.my.loading')}
      errorTitle={t('models.my.loadFailed')}
      empty={listEmpty(all.length, rows.length)}
      none={{
        title: t('models.my.noRecords'),
        hint: t('models.my.emptyHint'),
        link: { to: '/model/upload', text: t('models.my.submitAModel'), variant: 'contained' },
      }}
      noMatch={{ title: t('models.my.noRecords'), hint: t('models.my.noMatch'), onClear: clearAll }}
    >
      {() => (
        <>
          {view === 'table' ? (
            <MyModelsTable rows={visible} highlighted={highlighted} actions={actions} />
          ) : (
            <MyModelCards rows={visible} highlighted={highlighted} onOpen={openModel} actions={actions} />
          )}
          <TablePager
            count={rows.length}
            page={shownPage}
            pageSize={pageSize}
            pageSizes={MY_MODELS_PAGE_SIZES}
            onPageChange={setPage}
            onPageSizeChange={setPageSize}
          />
        </>
      )}
    </ListQueryState>
  );

  const groups = filterGroups(
    MY_MODELS_FILTER_GROUPS,
    (key) => t(`models.col.${key}`),
    options,
    (key, v) =>
      key === 'task'
        ? modelTaskText(v)
        : key === 'status'
          ? t(`models.status.${v}`, { defaultValue: v })
          : key === 'domain'
            ? domainName(v)
            : v,
  );

  return (
    <PageFrame
      title={t('models.my.title')}
      subtitle={t('models.my.subtitle')}
      actions={
        <Button component={RouterLink} to="/model/upload" variant="contained" startIcon={<AddIcon />}>
          {t('models.my.submitModel')}
        </Button>
      }
    >
      <SearchToolbar
        term={term}
        onTermChange={setTerm}
        onPageReset={() => setPage(0)}
        placeholder={t('models.my.search')}
        searchLabel={t('models.my.search')}
      >
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            onClick={() => setView((v) => (v === 'table' ? 'cards' : 'table'))}
            startIcon={view === 'table' ? <GridViewIcon /> : <TableRowsIcon />}
            aria-label={view === 'table' ? t('models.my.showCards') : t('models.my.showTable')}
          >
            {view === 'table' ? t('models.my.cards') : t('models.my.table')}
          </Button>
          <FilterButton count={selectedCount(filter)} onOpen={setFilterAnchor} disabled={query.isPending} />
          <RefreshButton onRefresh={() => void query.refetch()} disabled={query.isFetching || !userId} />
        </Stack>
      </SearchToolbar>
      <Box>{body}</Box>
      <FilterPopover
        anchorEl={filterAnchor}
        onClose={() => setFilterAnchor(null)}
        groups={groups}
        value={filter}
        onApply={applyFilter}
        cleared={{}}
        width={560}
        columns={2}
        emptyGroupText={t('models.my.noneInYourModels')}
        ariaLabel={t('models.my.filterLabel')}
        clearDisabledWhen="draft-empty"
        applyDisabledWhen="nothing-selected"
      />
      {benchmarking && (
        <Suspense fallback={null}>
          <RunBenchmarkDialog
            key={benchmarking.modelId}
            model={benchmarking}
            onClose={() => setBenchmarking(null)}
            onDone={(message) => {
              setBenchmarking(null);
              enqueueSnackbar(message, { variant: 'success' });
              void query.refetch();
            }}
          />
        </Suspense>
      )}
      {pending && (
        <StatusChangeDialog
          key={pending.row.modelId + pending.to}
          modelName={`${pending.row.name} ${pending.row.version}`}
          to={pending.to}
          busy={statusChange.isPending}
          onCancel={() => setPending(null)}
          onConfirm={confirmStatus}
        />
      )}
    </PageFrame>
  );
}
