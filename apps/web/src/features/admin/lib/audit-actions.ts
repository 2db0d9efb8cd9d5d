import { AUDIT_ACTION_LABELS } from '@ulca/contracts';
import { auditActionLabel } from './format.ts';

/** The audited actions and their words: one list, shared with the server, in @ulca/contracts. */
export { AUDIT_ACTION_LABELS };

/** The filter's choices, in the order above. */
export const AUDIT_ACTION_OPTIONS: readonly string[] = Object.keys(AUDIT_ACTION_LABELS);

/** The words for an action code: the known label, else the code turned into words. */
export function auditActionText(action: string): string {
  return (AUDIT_ACTION_LABELS as Readonly<Record<string, string>>)[action] ?? auditActionLabel(action);
}

/** A user id shortened for a table cell: its first 8 characters and an ellipsis (the full id goes in a tooltip). */
export function shortUserId(id: string | null): string {
  if (!id) return '-';
  return id.length > 10 ? `${id.slice(0, 8)}…` : id;
}
