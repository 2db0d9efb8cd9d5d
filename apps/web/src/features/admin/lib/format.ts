import { formatDateTime24 } from '../../../lib/dates.ts';

/** An ISO timestamp as the admin tables show it (docs/product.md#admin, docs/product.md#constants-and-limits: en-IN, 24-hour), e.g. '21/11/2026, 23:42:05'; '-' when missing or unparseable. */
export const formatAdminTimestamp = formatDateTime24;

/** Milliseconds since the epoch, or -Infinity for a missing or unparseable time (sorts last when descending). */
function timeOf(iso: string | null | undefined): number {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(t) ? -Infinity : t;
}

/** A copy of `rows` sorted by `pick(row)` newest first (docs/product.md#screens 'Timestamp (descending)'); ties keep their order. */
export function sortNewestFirst<T>(rows: readonly T[], pick: (row: T) => string | null | undefined): T[] {
  return rows
    .map((row, i) => ({ row, i, t: timeOf(pick(row)) }))
    .sort((a, b) => (b.t === a.t ? a.i - b.i : b.t > a.t ? 1 : -1))
    .map((x) => x.row);
}

/**
 * The details of an audit entry as one readable line: a string as is; an object as 'key: value'
 * pairs (nested values as JSON), each key through `label` (the interface's words for the keys it
 * knows, e.g. appName → 'Application'); nothing → ''.
 */
export function formatAuditDetails(details: unknown, label: (key: string) => string = (k) => k): string {
  if (details === null || details === undefined) return '';
  if (typeof details === 'string') return details;
  if (typeof details !== 'object' || Array.isArray(details)) return JSON.stringify(details);
  return Object.entries(details as Record<string, unknown>)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${label(k)}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(', ');
}

/** An audit action code as words: 'user.update_active' / 'USER_DEACTIVATED' → 'User update active' / 'User deactivated'. */
export function auditActionLabel(action: string): string {
  const words = action
    .replace(/[._-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : action;
}
