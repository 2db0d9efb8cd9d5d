import type { Db } from '../db/pool.ts';
import { claimNonces, nonceClaimKey, type NonceClaim } from './nonce-repo.ts';

/**
 * Group claiming of signature-v2 nonces (docs/api.md#request-signatures, docs/benchmarks.md#api): the
 * signed calls of one process that need their nonce recorded in the same turn of the event loop,
 * or while MAX_IN_FLIGHT claim statements already run, go together in one statement, so N
 * concurrent calls cost a few INSERTs and commits instead of N. The replay check stays exact: the
 * primary key of `signature_nonces` still decides across processes, and within one batch a
 * repeated (key, nonce) is sent once and only its first caller can win.
 */

/** At most this many claims per statement; the rest wait for the next one. */
const MAX_BATCH = 500;

/**
 * At most this many claim statements at a time. More than one, so that a call arriving while a
 * statement runs need not wait for it to finish (PostgreSQL flushes the commits of concurrent
 * statements together); few, so that calls still share statements under load.
 */
const MAX_IN_FLIGHT = 4;

interface Pending {
  claim: NonceClaim;
  /** Resolvers in arrival order: the first gets the statement's answer, the others false. */
  waiters: { resolve(won: boolean): void; reject(err: unknown): void }[];
}

/** The nonce claims of one process, grouped (a service of the context, ctx.services.nonceClaims). */
export class NonceClaims {
  private readonly pending = new Map<string, Pending>();
  /** Statements running or scheduled. */
  private inFlight = 0;
  /** True while a statement is scheduled but has not yet taken its claims. */
  private scheduled = false;
  private idle: (() => void)[] = [];

  /** @param db the pool the claim statements run on */
  constructor(private readonly db: Db) {}

  /**
   * Records that session key `publicKey` used `nonce` until `expiresAt`, grouped with the other
   * claims of this process. Resolves true when this call recorded it, false when the nonce was
   * already used (in any process, or by an earlier call in the same batch). Rejects with the
   * database's error when the statement failed.
   */
  claim(publicKey: string, nonce: string, expiresAt: Date): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      const key = nonceClaimKey(publicKey, nonce);
      const existing = this.pending.get(key);
      if (existing) existing.waiters.push({ resolve, reject });
      else this.pending.set(key, { claim: { publicKey, nonce, expiresAt }, waiters: [{ resolve, reject }] });
      this.schedule();
    });
  }

  /** Resolves once the claims already made are settled (their statements finished). */
  async close(): Promise<void> {
    if (this.inFlight === 0 && this.pending.size === 0) return;
    await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  /** Starts a statement for the pending claims unless one is scheduled or MAX_IN_FLIGHT run. */
  private schedule(): void {
    if (this.pending.size === 0) {
      if (this.inFlight === 0) for (const done of this.idle.splice(0)) done();
      return;
    }
    if (this.scheduled || this.inFlight >= MAX_IN_FLIGHT) return;
    this.inFlight++;
    this.scheduled = true;
    // setImmediate: the calls parsed in this turn of the event loop join the same statement.
    setImmediate(() => void this.runBatch());
  }

  /** Sends up to MAX_BATCH pending claims in one statement and settles their callers. */
  private async runBatch(): Promise<void> {
    this.scheduled = false;
    const batch: Pending[] = [];
    for (const [key, p] of this.pending) {
      batch.push(p);
      this.pending.delete(key);
      if (batch.length >= MAX_BATCH) break;
    }
    try {
      const won = await claimNonces(
        this.db,
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
      this.inFlight--;
      this.schedule();
    }
  }
}
