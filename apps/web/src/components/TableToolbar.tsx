import { useTranslation } from '../lib/i18n/i18n.ts';
import type { ReactNode } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TablePagination, { type TablePaginationProps } from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import FilterListIcon from '@mui/icons-material/FilterList';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';

/**
 * The bar above a table or card list (docs/product.md#dashboard-and-dataset-metrics, docs/product.md#screens): a search box on the left and the
 * caller's buttons (`children`, e.g. {@link FilterButton} and {@link RefreshButton}) on the right;
 * stacked below the `sm` breakpoint.
 */
export function SearchToolbar({
  term,
  onTermChange,
  onPageReset,
  placeholder,
  searchLabel,
  onPaper = false,
  children,
}: {
  term: string;
  onTermChange: (term: string) => void;
  /** Called after each change of the term: a new search starts at the first page. */
  onPageReset?: () => void;
  placeholder: string;
  /** Accessible name of the search input (e.g. 'Search users'). */
  searchLabel: string;
  /** The box sits on the page background, so it gets the paper colour. */
  onPaper?: boolean;
  children?: ReactNode;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
      <TextField
        size="small"
        margin="none"
        placeholder={placeholder}
        value={term}
        onChange={(e) => {
          onTermChange(e.target.value);
          onPageReset?.();
        }}
        sx={onPaper ? { flex: 1, maxWidth: { sm: 420 }, bgcolor: 'background.paper' } : { flex: 1, maxWidth: { sm: 420 } }}
        slotProps={{
          htmlInput: { 'aria-label': searchLabel },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Box sx={{ flex: 1, display: { xs: 'none', sm: 'block' } }} />
      {children}
    </Stack>
  );
}

/**
 * A {@link SearchToolbar} whose buttons are a {@link FilterButton} and a {@link RefreshButton}
 * (the list pages of My Contribution and the admin's users); a new term returns to the first page.
 */
export function FilterRefreshToolbar({
  term,
  onTermChange,
  onPageReset,
  placeholder,
  searchLabel,
  filterCount,
  onOpenFilter,
  filterDisabled,
  onRefresh,
  refreshDisabled,
}: {
  term: string;
  onTermChange: (term: string) => void;
  onPageReset: () => void;
  placeholder: string;
  searchLabel: string;
  filterCount: number;
  onOpenFilter: (anchor: HTMLElement) => void;
  filterDisabled?: boolean;
  onRefresh: () => void;
  refreshDisabled?: boolean;
}) {
  return (
    <SearchToolbar term={term} onTermChange={onTermChange} onPageReset={onPageReset} placeholder={placeholder} searchLabel={searchLabel}>
      <ToolbarButtons>
        <FilterButton count={filterCount} onOpen={onOpenFilter} disabled={filterDisabled} />
        <RefreshButton onRefresh={onRefresh} disabled={refreshDisabled} />
      </ToolbarButtons>
    </SearchToolbar>
  );
}

/** The Filter button that opens a filter popover, with the number of selected values as a badge. */
export function FilterButton({
  count,
  onOpen,
  disabled,
  badgeSx,
  buttonSx,
}: {
  count: number;
  onOpen: (anchor: HTMLElement) => void;
  disabled?: boolean;
  badgeSx?: SxProps<Theme>;
  buttonSx?: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  return (
    <Badge badgeContent={count} color="primary" sx={badgeSx}>
      <Button variant="outlined" startIcon={<FilterListIcon />} onClick={(e) => onOpen(e.currentTarget)} disabled={disabled} sx={buttonSx}>
        {t('common.filter')}
      </Button>
    </Badge>
  );
}

/** The Filter and Refresh buttons of a list page, side by side (children of {@link SearchToolbar}). */
export function ToolbarButtons({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" spacing={1}>
      {children}
    </Stack>
  );
}

/** The Refresh button of a list page: refetches the list. */
export function RefreshButton({ onRefresh, disabled }: { onRefresh: () => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button variant="outlined" startIcon={<RefreshIcon />} onClick={onRefresh} disabled={disabled}>
      {t('common.refresh')}
    </Button>
  );
}

/**
 * Table paging under a table: `page` is zero-based. With `pageSizes` (and `onPageSizeChange`) the reader picks
 * the rows per page, and picking one returns to page 0; the labels are the caller's when the table has its own wording.
 */
export function TablePaging({
  count,
  page,
  pageSize,
  onPageChange,
  pageSizes,
  onPageSizeChange,
  ...labels
}: {
  count: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  pageSizes?: readonly number[];
  onPageSizeChange?: (size: number) => void;
} & Pick<TablePaginationProps, 'labelRowsPerPage' | 'labelDisplayedRows' | 'getItemAriaLabel' | 'sx'>) {
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      onPageChange={(_e, p) => onPageChange(p)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={pageSizes ? [...pageSizes] : [pageSize]}
      onRowsPerPageChange={
        onPageSizeChange &&
        ((e) => {
          onPageSizeChange(Number(e.target.value));
          onPageChange(0);
        })
      }
      {...labels}
    />
  );
}
