/**
 * Paths of the dashboard metrics calls (POST, public). A module of its own, without zod, so that the
 * public dashboard can name them without the schemas in its first-load JavaScript (see
 * docs/benchmarks.md#web); the bodies and answers are in metrics.ts.
 */

/** Path of the dashboard's bars. */
export const STORE_SEARCH_PATH = '/ulca/data-metric/v0/store/search';
/** Path of the Dataset Metrics table. */
export const STORE_REPORTS_PATH = '/ulca/data-metric/v0/store/reports';
/** The same table under the path the original ULCA web client posts to. */
export const STORE_REPORT_DATA_PATH = '/ulca/data-metric/v0/store/reportdata';
