import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { type BenchmarkDetailState } from '../../../lib/benchmark-navigation.ts';
import { useTranslation } from '../../../lib/i18n/i18n.ts';
import { ListQueryState, listEmpty } from '../../../components/ListQueryState.tsx';
import { OpenableRow } from '../../../components/OpenableRow.tsx';
import { TablePaging } from '../../../components/TableToolbar.tsx';
import { useAddedRowHighlight } from '../../../components/useAddedHighlight.ts';
import { useListControls } from '../../../components/useListControls.ts';
import { pageSlice } from '../../../lib/paging.ts';
import { isActiveStatus } from '../../../lib/status.ts';
import { useBenchmarkContributions } from '../api/benchmark-contributions.ts';
import { asFilterable, benchmarkRowTarget, type BenchmarkContributionRow } from '../lib/benchmark-rows.ts';
import { BENCHMARK_COLUMNS, phoneDisplay } from '../lib/columns.ts';
import { applySearchAndFilter, filterOptions, type FilterGroup } from '../lib/contribution-filters.ts';
import { formatSubmittedOn, benchmarkTaskText } from '../lib/format.ts';
import { ContributionListFrame } from './ContributionListFrame.tsx';
import { CONTRIBUTION_PAGE_SIZE } from './ContributionTable.tsx';
import { ProcessStatusChip } from './ProcessStatusChip.tsx';

const srnOf = (r: ReturnType<typeof asFilterable>) => r.row.serviceRequestNumber;

/**
 * The 'Benchmark Dataset' tab of My Contribution (docs/product.md#dataset-screens; BENCHMARK-DATASET-CONTRIBUTOR):
 * search, filter, refresh and the table Dataset Name, Task, Submitted On, Status, 10 rows a page.
 * A published benchmark's row opens its details page, any other row its status page (stages and
 * why rows were refused). `added` (a service request number from the route) is jumped to and
 * highlighted once it appears, as on the Submitted Dataset tab.
 */
export function BenchmarkDatasetsTab({ userId, added }: { userId: string | undefined; added?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useBenchmarkContributions(userId);
  const controls = useListControls<FilterGroup>();
  const { term, filter, page, setPage } = controls;

  const all = useMemo(() => (query.data?.data ?? []).map(asFilterable), [query.data]);
  const rows = useMemo(() => applySearchAndFilter(all, term, filter), [all, term, filter]);
  const options = useMemo(() => filterOptions(all), [all]);
  const { items: visible, page: shownPage } = pageSlice(rows, page, CONTRIBUTION_PAGE_SIZE);
  const highlighted = useAddedRowHighlight(added, rows, srnOf, CONTRIBUTION_PAGE_SIZE, setPage);

  const open = (row: BenchmarkContributionRow) => {
    const target = benchmarkRowTarget(row);
    if (target.kind === 'details')
      navigate(target.path, { state: { from: 'my-contribution', backTo: '/dataset/my-contribution' } satisfies BenchmarkDetailState });
    else navigate(target.path);
  };
  const show = (key: (typeof BENCHMARK_COLUMNS)[number]['key']) => ({ display: phoneDisplay(BENCHMARK_COLUMNS, key) });

  const body = (
    <ListQueryState
      query={query}
      loading={t('datasets.benchmarkTab.loading')}
      errorTitle={t('datasets.benchmarkTab.loadError')}
      empty={listEmpty(all.length, rows.length)}
      none={{ title: t('common.noRecords'), hint: t('datasets.benchmarkTab.emptyHint') }}
      noMatch={{ title: t('common.noRecords'), hint: t('datasets.benchmarkTab.noMatchHint') }}
    >
      {() => (
        <>
          <TableContainer>
            <Table
              aria-label={t('datasets.benchmarkTab.tableLabel')}
              sx={{ minWidth: { sm: 640 }, '& td, & th': { px: { xs: 1, sm: 2 } } }}
            >
              <TableHead>
                <TableRow sx={{ '& th': { fontWeight: 600, whiteSpace: 'nowrap', bgcolor: 'grey.50' } }}>
                  <TableCell sx={show('datasetName')}>{t('datasets.contribution.datasetName')}</TableCell>
                  <TableCell sx={show('task')}>{t('datasets.contribution.task')}</TableCell>
                  <TableCell sx={show('submittedOn')}>{t('datasets.contribution.submittedOn')}</TableCell>
                  <TableCell sx={show('status')}>{t('datasets.contribution.status')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {visible.map(({ row }) => (
                  <OpenableRow key={row.benchmarkId} highlighted={row.serviceRequestNumber === highlighted} onOpen={() => open(row)}>
                    <TableCell sx={{ minWidth: { sm: 200 }, maxWidth: 360, overflowWrap: 'anywhere' }}>
                      {row.datasetName}
                      <Box
                        component="span"
                        data-phone-only
                        sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary', fontSize: '0.75rem', mt: 0.5 }}
                      >
                        {benchmarkTaskText(row.datasetType)} · {formatSubmittedOn(row.submittedOn)}
                      </Box>
                    </TableCell>
                    <TableCell sx={{ ...show('task'), whiteSpace: 'nowrap' }}>{benchmarkTaskText(row.datasetType)}</TableCell>
                    <TableCell sx={{ ...show('submittedOn'), whiteSpace: 'nowrap' }}>{formatSubmittedOn(row.submittedOn)}</TableCell>
                    <TableCell>
                      <ProcessStatusChip status={row.status} />
                    </TableCell>
                  </OpenableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePaging count={rows.length} page={shownPage} pageSize={CONTRIBUTION_PAGE_SIZE} onPageChange={setPage} />
        </>
      )}
    </ListQueryState>
  );

  return (
    <ContributionListFrame
      controls={controls}
      query={query}
      userId={userId}
      placeholder={t('datasets.benchmarkTab.searchPlaceholder')}
      searchLabel={t('datasets.benchmarkTab.searchLabel')}
      options={options}
      note={all.some((r) => isActiveStatus(r.status)) ? t('datasets.benchmarkTab.processingNote') : null}
    >
      {body}
    </ContributionListFrame>
  );
}
