/**
 * Types shared by the metrics service and its repo (types only, so repo.ts need not import
 * service.ts: no import cycle, not even of types; eslint/boundaries.js).
 */
import type { DatasetType } from '@ulca/contracts';
import type { MetricField } from './schemas.ts';

/** A dimension column of `record_rollup` (repo.ts ROLLUP_COLUMNS). */
export type RollupColumn = 'source_language' | 'target_language' | 'domain' | 'collection_method' | 'submitter';

/** How the bars of a query are formed: one dimension, or the other side of a chosen language. */
export type MetricGroup = { kind: 'column'; field: MetricField; column: RollupColumn } | { kind: 'otherLanguage'; language: string };

/** A store/search request translated into rollup terms (what repo.ts turns into SQL). */
export interface MetricPlan {
  datasetType: DatasetType;
  /** Equality filters `column = value`. */
  filters: { column: RollupColumn; value: string }[];
  /** Symmetric-pair filter: [a] = a on either side; [a, b] = the unordered pair {a, b}; [] = none. */
  pairLanguages: string[];
  group: MetricGroup;
}

/** Rollup sums of one group, as read from the database. */
export interface GroupSums {
  key: string;
  records: number;
  seconds: number;
}
