import type { Insertable } from 'kysely';
import type { Db } from '../../db/pool.ts';
import type { AuditLogTable } from '../../db/schema.ts';

/** SQL of the audit module (table `audit_log`, migrations/003_accounts.sql). */

/** Appends one row. Throws on a database error. */
export async function insertAuditEvent(db: Db, row: Insertable<AuditLogTable>): Promise<void> {
  await db.db.insertInto('audit_log').values(row).execute();
}

/**
 * Rows newest first, `limit` from `offset`, optionally of one action, with the total count of the
 * filter. The actor's current e-mail is joined from `users` (null once the user is deleted).
 */
export async function selectAudit(db: Db, q: { offset: number; limit: number; action?: string }) {
  let base = db.db.selectFrom('audit_log as a');
  if (q.action) base = base.where('a.action', '=', q.action);
  const rows = await base
    .leftJoin('users as u', 'u.user_id', 'a.actor_user_id')
    .select(['a.id', 'a.at', 'a.actor_user_id', 'u.email as actor_email', 'a.action', 'a.target_user_id', 'a.ip', 'a.details'])
    .orderBy('a.at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}
