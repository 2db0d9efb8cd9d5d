import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { GridColDef } from '@mui/x-data-grid';
import { ExportableGrid, WHOLE_PHRASE_FILTER } from '../../../components/ExportableGrid.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { useModelHealth, useModelUptime } from '../api/health.ts';
import { HEALTH_CSV_FILE, MODEL_HEALTH_STATUS_LABELS, healthTableRows, type HealthTableRow } from '../lib/health.ts';
import { EXPLORE_TABS, modelTaskText } from '../lib/tasks.ts';
import { uptimeText } from '../lib/format.ts';
import { useTranslation, type TFunction } from '../../../lib/i18n/i18n.ts';

/** Columns hidden on a phone (below `sm`): the model cell shows the task and status there, the rest stays in the CSV. */
const PHONE_HIDDEN = {
  taskType: false,
  status: false,
  lastStatusUpdate: false,
  latency: false,
  outputCheck: false,
  uptime24h: false,
  uptime7d: false,
};

/** A table row with the model's uptime (share of its stored health rounds that answered; '-' when none). */
type Row = HealthTableRow & { uptime24h: string; uptime7d: string };

/** A status in bold, red when unavailable and green when available. */
const statusSx = (status: Row['status']) => ({
  fontWeight: 600,
  color: status === 'unavailable' ? 'error.main' : status === 'available' ? 'success.main' : 'text.secondary',
});

/** A health status in the interface language. */
const statusText = (t: TFunction, status: string) => t(`models.health.status.${status}`, { defaultValue: status });

/** On a phone the one visible column: the model, with its task and status under it, as wide as the grid. */
const phoneModelColumn = (t: TFunction): GridColDef<Row> => ({
  field: 'modelName',
  headerName: t('models.health.col.model'),
  flex: 1,
  minWidth: 0,
  resizable: false,
  renderCell: (p) => (
    <Box sx={{ py: 1, lineHeight: 1.3, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
      <Typography variant="body2" component="span" sx={{ display: 'block' }}>
        {p.row.modelName}
      </Typography>
      <Typography variant="caption" component="span" color="text.secondary">
        {p.row.taskType} ·{' '}
        <Box component="span" sx={statusSx(p.row.status)}>
          {statusText(t, p.row.status)}
        </Box>
      </Typography>
    </Box>
  ),
});

/** The table's columns, headers in the interface language. */
const columnsOf = (t: TFunction): GridColDef<Row>[] => [
  { field: 'modelName', headerName: t('models.health.col.model'), flex: 1.6, minWidth: 180 },
  {
    field: 'taskType',
    headerName: t('models.health.col.taskType'),
    flex: 1,
    minWidth: 140,
    type: 'singleSelect',
    valueOptions: EXPLORE_TABS.map(modelTaskText),
  },
  {
    field: 'status',
    headerName: t('models.col.status'),
    width: 130,
    type: 'singleSelect',
    valueOptions: MODEL_HEALTH_STATUS_LABELS.map((v) => ({ value: v, label: statusText(t, v) })),
    renderCell: (p) => (
      <Typography variant="body2" component="span" sx={statusSx(p.row.status)}>
        {statusText(t, p.row.status)}
      </Typography>
    ),
  },
  {
    field: 'lastStatusUpdate',
    headerName: t('models.health.col.lastUpdated'),
    flex: 1,
    minWidth: 190,
    filterable: false,
    sortable: false,
  },
  { field: 'latency', headerName: t('models.health.col.latency'), width: 110, filterable: false, sortable: false },
  { field: 'outputCheck', headerName: t('models.health.col.outputCheck'), flex: 1, minWidth: 160, filterable: false },
  { field: 'uptime24h', headerName: t('models.health.col.uptime24h'), width: 110, filterable: false },
  { field: 'uptime7d', headerName: t('models.health.col.uptime7d'), width: 110, filterable: false },
];

/**
 * The 'status-check' tab of Explore: the 'Models Health Check' table (docs/product.md#models-health) — Model, Task
 * Type, Status (red when unavailable), Last Updated Timestamp, and, because a model's callbackUrl
 * is never shown (docs/architecture.md#calling-models), the latency and output check of the last call instead of the
 * Callback URL, and the uptime over 24 h and 7 d from the stored rounds. Quick search, column filters (task, status), CSV download with a UTF-8 BOM, no
 * row selection.
 */
export function HealthCheckTab() {
  const { t } = useTranslation();
  const query = useModelHealth();
  const uptime = useModelUptime();
  // Not memoised: the rows hold texts (task names, OK) of the interface language, and are few.
  const byModel = new Map((uptime.data ?? []).map((u) => [u.modelId, u]));
  const rows: Row[] = healthTableRows(query.data?.modelHealthStatusList ?? []).map((r) => ({
    ...r,
    uptime24h: uptimeText(byModel.get(r.id)?.uptime24h),
    uptime7d: uptimeText(byModel.get(r.id)?.uptime7d),
  }));
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const columns = useMemo(() => {
    const all = columnsOf(t);
    return phone ? all.map((c) => (c.field === 'modelName' ? phoneModelColumn(t) : c)) : all;
  }, [phone, t]);
  return (
    <QueryState query={query} loading={t('models.health.loading')} errorTitle={t('models.health.loadFailed')}>
      {() => (
        <Box>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
            {t('models.health.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t('models.health.lead')}
          </Typography>
          {rows.length === 0 ? (
            <EmptyState message={t('common.noRecords')} />
          ) : (
            <ExportableGrid
              rows={rows}
              columns={columns}
              columnVisibilityModel={phone ? PHONE_HIDDEN : {}}
              getRowHeight={phone ? () => 'auto' : undefined}
              // The column menu's button sits past the right edge of a full-width column (about 23 px of
              // sideways scroll on a 390 px phone); the toolbar still sorts, filters and exports there.
              disableColumnMenu={phone}
              label={t('models.health.title')}
              csvFileName={HEALTH_CSV_FILE}
              quickFilterParser={WHOLE_PHRASE_FILTER}
              // One column: no separator (its half that hangs past the last column made 5 px of sideways scroll).
              sx={phone ? { border: 0, '& .MuiDataGrid-columnSeparator': { display: 'none' } } : { border: 0 }}
            />
          )}
        </Box>
      )}
    </QueryState>
  );
}
