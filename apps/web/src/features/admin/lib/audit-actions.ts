import { auditActionLabel } from './format.ts';

/**
 * The actions the server's audit log records (apps/server/src/modules/audit/audit.ts AUDIT_ACTIONS)
 * with the words the log shows for them; the filter offers these. An action missing here still
 * shows in the log (its code turned into words); it only cannot be picked as a filter.
 */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  signup: 'Signed up',
  activation: 'Account activated',
  'activation.failure': 'Activation refused',
  'login.success': 'Signed in',
  'login.failure': 'Sign-in refused',
  'login.throttled': 'Sign-in throttled',
  logout: 'Signed out',
  'password.forgot': 'Reset link requested',
  'password.reset': 'Password reset',
  'password.reset.failure': 'Password reset refused',
  'apikey.generate': 'API key generated',
  'apikey.revoke': 'API key revoked',
  'provider-key.generate': 'Provider key generated',
  'provider-key.remove': 'Provider key removed',
  'data-tracking.toggle': 'Data tracking changed',
  'admin.user.update': 'User edited by admin',
  'admin.user.status': 'User activated or deactivated',
  'admin.self-edit.refused': 'Admin self-edit refused',
};

/** The filter's choices, in the order above. */
export const AUDIT_ACTION_OPTIONS: readonly string[] = Object.keys(AUDIT_ACTION_LABELS);

/** The words for an action code: the known label, else the code turned into words. */
export function auditActionText(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? auditActionLabel(action);
}

/** A user id shortened for a table cell: its first 8 characters and an ellipsis (the full id goes in a tooltip). */
export function shortUserId(id: string | null): string {
  if (!id) return '-';
  return id.length > 10 ? `${id.slice(0, 8)}…` : id;
}
