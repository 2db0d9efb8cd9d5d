import type { ThemeOptions } from '@mui/material/styles';
import type {} from '@mui/x-data-grid/themeAugmentation';
import type { TFunction } from '../lib/i18n/i18n.ts';

/*
 * MUI's own texts (table pagination, the Pagination control, Alert's close button, Autocomplete,
 * Breadcrumbs, and the DataGrid's menus, filter panel and footer) in the interface language, from
 * the catalogue's `mui` section (docs/product.md#languages-of-the-interface). MUI ships a Hindi
 * pack with flaws (a misspelt label, no Indian digit grouping) and no Tamil one, and the DataGrid
 * ships neither, so both languages come from our catalogue; English keeps MUI's own defaults. The
 * grid's one-word texts of boolean columns and multi-filter logic (yes, no, is, And, Or…), which our
 * grids never show, stay MUI's: as catalogue words they would match user data on other pages.
 */

/** The DataGrid localeText keys whose value is plain text (catalogue `mui.grid.<key>`). */
const GRID_TEXT_KEYS = [
  'noRowsLabel',
  'noResultsOverlayLabel',
  'noColumnsOverlayLabel',
  'noColumnsOverlayManageColumns',
  'toolbarDensity',
  'toolbarDensityLabel',
  'toolbarDensityCompact',
  'toolbarDensityStandard',
  'toolbarDensityComfortable',
  'toolbarColumns',
  'toolbarColumnsLabel',
  'toolbarFilters',
  'toolbarFiltersLabel',
  'toolbarFiltersTooltipHide',
  'toolbarFiltersTooltipShow',
  'toolbarQuickFilterPlaceholder',
  'toolbarQuickFilterLabel',
  'toolbarQuickFilterDeleteIconLabel',
  'toolbarExport',
  'toolbarExportLabel',
  'toolbarExportCSV',
  'toolbarExportPrint',
  'columnsManagementSearchTitle',
  'columnsManagementNoColumns',
  'columnsManagementShowHideAllText',
  'columnsManagementReset',
  'columnsManagementDeleteIconLabel',
  'filterPanelAddFilter',
  'filterPanelRemoveAll',
  'filterPanelDeleteIconLabel',
  'filterPanelOperator',
  'filterPanelColumn',
  'filterPanelInputLabel',
  'filterPanelInputPlaceholder',
  'filterOperatorContains',
  'filterOperatorDoesNotContain',
  'filterOperatorEquals',
  'filterOperatorDoesNotEqual',
  'filterOperatorStartsWith',
  'filterOperatorEndsWith',
  'filterOperatorAfter',
  'filterOperatorOnOrAfter',
  'filterOperatorBefore',
  'filterOperatorOnOrBefore',
  'filterOperatorIsEmpty',
  'filterOperatorIsNotEmpty',
  'filterOperatorIsAnyOf',
  'columnMenuLabel',
  'columnMenuShowColumns',
  'columnMenuManageColumns',
  'columnMenuFilter',
  'columnMenuHideColumn',
  'columnMenuUnsort',
  'columnMenuSortAsc',
  'columnMenuSortDesc',
  'columnHeaderFiltersLabel',
  'columnHeaderSortIconLabel',
  'footerTotalRows',
  'checkboxSelectionHeaderName',
  'checkboxSelectionSelectAllRows',
  'checkboxSelectionUnselectAllRows',
  'checkboxSelectionSelectRow',
  'checkboxSelectionUnselectRow',
] as const;

type PageButton = 'first' | 'last' | 'next' | 'previous';

/**
 * Theme options carrying MUI's component texts in the language of `t`, with numbers in `locale`
 * (e.g. 'hi-IN': 1,00,000). Merge them over the app theme: `createTheme(theme, muiLocaleOptions(t, locale))`.
 */
export function muiLocaleOptions(t: TFunction, locale: string): ThemeOptions {
  const n = (v: number) => new Intl.NumberFormat(locale).format(v);
  const pageButton = (type: PageButton | 'page' | 'start-ellipsis' | 'end-ellipsis' | string): string =>
    type === 'first'
      ? t('mui.firstPage')
      : type === 'last'
        ? t('mui.lastPage')
        : type === 'next'
          ? t('mui.nextPage')
          : t('mui.previousPage');
  const displayedRows = ({ from, to, count }: { from: number; to: number; count: number }) =>
    t('mui.displayedRows', { from: n(from), to: n(to), count: count === -1 ? t('mui.moreThan', { to: n(to) }) : n(count) });
  const gridText = Object.fromEntries(GRID_TEXT_KEYS.map((k) => [k, t(`mui.grid.${k}`)]));
  return {
    components: {
      MuiTablePagination: {
        defaultProps: { labelRowsPerPage: t('mui.rowsPerPage'), labelDisplayedRows: displayedRows, getItemAriaLabel: pageButton },
      },
      MuiPagination: {
        defaultProps: {
          'aria-label': t('mui.paginationNav'),
          getItemAriaLabel: (type, page, selected) =>
            type === 'page'
              ? selected
                ? t('mui.page', { page: n(page ?? 0) })
                : t('mui.goToPage', { page: n(page ?? 0) })
              : pageButton(type),
        },
      },
      MuiAlert: { defaultProps: { closeText: t('mui.close') } },
      MuiAutocomplete: {
        defaultProps: {
          clearText: t('mui.clear'),
          closeText: t('mui.close'),
          loadingText: t('mui.loading'),
          noOptionsText: t('mui.noOptions'),
          openText: t('mui.open'),
        },
      },
      MuiBreadcrumbs: { defaultProps: { expandText: t('mui.showPath') } },
      MuiDataGrid: {
        defaultProps: {
          localeText: {
            ...gridText,
            toolbarFiltersTooltipActive: (count: number) => t('mui.activeFilters', { count }),
            columnHeaderFiltersTooltipActive: (count: number) => t('mui.activeFilters', { count }),
            columnMenuAriaLabel: (column: string) => t('mui.columnMenuAria', { column }),
            footerRowSelected: (count: number) => t('mui.rowsSelected', { count, n: n(count) }),
            footerTotalVisibleRows: (visible: number, total: number) => t('mui.visibleRows', { visible: n(visible), total: n(total) }),
            paginationRowsPerPage: t('mui.rowsPerPage'),
            paginationDisplayedRows: displayedRows,
            paginationItemAriaLabel: pageButton,
          },
        },
      },
    },
  };
}
