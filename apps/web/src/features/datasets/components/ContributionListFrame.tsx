import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FilterRefreshToolbar } from '../../../components/TableToolbar.tsx';
import { selectedCount, type ContributionFilter, type FilterGroup } from '../lib/contribution-filters.ts';
import { ContributionFilterPopover } from './ContributionFilterPopover.tsx';

/** The search term, filter and page of a My Contribution tab (a new filter returns to the first page). */
export function useContributionControls() {
  const [term, setTerm] = useState('');
  const [filter, setFilter] = useState<ContributionFilter>({});
  const [page, setPage] = useState(0);
  return { term, setTerm, filter, setFilter, page, setPage };
}

/** The state {@link useContributionControls} returns. */
export type ContributionControls = ReturnType<typeof useContributionControls>;

/**
 * The frame of a My Contribution tab (docs/product.md#dataset-screens): the search / Filter / Refresh bar, `note` when
 * some rows are still processing (the list then refreshes itself), the tab's list (`children`) and
 * the filter popover over `options`.
 */
export function ContributionListFrame({
  controls,
  query,
  userId,
  placeholder,
  searchLabel,
  options,
  note,
  children,
}: {
  controls: ContributionControls;
  query: { isPending: boolean; isFetching: boolean; refetch: () => unknown };
  userId: string | undefined;
  placeholder: string;
  searchLabel: string;
  options: Record<FilterGroup, string[]>;
  note: string | null;
  children: ReactNode;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { term, setTerm, filter, setFilter, setPage } = controls;
  return (
    <Box>
      <FilterRefreshToolbar
        term={term}
        onTermChange={setTerm}
        onPageReset={() => setPage(0)}
        placeholder={placeholder}
        searchLabel={searchLabel}
        filterCount={selectedCount(filter)}
        onOpenFilter={setAnchor}
        filterDisabled={query.isPending}
        onRefresh={() => void query.refetch()}
        refreshDisabled={query.isFetching || !userId}
      />
      {note && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
          {note}
        </Typography>
      )}
      {children}
      <ContributionFilterPopover
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
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
