import type { ModelHealthRow } from '@ulca/contracts';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { formatEpochDayTime } from './format.ts';
import { modelTaskText } from './tasks.ts';

/** Name of the downloaded health CSV (the grid adds .csv). */
export const HEALTH_CSV_FILE = 'models-health-check';

/**
 * The Output Check cell: what the last check found wrong with the model's answer (empty, wrong
 * script…), 'OK' when it was fine, '-' when the model has not been checked yet.
 */
export function outputCheckText(row: Pick<ModelHealthRow, 'outputCheck' | 'lastStatusUpdate' | 'status'>): string {
  if (row.outputCheck) return row.outputCheck;
  if (row.lastStatusUpdate === null) return '-';
  return row.status === 'available' ? i18n.t('models.health.ok') : '-';
}

/** Latency of the last check: '820 ms', '-' when unknown. */
export function latencyText(ms: number | null): string {
  return ms === null ? '-' : i18n.t('models.health.ms', { ms: Math.round(ms).toLocaleString('en-IN') });
}

/** A health row as the table shows (and the CSV writes) it: labels and formatted times. */
export interface HealthTableRow {
  id: string;
  modelName: string;
  taskType: string;
  status: ModelHealthRow['status'];
  lastStatusUpdate: string;
  latency: string;
  outputCheck: string;
}

/** The table rows of `list`, most recently checked first. */
export function healthTableRows(list: readonly ModelHealthRow[], timeZone?: string): HealthTableRow[] {
  return [...list]
    .sort((a, b) => (b.lastStatusUpdate ?? 0) - (a.lastStatusUpdate ?? 0))
    .map((r) => ({
      id: r.modelId,
      modelName: r.modelName,
      taskType: modelTaskText(r.taskType),
      status: r.status,
      lastStatusUpdate: formatEpochDayTime(r.lastStatusUpdate, timeZone),
      latency: latencyText(r.latencyMs),
      outputCheck: outputCheckText(r),
    }));
}

/** The health statuses a row can have (the Status filter's choices). */
export const MODEL_HEALTH_STATUS_LABELS = ['available', 'unavailable', 'unknown'] as const;
