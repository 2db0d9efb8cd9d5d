/**
 * The actions the audit log records (account and admin actions), with the words the
 * admin's Audit log shows for them. One list for the server (what may be recorded and filtered on)
 * and the web app (labels and filter choices).
 */
export const AUDIT_ACTION_LABELS = {
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
  'profile.name': 'Name changed by the user',
  'password.change': 'Password changed by the user',
  'password.change.failure': 'Password change refused',
  'account.delete': 'Account deleted by the user',
  'apikey.generate': 'API key generated',
  'apikey.revoke': 'API key revoked',
  'provider-key.generate': 'Provider key generated',
  'provider-key.remove': 'Provider key removed',
  'data-tracking.toggle': 'Data tracking changed',
  'glossary.create': 'Glossary entry added',
  'glossary.delete': 'Glossary entries deleted',
  'admin.user.update': 'User edited by admin',
  'admin.user.status': 'User activated or deactivated',
  'admin.self-edit.refused': 'Admin self-edit refused',
  'admin.system-account.refused': 'Change of the system account refused',
  'dataset.readymade.mark': 'Dataset listed as ready-made',
  'dataset.readymade.unmark': 'Dataset removed from ready-made',
  'model.publish': 'Model published',
  'model.unpublish': 'Model unpublished',
} as const;

/** One audited action, e.g. 'login.failure'. */
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

/** Every audited action, in the order of {@link AUDIT_ACTION_LABELS}. */
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];
