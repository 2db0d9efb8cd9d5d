import type { Db } from '../db/pool.ts';
import { claimNonces, nonceClaimKey, type NonceClaim } from './nonce-repo.ts';

/**
 * Group claiming of signature-v2 nonces (docs/architecture.md#signed-calls, issue #26): the
 * signed calls of one process that need their nonce recorded in the same turn of the event loop,
 * or while MAX_IN_FLIGHT claim statements already run, go together in one statement, so N
 * concurrent calls cost a few INSERTs and commits instead of N. The replay check stays exact: the primary key of
 * `signature_nonces` still decides across processes, and within one batch a repeated
 * (key, nonce) is sent once and only its first caller can win.
 */

/** At most this many claims per statement; the rest wait for the next one. */
const MAX_BATCH = 500;

/**
 * At most this many claim statements of one pool at a time. More than one, so that a call
 * arriving while a statement runs need not wait for it to finish; PostgreSQL flushes the commits
 * of concurrent statements together. Few, so that calls still share statements under load.
 */
const MAX_IN_FLIGHT = 4;

interface Pending {
  claim: NonceClaim;
  /** Resolvers in arrival order: the first gets the statement's answer, the others false. */
  waiters: { resolve(won: boolean): void; reject(err: unknown): void }[];
}

interface Batcher {
  pending: Map<string, Pending>;
  /** Statements running or scheduled. */
  inFlight: number;
  /** True while a statement is scheduled but has not yet taken its claims. */
  scheduled: boolean;
}

// Per pool, not per app: two app instances on one pool (tests) share it, which is still exact.
const batchers = new WeakMap<Db, Batcher>();

/** Sends up to MAX_BATCH pending claims in one statement and settles their callers. */
async function runBatch(db: Db, b: Batcher): Promise<void> {
  b.scheduled = false;
  const batch: Pending[] = [];
  for (const [key, p] of b.pending) {
    batch.push(p);
    b.pending.delete(key);
    if (batch.length >= MAX_BATCH) break;
  }
  try {
    const won = await claimNonces(
      db,
      batch.map((p) => p.claim),
    );
    for (const p of batch) {
      const [first, ...rest] = p.waiters;
      first.resolve(won.has(nonceClaimKey(p.claim.publicKey, p.claim.nonce)));
      for (const w of rest) w.resolve(false);
    }
  } catch (err) {
    for (const p of batch) for (const w of p.waiters) w.reject(err);
  } finally {
    b.inFlight--;
    schedule(db, b);
  }
}

/** Starts a statement for the pending claims unless one is scheduled or MAX_IN_FLIGHT run. */
function schedule(db: Db, b: Batcher): void {
  if (b.pending.size === 0 || b.scheduled || b.inFlight >= MAX_IN_FLIGHT) return;
  b.inFlight++;
  b.scheduled = true;
  // setImmediate: the calls parsed in this turn of the event loop join the same statement.
  setImmediate(() => void runBatch(db, b));
}

/**
 * Records that session key `publicKey` used `nonce` until `expiresAt`, grouped with the other
 * claims of this process (see above). Resolves true when this call recorded it, false when the
 * nonce was already used (in any process, or by an earlier call in the same batch). Rejects with
 * the database's error when the statement failed.
 */
export function claimNonceBatched(db: Db, publicKey: string, nonce: string, expiresAt: Date): Promise<boolean> {
  let b = batchers.get(db);
  if (!b) {
    b = { pending: new Map(), inFlight: 0, scheduled: false };
    batchers.set(db, b);
  }
  const batcher = b;
  return new Promise<boolean>((resolve, reject) => {
    const key = nonceClaimKey(publicKey, nonce);
    const existing = batcher.pending.get(key);
    if (existing) existing.waiters.push({ resolve, reject });
    else batcher.pending.set(key, { claim: { publicKey, nonce, expiresAt }, waiters: [{ resolve, reject }] });
    schedule(db, batcher);
  });
}
