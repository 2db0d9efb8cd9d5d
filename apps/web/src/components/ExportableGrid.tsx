import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';

/** The quick filter's reading of the search text: one phrase matched inside any cell, not separate words. */
export const WHOLE_PHRASE_FILTER = (input: string) => (input.trim() ? [input.trim()] : []);

/**
 * A grid of records the reader can search (quick filter), sort and export as CSV (`csvFileName`, every column,
 * with a byte-order mark so spreadsheet programs read the Indic text as UTF-8), 10 rows a page at first, without
 * the print button. The other props go to the DataGrid.
 */
export function ExportableGrid<R extends GridValidRowModel>({
  csvFileName,
  quickFilterParser,
  ...grid
}: Omit<DataGridProps<R>, 'slotProps' | 'showToolbar' | 'initialState' | 'pageSizeOptions'> & {
  csvFileName: string;
  quickFilterParser?: (input: string) => string[];
}) {
  return (
    <DataGrid
      showToolbar
      disableRowSelectionOnClick
      initialState={{ pagination: { paginationModel: { pageSize: 10 } } }}
      pageSizeOptions={[10, 25, 50, 100]}
      slotProps={{
        toolbar: {
          showQuickFilter: true,
          ...(quickFilterParser ? { quickFilterProps: { quickFilterParser } } : {}),
          csvOptions: { fileName: csvFileName, utf8WithBom: true, allColumns: true },
          printOptions: { disableToolbarButton: true },
        },
      }}
      autoHeight
      {...grid}
    />
  );
}
