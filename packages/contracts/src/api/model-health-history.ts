/**
 * The health history of a model (docs/api.md#inference): every stored health
 * round of the last days, uptime over 24 h and 7 d, latency percentiles and the last failure.
 */
import { z } from 'zod';

/** Path of a model's health history (GET, public; published models). */
export const MODEL_HEALTH_HISTORY_PATH = '/ulca/apis/v0/model/health/history';
/** Days of health rounds the platform keeps. */
export const HEALTH_HISTORY_DAYS = 30;

/** Query of the health history: the model and how many days of rounds to answer (default 7). */
export const modelHealthHistoryQuery = z.object({
  modelId: z.string().min(1).max(100),
  days: z.coerce.number().int().min(1).max(HEALTH_HISTORY_DAYS).default(7),
});

/** Uptime figures of one model, computed from its stored rounds (null when no round falls in the window). */
export const modelUptimeSchema = z.object({
  /** Share of available rounds over the last 24 h, 0–1. */
  uptime24h: z.number().nullable(),
  /** Share of available rounds over the last 7 days, 0–1. */
  uptime7d: z.number().nullable(),
  /** Latency percentiles of the answered rounds of the last 7 days, ms. */
  p50LatencyMs: z.number().nullable(),
  p95LatencyMs: z.number().nullable(),
  /** The latest unavailable round and its reason. */
  lastFailure: z.object({ checkedOn: z.number(), reason: z.string().nullable() }).nullable(),
});
export type ModelUptime = z.infer<typeof modelUptimeSchema>;

/** One stored round. */
export const healthRoundSchema = z.object({
  checkedOn: z.number(),
  status: z.enum(['available', 'unavailable']),
  latencyMs: z.number().nullable(),
  reason: z.string().nullable(),
});
export type HealthRound = z.infer<typeof healthRoundSchema>;

/** Answer of the health history. */
export const modelHealthHistoryResponse = z.object({
  data: z
    .object({ modelId: z.string(), modelName: z.string(), taskType: z.string(), rounds: z.array(healthRoundSchema) })
    .extend(modelUptimeSchema.shape),
});

/** Path of every published model's uptime with its rounds of the last 7 days (GET, public: the status page). */
export const MODEL_UPTIME_PATH = '/ulca/apis/v0/model/health/uptime';
/** Answer of the uptime list. */
export const modelUptimeListResponse = z.object({
  data: z.array(
    z
      .object({ modelId: z.string(), modelName: z.string(), taskType: z.string(), rounds: z.array(healthRoundSchema) })
      .extend(modelUptimeSchema.shape),
  ),
});
