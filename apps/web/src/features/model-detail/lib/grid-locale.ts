import type { GridLocaleText } from '@mui/x-data-grid';
import type { TFunction } from '../../../lib/i18n/i18n.ts';

/**
 * The data grid's own texts that the model page's feedback table shows (as features/models' grids do) (toolbar, quick search, export menu,
 * paging, empty overlay) in the interface language (docs/product.md#languages-of-the-interface);
 * the grid's English stays for the texts of menus not listed here.
 */
export function gridLocaleText(t: TFunction): Partial<GridLocaleText> {
  return {
    noRowsLabel: t('common.noRecords'),
    noResultsOverlayLabel: t('common.noRecords'),
    toolbarColumns: t('models.grid.columns'),
    toolbarColumnsLabel: t('models.grid.columns'),
    toolbarFilters: t('models.grid.filters'),
    toolbarFiltersLabel: t('models.grid.filters'),
    toolbarFiltersTooltipShow: t('models.grid.showFilters'),
    toolbarFiltersTooltipHide: t('models.grid.hideFilters'),
    toolbarFiltersTooltipActive: (count: number) => t('models.grid.activeFilters', { count }),
    toolbarExport: t('models.grid.export'),
    toolbarExportLabel: t('models.grid.export'),
    toolbarExportCSV: t('models.grid.downloadCsv'),
    toolbarQuickFilterPlaceholder: t('models.grid.search'),
    toolbarQuickFilterLabel: t('models.grid.searchLabel'),
    toolbarQuickFilterDeleteIconLabel: t('models.grid.clearSearch'),
    paginationRowsPerPage: t('models.pager.rowsPerPage'),
    paginationDisplayedRows: ({ from, to, count }) => t('models.pager.displayed', { from, to, count }),
    paginationItemAriaLabel: (type) => t(`models.pager.${type}`),
  };
}
