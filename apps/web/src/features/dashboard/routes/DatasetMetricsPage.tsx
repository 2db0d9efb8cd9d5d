import { useTranslation, type TFunction } from '../../../lib/i18n/i18n.ts';
import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { DataGrid, type GridColDef, type GridColumnVisibilityModel } from '@mui/x-data-grid';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { usePageTitle } from '../../../components/usePageTitle.ts';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { useStoreReports } from '../api/store-reports.ts';
import { formatNumber } from '../lib/format.ts';
import { collectionMethodName, datasetTypeName, domainName, languageName } from '../lib/labels.ts';
import { aggregateByVisible, targetLanguageText, visibleDimensions, type MetricTableRow } from '../lib/metrics-table.ts';

/**
 * Header height (px) and styles of the metrics grid: long headers ("Collection Method", and longer in
 * Hindi or Tamil) wrap onto a second line instead of being cut with an ellipsis at laptop widths;
 * so do long cells ("Manually Translated", "Government Press"), the rows growing to fit
 * (`getRowHeight` 'auto').
 */
export const METRICS_HEADER_HEIGHT = 64;
export const METRICS_GRID_SX = {
  border: 0,
  '& .MuiDataGrid-columnHeaderTitle': { whiteSpace: 'normal', lineHeight: 1.25, textOverflow: 'clip' },
  '& .MuiDataGrid-cell': { whiteSpace: 'normal', lineHeight: 1.4, py: 1 },
} as const;

/** Every row as tall as its wrapped cells. */
const autoRowHeight = () => 'auto' as const;

/** Name of the downloaded file (the grid adds .csv). */
export const METRICS_CSV_FILE = 'dataset-metrics';

// Dimension cells show labels; sorting, the quick filter and the CSV use the same labels.
/** The grid's columns, headers in the interface language. */
function columns(t: TFunction): GridColDef<MetricTableRow>[] {
  return [
    {
      field: 'datasetType',
      headerName: t('dashboard.col.datasetType'),
      flex: 1.2,
      minWidth: 150,
      valueGetter: (_v, r) => (r.datasetType ? datasetTypeName(r.datasetType) : ''),
    },
    {
      field: 'sourceLanguage',
      headerName: t('dashboard.col.sourceLanguage'),
      flex: 1,
      minWidth: 120,
      valueGetter: (_v, r) => (r.sourceLanguage ? languageName(r.sourceLanguage) : ''),
    },
    // A blank target (single-language types) is shown as '-' but exported empty: the CSV writer
    // would prefix a lone '-' with a quote, as it guards every cell against spreadsheet formulas.
    {
      field: 'targetLanguage',
      headerName: t('dashboard.col.targetLanguage'),
      flex: 1,
      minWidth: 120,
      valueGetter: (_v, r) => (r.targetLanguage ? languageName(r.targetLanguage) : ''),
      renderCell: (p) => targetLanguageText(p.row.targetLanguage, languageName),
    },
    {
      field: 'domains',
      headerName: t('dashboard.col.domain'),
      flex: 1,
      minWidth: 110,
      valueGetter: (_v, r) => (r.domains ? domainName(r.domains) : ''),
    },
    {
      field: 'collectionMethod_collectionDescriptions',
      headerName: t('dashboard.col.collectionMethod'),
      flex: 1.2,
      minWidth: 150,
      valueGetter: (_v, r) =>
        r.collectionMethod_collectionDescriptions ? collectionMethodName(r.collectionMethod_collectionDescriptions) : '',
    },
    { field: 'primarySubmitterName', headerName: t('dashboard.col.submitter'), flex: 1.2, minWidth: 130 },
    {
      field: 'unit',
      headerName: t('dashboard.col.unit'),
      width: 90,
      renderCell: (p) => t(`dashboard.unitWord.${p.row.unit}`, { count: 2 }),
    },
    // Numbers: renderCell formats for the eye; the CSV keeps plain numbers.
    { field: 'count', headerName: t('dashboard.col.records'), type: 'number', width: 100, renderCell: (p) => formatNumber(p.row.count) },
    { field: 'total', headerName: t('dashboard.col.total'), type: 'number', width: 100, renderCell: (p) => formatNumber(p.row.total) },
  ];
}

/**
 * /dataset/reports, Dataset Metrics (docs/product.md#dashboard-and-dataset-metrics; public): one row per published combination of
 * dataset type, languages, domain, collection method and submitter, with its records and total
 * (hours for speech types). The toolbar offers the quick-filter search, the column chooser and CSV
 * download; hiding a dimension column sums the rows that become equal. Sorted by dataset type.
 */
export default function DatasetMetricsPage() {
  const { t } = useTranslation();
  usePageTitle(t('dashboard.metricsTitle'));
  // useTranslation gives a new `t` when the language changes: the headers follow.
  const cols = useMemo(() => columns(t), [t]);
  const query = useStoreReports();
  const [visibility, setVisibility] = useState<GridColumnVisibilityModel>({});
  // A localeText prop replaces the theme's (app/mui-locale.ts) instead of adding to it: keep the theme's texts.
  const theme = useTheme();
  const localeText = useMemo(
    () => ({
      ...theme.components?.MuiDataGrid?.defaultProps?.localeText,
      noRowsLabel: t('common.noRecords'),
      noResultsOverlayLabel: t('common.noRecords'),
    }),
    [theme, t],
  );
  const rows = useMemo(() => aggregateByVisible(query.data?.data ?? [], visibleDimensions(visibility)), [query.data, visibility]);

  return (
    <PageFrame title={t('dashboard.metricsTitle')} subtitle={t('dashboard.metricsSubtitle')}>
      <QueryState query={query} loading={t('dashboard.loadingMetrics')} empty={rows.length === 0 ? <EmptyState /> : undefined}>
        {() => (
          <Box sx={{ width: '100%' }}>
            <DataGrid
              rows={rows}
              columns={cols}
              label={t('dashboard.metricsGrid')}
              showToolbar
              disableRowSelectionOnClick
              columnVisibilityModel={visibility}
              onColumnVisibilityModelChange={setVisibility}
              initialState={{
                sorting: { sortModel: [{ field: 'datasetType', sort: 'asc' }] },
                pagination: { paginationModel: { pageSize: 25 } },
              }}
              pageSizeOptions={[10, 25, 50, 100]}
              slotProps={{
                toolbar: {
                  showQuickFilter: true,
                  // The search text is one phrase matched inside any cell ('Lab A', 'Government Press'), not separate words.
                  quickFilterProps: { quickFilterParser: (input: string) => (input.trim() ? [input.trim()] : []) },
                  csvOptions: { fileName: METRICS_CSV_FILE, utf8WithBom: true },
                  printOptions: { disableToolbarButton: true },
                },
              }}
              localeText={localeText}
              autoHeight
              columnHeaderHeight={METRICS_HEADER_HEIGHT}
              getRowHeight={autoRowHeight}
              sx={METRICS_GRID_SX}
            />
          </Box>
        )}
      </QueryState>
    </PageFrame>
  );
}
