import type { AppContext } from '../../context.ts';
import { sessionCacheFor } from '../../security/session-cache.ts';
import { recordAudit, type AuditEvent } from '../audit/service.ts';

/**
 * What follows a change to a user's account or sessions (name, password, status, deletion, logout):
 * this process forgets the user's cached sessions now (the other processes at the ulca_auth
 * NOTIFY: security/session-cache.ts), then the change is audited. `actorUserId` defaults to the
 * user themself (an admin's change names the admin). Never throws for the audit (recordAudit).
 */
export async function afterUserChange(
  ctx: AppContext,
  change: Omit<AuditEvent, 'actorUserId' | 'targetUserId'> & { targetUserId: string; actorUserId?: string },
): Promise<void> {
  sessionCacheFor(ctx)?.invalidateUser(change.targetUserId);
  await recordAudit(ctx, { ...change, actorUserId: change.actorUserId ?? change.targetUserId });
}
