import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Latency buckets, seconds: from a cached answer (5 ms) to a model call at its time limit (30 s+). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** Job duration buckets, seconds: a mail (under a second) to a large ingest (an hour+). */
const JOB_BUCKETS = [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600, 14400];

/** What a scrape reads from the process at that moment (database pool, pg-boss queues). */
export interface MetricsSources {
  /** Connections of the process's pool: total open, idle, callers waiting for one. */
  pool?: () => { total: number; idle: number; waiting: number };
  /** Jobs per queue and state (created, retry, active), read from the database at scrape time. */
  queueDepth?: () => Promise<{ queue: string; state: string; count: number }[]>;
}

/**
 * The process's Prometheus metrics (prom-client, its own registry; docs/operations.md#running-it-in-production
 * lists them). Counters only move through the methods below, called by the code that does the work:
 * HTTP requests (app.ts), model calls (modules/inference), job runs (jobs/retry.ts), ingested records
 * (modules/datasets) and health checks (modules/model-health). Queue depth and pool use are read at
 * scrape time from `sources`. `close()` drops the registry (and the event-loop monitor of the
 * default process metrics).
 */
export interface Metrics {
  /** One HTTP request: `route` is the route's pattern (e.g. /ulca/apis/v0/model/compute), 'unmatched' for 404s. */
  httpRequest(route: string, method: string, status: number, seconds: number): void;
  /** One call of a model's endpoint: outcome 'success' or the failure code (TIMEOUT, HTTP_ERROR...). */
  modelCall(modelId: string, outcome: string, seconds: number): void;
  /** One job attempt of `queue`: outcome 'completed' or 'failed'. */
  jobRun(queue: string, outcome: 'completed' | 'failed', seconds: number): void;
  /** Records of a finished dataset ingest: published (`success`) and rejected (`failed`). */
  ingestRecords(success: number, failed: number): void;
  /** One model's health check result ('available' / 'unavailable'). */
  healthCheck(status: string): void;
  /** Sets where queue depth and pool use are read from (main.ts, the test harness). */
  setSources(sources: MetricsSources): void;
  /** The exposition text (Prometheus text format 0.0.4) and its content type. */
  scrape(): Promise<{ contentType: string; body: string }>;
  close(): void;
}

/** A fresh registry with every platform metric (prefix `ulca_`) and the default process metrics. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  const registers = [registry];
  let sources: MetricsSources = {};
  collectDefaultMetrics({ register: registry, prefix: 'ulca_' });
  const httpTotal = new Counter({
    name: 'ulca_http_requests_total',
    help: 'HTTP requests by route, method and status',
    labelNames: ['route', 'method', 'status'],
    registers,
  });
  const httpSeconds = new Histogram({
    name: 'ulca_http_request_duration_seconds',
    help: 'HTTP request latency by route and method',
    labelNames: ['route', 'method'],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const modelTotal = new Counter({
    name: 'ulca_model_calls_total',
    help: 'Model endpoint calls by model and outcome',
    labelNames: ['model', 'outcome'],
    registers,
  });
  const modelSeconds = new Histogram({
    name: 'ulca_model_call_duration_seconds',
    help: 'Model endpoint call latency by model and outcome',
    labelNames: ['model', 'outcome'],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const jobSeconds = new Histogram({
    name: 'ulca_job_duration_seconds',
    help: 'Job attempt duration by queue and outcome',
    labelNames: ['queue', 'outcome'],
    buckets: JOB_BUCKETS,
    registers,
  });
  const records = new Counter({
    name: 'ulca_ingest_records_total',
    help: 'Records of finished dataset ingests by outcome (success = published, failed = rejected)',
    labelNames: ['outcome'],
    registers,
  });
  const health = new Counter({
    name: 'ulca_model_health_checks_total',
    help: 'Health-round checks by result',
    labelNames: ['status'],
    registers,
  });
  new Gauge({
    name: 'ulca_db_pool_connections',
    help: "Connections of this process's database pool by state (total, idle, waiting = callers waiting for one)",
    labelNames: ['state'],
    registers,
    collect() {
      const p = sources.pool?.();
      if (!p) return;
      this.reset();
      for (const [state, n] of Object.entries(p)) this.set({ state }, n);
    },
  });
  new Gauge({
    name: 'ulca_queue_jobs',
    help: 'Jobs per queue and state (created, retry, active), fleet-wide',
    labelNames: ['queue', 'state'],
    registers,
    async collect() {
      if (!sources.queueDepth) return;
      const rows = await sources.queueDepth().catch(() => undefined);
      if (!rows) return;
      this.reset();
      for (const r of rows) this.set({ queue: r.queue, state: r.state }, r.count);
    },
  });
  return {
    httpRequest(route, method, status, seconds) {
      httpTotal.inc({ route, method, status: String(status) });
      httpSeconds.observe({ route, method }, seconds);
    },
    modelCall(model, outcome, seconds) {
      modelTotal.inc({ model, outcome });
      modelSeconds.observe({ model, outcome }, seconds);
    },
    jobRun(queue, outcome, seconds) {
      jobSeconds.observe({ queue, outcome }, seconds);
    },
    ingestRecords(success, failed) {
      records.inc({ outcome: 'success' }, success);
      records.inc({ outcome: 'failed' }, failed);
    },
    healthCheck(status) {
      health.inc({ status });
    },
    setSources(s) {
      sources = { ...sources, ...s };
    },
    async scrape() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
    close() {
      registry.clear();
    },
  };
}
