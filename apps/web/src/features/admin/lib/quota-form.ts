import { USAGE_UNITS } from '@ulca/contracts';

/** A unit a daily limit can hold. */
export type QuotaUnit = (typeof USAGE_UNITS)[number];

/** What the admin typed in the daily-limit form. */
export interface QuotaFormValues {
  /** A key identifier (ulca_…), the full key, or '*' for every key's default. */
  key: string;
  unit: QuotaUnit;
  /** The limit as typed: a whole number, 0 or more. */
  limit: string;
}

/** The body of POST usage/quota (usageQuotaBody of @ulca/contracts). */
export interface QuotaBody {
  ulcaApiKey: string;
  unit: QuotaUnit;
  dailyLimit: number | null;
}

/** Why a field is refused: catalogue keys under admin.usage.form. */
export type QuotaFieldError = 'keyRequired' | 'keyTooLong' | 'limitInvalid';

/** The same bound as the server's body schema (usageQuotaBody). */
const MAX_KEY_LENGTH = 200;

/**
 * Checks the form before it is sent (the same rules as the server's usageQuotaBody, so the
 * admin sees them beside the fields): the body of POST usage/quota, or each field's error.
 * `remove` sends dailyLimit null, which removes the limit; the limit field is then not read.
 */
export function quotaBody(
  v: QuotaFormValues,
  remove = false,
): { body: QuotaBody } | { errors: Partial<Record<'key' | 'limit', QuotaFieldError>> } {
  const errors: Partial<Record<'key' | 'limit', QuotaFieldError>> = {};
  const key = v.key.trim();
  if (!key) errors.key = 'keyRequired';
  else if (key.length > MAX_KEY_LENGTH) errors.key = 'keyTooLong';
  const limit = v.limit.trim();
  const valid = /^\d{1,15}$/.test(limit);
  if (!remove && !valid) errors.limit = 'limitInvalid';
  if (errors.key || errors.limit) return { errors };
  return { body: { ulcaApiKey: key, unit: v.unit, dailyLimit: remove ? null : Number(limit) } };
}

/** The units in the order the form offers them. */
export const QUOTA_UNITS: readonly QuotaUnit[] = USAGE_UNITS;
