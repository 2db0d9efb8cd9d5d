/**
 * SQL of the stream tickets (table stream_tickets, migration 011_stream_tickets.sql; this module's
 * alone). Tickets are stored as their SHA-256 (hex), never in clear.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/pool.ts';

/** Stores a ticket hash for (`userId`, `modelId`), valid for `seconds` from the database's clock. */
export async function insertTicket(db: Db, ticketHash: string, userId: string, modelId: string, seconds: number): Promise<void> {
  await db.db
    .insertInto('stream_tickets')
    .values({
      ticket_hash: ticketHash,
      user_id: userId,
      model_id: modelId,
      expires_at: sql<Date>`now() + make_interval(secs => ${seconds})`,
    })
    .execute();
}

/**
 * Consumes the ticket with hash `ticketHash` for `modelId`: deletes it and returns its user id when
 * it exists, is for that model and has not expired; else null (and a ticket for another model
 * stays). One statement, so of any number of concurrent calls, across processes, at most one gets
 * the user id.
 */
export async function consumeTicket(db: Db, ticketHash: string, modelId: string): Promise<string | null> {
  const row = await db.db
    .deleteFrom('stream_tickets')
    .where('ticket_hash', '=', ticketHash)
    .where('model_id', '=', modelId)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Deletes expired tickets. Returns how many were deleted. */
export async function pruneTickets(db: Db): Promise<number> {
  const res = await db.db
    .deleteFrom('stream_tickets')
    .where('expires_at', '<=', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
