import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { benchmarkDetailPath, benchmarkTaskLabel, type BenchmarkDetailState } from '../../../lib/benchmark-navigation.ts';
import { QueryState } from '../../../components/QueryState.tsx';
import { MessageBlock } from '../../../components/StateViews.tsx';
import { StatusChip } from '../../../components/StatusChip.tsx';
import { FixedSizePagination } from '../../../components/TableToolbar.tsx';
import { isActiveStatus } from '../../../lib/status.ts';
import { useBenchmarkContributions } from '../api/benchmark-contributions.ts';
import { asFilterable, benchmarkRowOpens } from '../lib/benchmark-rows.ts';
import { applySearchAndFilter, filterOptions } from '../lib/contribution-filters.ts';
import { formatSubmittedOn } from '../lib/format.ts';
import { ContributionListFrame, useContributionControls } from './ContributionListFrame.tsx';
import { CONTRIBUTION_PAGE_SIZE } from './ContributionTable.tsx';

/**
 * The 'Benchmark Dataset' tab of My Contribution (docs/product.md#dataset-screens; BENCHMARK-DATASET-CONTRIBUTOR):
 * search, filter, refresh and the table Dataset Name, Task, Submitted On, Status, 10 rows a page;
 * a published benchmark's row opens its details page.
 */
export function BenchmarkDatasetsTab({ userId }: { userId: string | undefined }) {
  const navigate = useNavigate();
  const query = useBenchmarkContributions(userId);
  const controls = useContributionControls();
  const { term, filter, page, setPage } = controls;

  const all = useMemo(() => (query.data?.data ?? []).map(asFilterable), [query.data]);
  const rows = useMemo(() => applySearchAndFilter(all, term, filter), [all, term, filter]);
  const options = useMemo(() => filterOptions(all), [all]);
  const shownPage = Math.min(page, Math.max(0, Math.ceil(rows.length / CONTRIBUTION_PAGE_SIZE) - 1));
  const visible = rows.slice(shownPage * CONTRIBUTION_PAGE_SIZE, (shownPage + 1) * CONTRIBUTION_PAGE_SIZE);
  const open = (id: string) =>
    navigate(benchmarkDetailPath(id), {
      state: { from: 'my-contribution', backTo: '/dataset/my-contribution' } satisfies BenchmarkDetailState,
    });

  const body = (
    <QueryState
      query={query}
      loading="Loading your benchmark datasets…"
      errorTitle="Could not load your benchmark datasets"
      empty={
        rows.length === 0 ? (
          <MessageBlock
            title="No records found."
            hint={
              all.length
                ? 'No benchmark dataset matches your search or filters.'
                : 'Benchmark datasets you submit (tick “This is a benchmark dataset” on Submit Dataset) are listed here.'
            }
          />
        ) : undefined
      }
    >
      {() => (
        <>
          <TableContainer>
            <Table aria-label="Benchmark datasets" sx={{ minWidth: 640 }}>
              <TableHead>
                <TableRow sx={{ '& th': { fontWeight: 600, whiteSpace: 'nowrap', bgcolor: 'grey.50' } }}>
                  <TableCell>Dataset Name</TableCell>
                  <TableCell>Task</TableCell>
                  <TableCell>Submitted On</TableCell>
                  <TableCell>Status</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {visible.map(({ row }) => {
                  const opens = benchmarkRowOpens(row);
                  return (
                    <TableRow
                      key={row.benchmarkId}
                      hover={opens}
                      tabIndex={opens ? 0 : undefined}
                      onClick={opens ? () => open(row.benchmarkId) : undefined}
                      onKeyDown={opens ? (e) => e.key === 'Enter' && open(row.benchmarkId) : undefined}
                      sx={{ cursor: opens ? 'pointer' : 'default' }}
                    >
                      <TableCell sx={{ minWidth: 200, maxWidth: 360, overflowWrap: 'anywhere' }}>{row.datasetName}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{benchmarkTaskLabel(row.datasetType)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatSubmittedOn(row.submittedOn)}</TableCell>
                      <TableCell>
                        <StatusChip status={row.status} />
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
          <FixedSizePagination count={rows.length} page={shownPage} pageSize={CONTRIBUTION_PAGE_SIZE} onPageChange={setPage} />
        </>
      )}
    </QueryState>
  );

  return (
    <ContributionListFrame
      controls={controls}
      query={query}
      userId={userId}
      placeholder="Search name, task or status"
      searchLabel="Search benchmark datasets"
      options={options}
      note={
        all.some((r) => isActiveStatus(r.status))
          ? 'Some benchmark datasets are still being processed; this list updates automatically.'
          : null
      }
    >
      {body}
    </ContributionListFrame>
  );
}
