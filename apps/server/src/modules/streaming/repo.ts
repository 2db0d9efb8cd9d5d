/**
 * SQL of the stream tickets (table stream_tickets, migration 011_stream_tickets.sql; this module's
 * alone). Tickets are stored as their SHA-256 (hex), never in clear.
 */
import type { Db } from '../../db/pool.ts';

/** Stores a ticket hash for (`userId`, `modelId`), valid for `seconds` from the database's clock. */
export async function insertTicket(db: Db, ticketHash: string, userId: string, modelId: string, seconds: number): Promise<void> {
  await db.pool.query(
    `INSERT INTO stream_tickets (ticket_hash, user_id, model_id, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [ticketHash, userId, modelId, seconds],
  );
}

/**
 * Consumes the ticket with hash `ticketHash` for `modelId`: deletes it and returns its user id when
 * it exists, is for that model and has not expired; else null (and a ticket for another model
 * stays). One statement, so of any number of concurrent calls, across processes, at most one gets
 * the user id.
 */
export async function consumeTicket(db: Db, ticketHash: string, modelId: string): Promise<string | null> {
  const { rows } = await db.pool.query<{ user_id: string }>(
    'DELETE FROM stream_tickets WHERE ticket_hash = $1 AND model_id = $2 AND expires_at > now() RETURNING user_id',
    [ticketHash, modelId],
  );
  return rows[0]?.user_id ?? null;
}

/** Deletes expired tickets. Returns how many were deleted. */
export async function pruneTickets(db: Db): Promise<number> {
  const res = await db.pool.query('DELETE FROM stream_tickets WHERE expires_at <= now()');
  return res.rowCount ?? 0;
}
