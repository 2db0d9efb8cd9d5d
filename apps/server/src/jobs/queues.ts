/**
 * Queue names of pg-boss (docs/architecture.md#processes Jobs). A ground file: it imports nothing of
 * the app, so features, ops/ and mail/ name a queue without depending on pg-boss or jobs/boss.ts.
 */
export const QUEUES = {
  datasetIngest: 'dataset-ingest',
  mail: 'mail',
  searchExport: 'search-export',
  /** One health round over every published model (modules/model-health/job.ts; docs/product.md#models-health). */
  modelHealth: 'model-health',
  benchmarkRun: 'benchmark-run',
  /** Speech-to-speech batches: a zip of audio files through asr → translation → tts (modules/sts/batch-job.ts). */
  stsBatch: 'sts-batch',
} as const;

/** The name of one queue. */
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
