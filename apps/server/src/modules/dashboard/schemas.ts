/**
 * Schemas of the metrics routes: they live in @ulca/contracts (api/metrics.ts), shared with the
 * web dashboard's api files.
 */
export {
  METRIC_FIELDS,
  criterionSchema,
  groupBySchema,
  storeSearchBody,
  dataPointSchema,
  storeSearchResponse,
  storeReportsBody,
  metricReportRowSchema,
  storeReportsResponse,
  type MetricField,
  type StoreSearchBody,
  type DataPoint,
  type StoreSearchResponse,
  type MetricReportRow,
} from '@ulca/contracts';
