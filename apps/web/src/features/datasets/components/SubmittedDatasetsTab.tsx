import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useContributions } from '../api/list-contributions.ts';
import { applySearchAndFilter, filterOptions, pageOfIndex, selectedCount, type ContributionFilter } from '../lib/contribution-filters.ts';
import { isActiveStatus } from '../../../lib/status.ts';
import { ContributionFilterPopover } from './ContributionFilterPopover.tsx';
import { CONTRIBUTION_PAGE_SIZE, ContributionTable } from './ContributionTable.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { MessageBlock, NoMatches } from '../../../components/StateViews.tsx';
import { useAddedHighlight } from '../../../components/useAddedHighlight.ts';
import { FilterRefreshToolbar } from '../../../components/TableToolbar.tsx';

/**
 * The 'Submitted Dataset' tab of My Contribution (spec 01 §2): search, filter popover, refresh and
 * the paged table of the user's submissions. `added` (a submitRefNumber from the route) is jumped
 * to and highlighted for 4 s once it appears in the list.
 */
export function SubmittedDatasetsTab({ userId, added }: { userId: string | undefined; added: string | undefined }) {
  const navigate = useNavigate();
  const query = useContributions(userId);
  const [term, setTerm] = useState('');
  const [filter, setFilter] = useState<ContributionFilter>({});
  const [filterAnchor, setFilterAnchor] = useState<HTMLElement | null>(null);
  const [page, setPage] = useState(0);

  const all = useMemo(() => query.data?.data ?? [], [query.data]);
  const rows = useMemo(() => applySearchAndFilter(all, term, filter), [all, term, filter]);
  const options = useMemo(() => filterOptions(all), [all]);
  const lastPage = Math.max(0, Math.ceil(rows.length / CONTRIBUTION_PAGE_SIZE) - 1);
  const shownPage = Math.min(page, lastPage);
  const autoRefreshing = all.some((r) => isActiveStatus(r.status));
  const filterCount = selectedCount(filter);

  // Jump to the added row's page once the list holds it.
  const highlighted = useAddedHighlight(added, useMemo(() => rows.map((r) => r.submitRefNumber), [rows]), (index) => setPage(pageOfIndex(index, CONTRIBUTION_PAGE_SIZE)));

  const clearAll = () => {
    setTerm('');
    setFilter({});
    setPage(0);
  };

  const body = (
    <QueryState query={query} loading="Loading your contributions…" errorTitle="Could not load your contributions" empty={all.length === 0 ? (
      <MessageBlock
        title="No records found."
        hint="Datasets you submit appear here, with their processing status."
        action={
          <Button component={RouterLink} to="/dataset/upload" variant="contained">
            Submit a dataset
          </Button>
        }
      />
    ) : rows.length === 0 ? (
      <NoMatches title="No records found." hint="No submission matches your search or filters." onClear={clearAll} />
    ) : undefined}>
      {() => (
      <ContributionTable
        rows={rows}
        page={shownPage}
        onPageChange={setPage}
        highlighted={highlighted}
        onOpen={(row) => navigate(`/dataset-status/${encodeURIComponent(row.submitRefNumber)}`)}
      />
    )}
    </QueryState>
  );

  return (
    <Box>
      <FilterRefreshToolbar
        term={term}
        onTermChange={setTerm}
        onPageReset={() => setPage(0)}
        placeholder="Search name, type, number or status"
        searchLabel="Search contributions"
        filterCount={filterCount}
        onOpenFilter={setFilterAnchor}
        filterDisabled={query.isPending}
        onRefresh={() => void query.refetch()}
        refreshDisabled={query.isFetching || !userId}
      />
      {autoRefreshing && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
          Some submissions are still being processed; this list updates automatically.
        </Typography>
      )}
      {body}
      <ContributionFilterPopover
        anchorEl={filterAnchor}
        onClose={() => setFilterAnchor(null)}
        options={options}
        value={filter}
        onApply={(f) => {
          setFilter(f);
          setPage(0);
        }}
      />
    </Box>
  );
}
