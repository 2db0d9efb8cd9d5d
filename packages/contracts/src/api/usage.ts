/**
 * Usage and quotas per API key (docs/api.md#usage-and-quotas): what each
 * key consumed per day, model and task, and an admin's daily limits per unit.
 */
import { z } from 'zod';

/** Paths of the usage API. */
export const USAGE_API = {
  /** GET, signed: one key's usage (its owner, or an ADMIN); `format=csv` for a CSV download. */
  key: '/ulca/apis/v0/usage/key',
  /** GET, ADMIN: every key's usage; `format=csv` for a CSV download. */
  all: '/ulca/apis/v0/usage/all',
  /** GET (list) and POST (set) the daily limits, ADMIN. */
  quota: '/ulca/apis/v0/usage/quota',
} as const;

/** Units a daily quota can limit. */
export const USAGE_UNITS = ['calls', 'characters', 'audioSecondsIn', 'audioSecondsOut', 'images'] as const;
/** Longest window a usage answer covers, days. */
export const USAGE_MAX_DAYS = 90;

/** Query of usage/key. */
export const usageKeyQuery = z.object({
  ulcaApiKey: z.string().min(1).max(200).describe('The key identifier (ulca_…) or the full key'),
  days: z.coerce.number().int().min(1).max(USAGE_MAX_DAYS).default(30),
  format: z.enum(['json', 'csv']).default('json'),
});
/** Query of usage/all. */
export const usageAllQuery = z.object({
  days: z.coerce.number().int().min(1).max(USAGE_MAX_DAYS).default(30),
  format: z.enum(['json', 'csv']).default('json'),
});

/** One row of usage: a key, UTC day, model (id, and name for display) and task. Seconds rounded to 0.1. */
export const usageRowSchema = z.object({
  keyId: z.string(),
  day: z.string(),
  modelId: z.string(),
  /** The model's name and version, e.g. "Sahyadri MT v1.0"; null once the model is deleted. */
  modelName: z.string().nullable(),
  task: z.string(),
  calls: z.number(),
  failures: z.number(),
  meanLatencyMs: z.number(),
  charactersIn: z.number(),
  audioSecondsIn: z.number(),
  audioSecondsOut: z.number(),
  images: z.number(),
});
export type UsageRow = z.infer<typeof usageRowSchema>;

/**
 * The columns of the usage CSV, in order: the one list the server's `format=csv` answer and the
 * web app's usage download both write (docs/api.md#usage-and-quotas).
 */
export const USAGE_CSV_COLUMNS = [
  'day',
  'keyId',
  'modelId',
  'task',
  'calls',
  'failures',
  'meanLatencyMs',
  'charactersIn',
  'audioSecondsIn',
  'audioSecondsOut',
  'images',
] as const satisfies readonly (keyof UsageRow)[];

/** A daily limit of a key and what is left of it today. */
export const usageQuotaSchema = z.object({
  unit: z.enum(USAGE_UNITS),
  dailyLimit: z.number(),
  usedToday: z.number(),
  remainingToday: z.number(),
});

/** Answer of usage/key (JSON). */
export const usageKeyResponse = z.object({
  data: z.object({ keyId: z.string(), appName: z.string(), rows: z.array(usageRowSchema), quota: z.array(usageQuotaSchema) }),
});
export type UsageKeyReport = z.infer<typeof usageKeyResponse>['data'];
/** A row of usage/all: a usage row with its key's application and owner (null once the key is deleted). */
export const usageAllRowSchema = usageRowSchema.extend({ appName: z.string().nullable(), userId: z.string().nullable() });
export type UsageAllRow = z.infer<typeof usageAllRowSchema>;
/** Answer of usage/all (JSON). */
export const usageAllResponse = z.object({ data: z.array(usageAllRowSchema) });

/** Body of the admin's quota setting: a key (identifier or full key) or '*' for every key's default; dailyLimit null removes it. */
export const usageQuotaBody = z.object({
  ulcaApiKey: z.string().min(1).max(200),
  unit: z.enum(USAGE_UNITS),
  dailyLimit: z.number().int().min(0).nullable(),
});
/** Answer of the quota list. */
export const usageQuotaListResponse = z.object({
  data: z.array(z.object({ keyId: z.string(), unit: z.enum(USAGE_UNITS), dailyLimit: z.number() })),
});
