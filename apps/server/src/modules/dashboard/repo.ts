import type { Selectable } from 'kysely';
import type { Db } from '../../db/pool.ts';
import type { RecordRollupTable } from '../../db/schema.ts';
import type { GroupSums, MetricPlan, RollupColumn } from './types.ts';

/** Dimension columns of `record_rollup` (migrations/001_init.sql); the only identifiers put into SQL text. */
export const ROLLUP_COLUMNS: readonly RollupColumn[] = ['source_language', 'target_language', 'domain', 'collection_method', 'submitter'];

function column(c: RollupColumn): string {
  if (!ROLLUP_COLUMNS.includes(c)) throw new Error(`not a rollup column: ${String(c)}`);
  return c;
}

/**
 * Builds the one SQL statement that answers a MetricPlan from `record_rollup`: the grouped sums
 * (`is_total` false) plus the dataset type's overall total (`is_total` true) in one round trip.
 * Values are bind parameters; column names come from ROLLUP_COLUMNS only. Rows whose count went
 * back to 0 (a submission taken back by unpublish) are ignored. Exported for tests and EXPLAIN.
 */
export function rollupQuery(plan: MetricPlan): { text: string; values: string[] } {
  const values: string[] = [plan.datasetType];
  const param = (v: string) => {
    values.push(v);
    return `$${values.length}`;
  };
  const where: string[] = [];
  for (const f of plan.filters) where.push(`${column(f.column)} = ${param(f.value)}`);
  if (plan.pairLanguages.length === 1) {
    const a = param(plan.pairLanguages[0]);
    where.push(`(source_language = ${a} OR target_language = ${a})`);
  } else if (plan.pairLanguages.length === 2) {
    const a = param(plan.pairLanguages[0]);
    const b = param(plan.pairLanguages[1]);
    where.push(`((source_language = ${a} AND target_language = ${b}) OR (source_language = ${b} AND target_language = ${a}))`);
  }
  const key =
    plan.group.kind === 'column'
      ? column(plan.group.column)
      : `CASE WHEN source_language = ${param(plan.group.language)} THEN target_language ELSE source_language END`;
  const text = `
    WITH typed AS (
      SELECT * FROM record_rollup WHERE dataset_type = $1 AND record_count > 0
    )
    SELECT ${key} AS key, sum(record_count)::float8 AS records, sum(duration_seconds)::float8 AS seconds, false AS is_total
      FROM typed ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     GROUP BY 1
    UNION ALL
    SELECT NULL, coalesce(sum(record_count), 0)::float8, coalesce(sum(duration_seconds), 0)::float8, true FROM typed`;
  return { text, values };
}

/** Runs rollupQuery: the groups of the selection and the type's total (records and audio seconds). */
export async function readRollupGroups(
  db: Db,
  plan: MetricPlan,
): Promise<{ groups: GroupSums[]; total: { records: number; seconds: number } }> {
  const q = rollupQuery(plan);
  const r = await db.pool.query<{ key: string | null; records: number; seconds: number; is_total: boolean }>(q);
  const groups: GroupSums[] = [];
  let total = { records: 0, seconds: 0 };
  for (const row of r.rows) {
    if (row.is_total) total = { records: row.records, seconds: row.seconds };
    else groups.push({ key: row.key ?? '', records: row.records, seconds: row.seconds });
  }
  return { groups, total };
}

/** One rollup combination with its sums (Dataset Metrics). */
export type ReportRow = Omit<Selectable<RecordRollupTable>, 'record_count' | 'duration_seconds'> & { records: number; seconds: number };

/** Every rollup combination with published records, ordered by its dimensions. */
export async function readReportRows(db: Db): Promise<ReportRow[]> {
  const r = await db.pool.query<ReportRow>(
    `SELECT dataset_type, source_language, target_language, domain, collection_method, submitter,
            record_count::float8 AS records, duration_seconds::float8 AS seconds
       FROM record_rollup
      WHERE record_count > 0
      ORDER BY 1, 2, 3, 4, 5, 6`,
  );
  return r.rows;
}
