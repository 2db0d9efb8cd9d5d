import { COLLECTION_METHOD_LABELS, DOMAINS, isAudioDatasetType, languageLabel, type DatasetType } from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import type { MetricsServices } from './answer-cache.ts';
import { badRequest } from '../../lib/errors.ts';
import { readReportRows, readRollupGroups } from './repo.ts';
import type { GroupSums, MetricGroup, MetricPlan, RollupColumn } from './types.ts';

export type { GroupSums, MetricGroup, MetricPlan, RollupColumn } from './types.ts';
import type { DataPoint, MetricField, MetricReportRow, StoreSearchBody, StoreSearchResponse } from './schemas.ts';
/** This feature's slice of ctx.services (docs/architecture.md#boundaries), for the features that call it. */
export type { MetricsServices } from './answer-cache.ts';

/**
 * Dashboard metrics (docs/product.md#dashboard-and-dataset-metrics Dashboard, docs/product.md#entities-and-fields Dashboard search request),
 * answered from the `record_rollup` table only, never by scanning records (docs/architecture.md#dataset-stages).
 *
 * Drill-down semantics, as the original ULCA dashboard:
 * - level 0: `criterions` null (or, for parallel-corpus and transliteration-corpus, the chosen
 *   source language), `groupby` null → one bar per language;
 * - level 1: one language chosen, `groupby` domains | collectionMethod_collectionDescriptions |
 *   primarySubmitterName;
 * - level 2: a second criterion (the bar clicked at level 1) and a second grouping.
 *
 * Language pairs are found from either side for parallel-corpus and transliteration-corpus
 * (ULCA does the same): a record published as en→hi is counted when the user picks `en` (bar
 * `hi`) and when the user picks `hi` (bar `en`). With both sourceLanguage=a and targetLanguage=b
 * the filter is the unordered pair {a, b}. Any language grouping of these types, when a language
 * is chosen, yields the language on the other side. Glossary and the single-language types use
 * plain equality on each field, and their level-0 bars are source languages.
 */

/** Types whose language pairs are symmetric on the dashboard (the source-language picker types). */
export const SYMMETRIC_PAIR_TYPES: readonly DatasetType[] = ['parallel-corpus', 'transliteration-corpus'];

/** The rollup column behind each dashboard field. */
export const FIELD_COLUMNS: Readonly<Record<MetricField, RollupColumn>> = {
  sourceLanguage: 'source_language',
  targetLanguage: 'target_language',
  domains: 'domain',
  collectionMethod_collectionDescriptions: 'collection_method',
  primarySubmitterName: 'submitter',
};

/**
 * Translates a validated store/search body into a MetricPlan. Throws ApiError 400 (field errors)
 * when a field appears twice in `criterions`.
 */
export function planStoreSearch(body: StoreSearchBody): MetricPlan {
  const criterions = body.criterions ?? [];
  const seen = new Map<MetricField, number>();
  const errors: { field: string; message: string }[] = [];
  criterions.forEach((c, i) => {
    if (seen.has(c.field))
      errors.push({ field: `criterions.${i}.field`, message: `'${c.field}' is already a criterion (criterions.${seen.get(c.field)}).` });
    else seen.set(c.field, i);
  });
  if (errors.length) throw badRequest('VALIDATION_FAILED', errors[0].message, errors);

  const symmetric = SYMMETRIC_PAIR_TYPES.includes(body.type);
  const valueOf = (f: MetricField) => criterions.find((c) => c.field === f)?.value;
  const groupField: MetricField = body.groupby?.[0]?.field ?? 'sourceLanguage';
  const isLanguage = (f: MetricField) => f === 'sourceLanguage' || f === 'targetLanguage';

  if (!symmetric) {
    return {
      datasetType: body.type,
      filters: criterions.map((c) => ({ column: FIELD_COLUMNS[c.field], value: c.value })),
      pairLanguages: [],
      group: { kind: 'column', field: groupField, column: FIELD_COLUMNS[groupField] },
    };
  }
  const source = valueOf('sourceLanguage');
  const target = valueOf('targetLanguage');
  const pairLanguages = [source, target].filter((l): l is string => l !== undefined);
  const chosen = source ?? target;
  const group: MetricGroup =
    isLanguage(groupField) && chosen !== undefined
      ? { kind: 'otherLanguage', language: chosen }
      : { kind: 'column', field: groupField, column: FIELD_COLUMNS[groupField] };
  return {
    datasetType: body.type,
    filters: criterions.filter((c) => !isLanguage(c.field)).map((c) => ({ column: FIELD_COLUMNS[c.field], value: c.value })),
    pairLanguages,
    group,
  };
}

/** Hours with 3 decimals from seconds (docs/product.md#entities-and-fields: seconds / 3600). */
export function secondsToHours(seconds: number): number {
  return Math.round((seconds / 3600) * 1000) / 1000;
}

/** The dashboard value of a group: hours for speech types, otherwise the record count. */
export function metricValue(datasetType: string, records: number, seconds: number): number {
  return isAudioDatasetType(datasetType) ? secondsToHours(seconds) : records;
}

const DOMAIN_LABELS: ReadonlyMap<string, string> = new Map(DOMAINS.map((d) => [d.code, d.label]));

/** Human label of a dimension value (master-data labels; submitters and unknown codes as they are). */
export function dimensionLabel(field: MetricField, key: string): string {
  if (key === '') return '-';
  if (key === 'unspecified') return 'Unspecified';
  switch (field) {
    case 'sourceLanguage':
    case 'targetLanguage':
      return languageLabel(key);
    case 'domains':
      return DOMAIN_LABELS.get(key) ?? key;
    case 'collectionMethod_collectionDescriptions':
      return COLLECTION_METHOD_LABELS[key] ?? key;
    case 'primarySubmitterName':
      return key;
  }
}

/**
 * Shapes grouped sums into the response: labels, units, sorted by value descending (then label,
 * so equal bars keep a stable order); groups whose value is 0 records are left out.
 */
export function toSearchResponse(
  plan: MetricPlan,
  groups: GroupSums[],
  typeTotal: { records: number; seconds: number },
): StoreSearchResponse {
  const field: MetricField = plan.group.kind === 'column' ? plan.group.field : 'targetLanguage';
  const data: (DataPoint & { raw: number })[] = groups
    .filter((g) => g.records > 0)
    .map((g) => ({
      label: dimensionLabel(field, g.key),
      value: metricValue(plan.datasetType, g.records, g.seconds),
      _id: g.key,
      raw: isAudioDatasetType(plan.datasetType) ? g.seconds : g.records,
    }));
  data.sort((a, b) => b.raw - a.raw || a.label.localeCompare(b.label));
  const records = groups.reduce((n, g) => n + g.records, 0);
  const seconds = groups.reduce((n, g) => n + g.seconds, 0);
  return {
    data: data.map(({ label, value, _id }) => ({ label, value, _id })),
    count: metricValue(plan.datasetType, records, seconds),
    totalCount: metricValue(plan.datasetType, typeTotal.records, typeTotal.seconds),
  };
}

/** What the dashboard answers need of the context. */
export type DashboardContext = Pick<AppContext, 'db' | 'config'> & { services: MetricsServices };

/** POST store/search: the bars of one dashboard view, from the rollup. Throws ApiError 400 for a repeated criterion. */
export async function storeSearch(ctx: DashboardContext, body: StoreSearchBody): Promise<StoreSearchResponse> {
  const plan = planStoreSearch(body);
  return ctx.services.dashboard.answer(`search:${JSON.stringify(plan)}`, ctx.config.dashboardCacheSeconds, async () => {
    const { groups, total } = await readRollupGroups(ctx.db, plan);
    return toSearchResponse(plan, groups, total);
  });
}

/**
 * POST store/reports: every combination of dimensions with published records (Dataset Metrics),
 * sorted by datasetType, source, target, domain, method, submitter.
 */
export async function storeReports(ctx: DashboardContext): Promise<{ data: MetricReportRow[] }> {
  return ctx.services.dashboard.answer('reports', ctx.config.dashboardCacheSeconds, () => readReports(ctx));
}

async function readReports(ctx: Pick<AppContext, 'db'>): Promise<{ data: MetricReportRow[] }> {
  const rows = await readReportRows(ctx.db);
  return {
    data: rows.map((r) => ({
      datasetType: r.dataset_type,
      sourceLanguage: r.source_language,
      targetLanguage: r.target_language,
      domains: r.domain,
      collectionMethod_collectionDescriptions: r.collection_method,
      primarySubmitterName: r.submitter,
      count: r.records,
      total: metricValue(r.dataset_type, r.records, r.seconds),
    })),
  };
}
