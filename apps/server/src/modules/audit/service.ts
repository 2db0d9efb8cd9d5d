import type { FastifyRequest } from 'fastify';
import type { AuditAction } from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { insertAuditEvent, selectAudit } from './repo.ts';
import { parseIp } from '../../lib/client-ip.ts';

/**
 * The audit log of account and admin actions: who did what to whom, when and from
 * which address. Table `audit_log` (migrations/003_accounts.sql); read by admins through
 * GET /ulca/user-mgmt/v1/audit.
 */

// The action names live in @ulca/contracts so the admin page shows and filters the same list.
export { AUDIT_ACTIONS, type AuditAction } from '@ulca/contracts';

/** One event to record. */
export interface AuditEvent {
  /** The signed-in user who acted; null for anonymous actions (a failed login, a forgot-password request). */
  actorUserId: string | null;
  action: AuditAction;
  /** The account acted upon, when there is one (the admin's target, the account of a login). */
  targetUserId?: string | null;
  /** Client address (request.ip: the peer, or X-Forwarded-For from a TRUST_PROXY proxy); stored only when it parses as an IP address. */
  ip: string | null;
  /** Small JSON object of facts (e.g. `{appName}`, `{email}`, `{changed: ['roles']}`); never secrets or passwords. */
  details?: Record<string, unknown>;
}

/**
 * Appends one event to the audit log. Never throws: a failure to write the log is logged and the
 * action it describes is not undone (the log is evidence, not a gate). Resolves when written.
 * Usage: `await recordAudit(ctx, { actorUserId: user.userId, action: 'apikey.revoke', ip: request.ip, details: { appName } })`.
 */
export async function recordAudit(ctx: AppContext, event: AuditEvent): Promise<void> {
  try {
    await insertAuditEvent(ctx.db, {
      actor_user_id: event.actorUserId,
      action: event.action,
      target_user_id: event.targetUserId ?? null,
      // Only a parsed address is stored, never text a client wrote.
      ip: parseIp(event.ip) ?? null,
      details: event.details === undefined ? null : JSON.stringify(event.details),
    });
  } catch (err) {
    ctx.log.error({ err, action: event.action }, 'audit event could not be recorded');
  }
}

/** The client address of a request, for {@link AuditEvent.ip}. */
export function clientIp(request: FastifyRequest): string {
  return request.ip;
}

/** One row of the admin view. */
export interface AuditEntry {
  id: number;
  /** ISO 8601. */
  at: string;
  actorUserId: string | null;
  actorEmail: string | null;
  action: string;
  targetUserId: string | null;
  ip: string | null;
  details: Record<string, unknown> | null;
}

/**
 * Audit events, newest first, `limit` from `offset`, optionally of one action; with the total
 * count of the filter. The actor's current e-mail is joined in (null once the user is deleted).
 */
export async function listAudit(
  ctx: AppContext,
  q: { offset: number; limit: number; action?: string },
): Promise<{ data: AuditEntry[]; count: number }> {
  const { rows, total } = await selectAudit(ctx.db, q);
  return {
    count: total,
    data: rows.map((r) => ({
      id: Number(r.id),
      at: r.at.toISOString(),
      actorUserId: r.actor_user_id,
      actorEmail: r.actor_email ?? null,
      action: r.action,
      targetUserId: r.target_user_id,
      ip: r.ip,
      details: (r.details as Record<string, unknown> | null) ?? null,
    })),
  };
}
