import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FilterRefreshToolbar } from '../../../components/TableToolbar.tsx';
import type { ListControls } from '../../../components/useListControls.ts';
import { selectedCount } from '../../../lib/filter-selection.ts';
import type { FilterGroup } from '../lib/contribution-filters.ts';
import { ContributionFilterPopover } from './ContributionFilterPopover.tsx';

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
  controls: ListControls<FilterGroup>;
  query: { isPending: boolean; isFetching: boolean; refetch: () => unknown };
  userId: string | undefined;
  placeholder: string;
  searchLabel: string;
  options: Record<FilterGroup, string[]>;
  note: string | null;
  children: ReactNode;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { term, setTerm, filter, applyFilter, setPage } = controls;
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
      <ContributionFilterPopover anchorEl={anchor} onClose={() => setAnchor(null)} options={options} value={filter} onApply={applyFilter} />
    </Box>
  );
}
