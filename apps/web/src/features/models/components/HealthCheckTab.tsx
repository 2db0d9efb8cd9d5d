import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { useModelHealth, useModelUptime } from '../api/health.ts';
import { HEALTH_CSV_FILE, MODEL_HEALTH_STATUS_LABELS, healthTableRows, type HealthTableRow } from '../lib/health.ts';
import { TASK_LABELS } from '../lib/tasks.ts';

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
const uptimeText = (share: number | null | undefined) => (share === null || share === undefined ? '-' : `${(share * 100).toFixed(1)} %`);

/** On a phone the one visible column: the model, with its task and status under it, as wide as the grid. */
const PHONE_MODEL_COLUMN: GridColDef<Row> = {
  field: 'modelName',
  headerName: 'Model',
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
        <Box
          component="span"
          sx={{
            fontWeight: 600,
            color: p.row.status === 'unavailable' ? 'error.main' : p.row.status === 'available' ? 'success.main' : 'text.secondary',
          }}
        >
          {p.row.status}
        </Box>
      </Typography>
    </Box>
  ),
};

const COLUMNS: GridColDef<Row>[] = [
  { field: 'modelName', headerName: 'Model', flex: 1.6, minWidth: 180 },
  { field: 'taskType', headerName: 'Task Type', flex: 1, minWidth: 140, type: 'singleSelect', valueOptions: Object.values(TASK_LABELS) },
  {
    field: 'status',
    headerName: 'Status',
    width: 130,
    type: 'singleSelect',
    valueOptions: [...MODEL_HEALTH_STATUS_LABELS],
    renderCell: (p) => (
      <Typography
        variant="body2"
        component="span"
        sx={{
          fontWeight: 600,
          color: p.row.status === 'unavailable' ? 'error.main' : p.row.status === 'available' ? 'success.main' : 'text.secondary',
        }}
      >
        {p.row.status}
      </Typography>
    ),
  },
  { field: 'lastStatusUpdate', headerName: 'Last Updated Timestamp', flex: 1, minWidth: 190, filterable: false, sortable: false },
  { field: 'latency', headerName: 'Latency', width: 110, filterable: false, sortable: false },
  { field: 'outputCheck', headerName: 'Output Check', flex: 1, minWidth: 160, filterable: false },
  { field: 'uptime24h', headerName: 'Uptime 24 h', width: 110, filterable: false },
  { field: 'uptime7d', headerName: 'Uptime 7 d', width: 110, filterable: false },
];

/**
 * The 'status-check' tab of Explore: the 'Models Health Check' table (docs/product.md#models-health) — Model, Task
 * Type, Status (red when unavailable), Last Updated Timestamp, and, because a model's callbackUrl
 * is never shown (docs/architecture.md#calling-models), the latency and output check of the last call instead of the
 * Callback URL, and the uptime over 24 h and 7 d from the stored rounds. Quick search, column filters (task, status), CSV download with a UTF-8 BOM, no
 * row selection.
 */
export function HealthCheckTab() {
  const query = useModelHealth();
  const uptime = useModelUptime();
  const rows = useMemo((): Row[] => {
    const byModel = new Map((uptime.data ?? []).map((u) => [u.modelId, u]));
    return healthTableRows(query.data?.modelHealthStatusList ?? []).map((r) => ({
      ...r,
      uptime24h: uptimeText(byModel.get(r.id)?.uptime24h),
      uptime7d: uptimeText(byModel.get(r.id)?.uptime7d),
    }));
  }, [query.data, uptime.data]);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const columns = useMemo(() => (phone ? COLUMNS.map((c) => (c.field === 'modelName' ? PHONE_MODEL_COLUMN : c)) : COLUMNS), [phone]);
  return (
    <QueryState query={query} loading="Loading the models health check…" errorTitle="Could not load the health check">
      {() => (
        <Box>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
            Models Health Check
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Every published model is called regularly with its example request. A model’s endpoint address is never shown, so the table
            gives the latency and the output check of the last call instead.
          </Typography>
          {rows.length === 0 ? (
            <EmptyState message="No records found." />
          ) : (
            <DataGrid
              rows={rows}
              columns={columns}
              columnVisibilityModel={phone ? PHONE_HIDDEN : {}}
              getRowHeight={phone ? () => 'auto' : undefined}
              // The column menu's button sits past the right edge of a full-width column (about 23 px of
              // sideways scroll on a 390 px phone); the toolbar still sorts, filters and exports there.
              disableColumnMenu={phone}
              label="Models Health Check"
              showToolbar
              disableRowSelectionOnClick
              initialState={{ pagination: { paginationModel: { pageSize: 10 } } }}
              pageSizeOptions={[10, 25, 50, 100]}
              slotProps={{
                toolbar: {
                  showQuickFilter: true,
                  quickFilterProps: { quickFilterParser: (input: string) => (input.trim() ? [input.trim()] : []) },
                  csvOptions: { fileName: HEALTH_CSV_FILE, utf8WithBom: true, allColumns: true },
                  printOptions: { disableToolbarButton: true },
                },
              }}
              localeText={{ noRowsLabel: 'No records found.', noResultsOverlayLabel: 'No records found.' }}
              autoHeight
              // One column: no separator (its half that hangs past the last column made 5 px of sideways scroll).
              sx={phone ? { border: 0, '& .MuiDataGrid-columnSeparator': { display: 'none' } } : { border: 0 }}
            />
          )}
        </Box>
      )}
    </QueryState>
  );
}
