import pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/pool.ts';
import type { AuthUser } from './types.ts';

/**
 * In-memory cache of verified session keys, so a signed call does not read `user_keys` and
 * decrypt the private key every time (the `api` bench).
 *
 * "Stops working at once" still holds:
 * - every change that ends or alters a session (logout, password reset, deactivation, role
 *   change), whatever code or process made it, fires the triggers on `users` and `user_keys`
 *   (migrations/003_accounts.sql), which NOTIFY 'ulca_auth' with the user id; each process (this
 *   one included) LISTENs on a dedicated connection and drops that user's entries (delivered at
 *   commit, typically within a millisecond). Correct without any call from a feature (docs/architecture.md#services): accounts/ only drops its own process's entries sooner;
 * - a read that raced with an invalidation is not cached (an epoch counter is compared), nothing is
 *   cached while the LISTEN connection is down (it reconnects and starts empty), and an entry is
 *   trusted for at most `SESSION_CACHE_TTL_SECONDS` (default 60) even if a notification were lost.
 */

/** What a verified session key resolves to. */
export interface CachedSession extends AuthUser {
  /** Decrypted private key (hex); the cache lives in process memory only. */
  privateKey: string;
  isActive: boolean;
  /** Epoch ms of the last `last_used` write known to this process (null: never). */
  lastUsedMs: number | null;
}

interface Entry {
  session: CachedSession;
  expiresAt: number;
}

/** Largest number of cached sessions; the cache is emptied when it would grow beyond. */
const MAX_ENTRIES = 100_000;
/** Pause before re-opening a dropped LISTEN connection, ms. */
const RECONNECT_MS = 1000;

/** The cache of one database (one per process and pool). */
export class SessionCache {
  private readonly byKey = new Map<string, Entry>();
  private readonly byUser = new Map<string, Set<string>>();
  private epochValue = 0;
  private listening = false;
  private stopped = false;
  private client: pg.Client | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private readonly waiters = new Set<() => void>();

  constructor(
    private readonly connectionString: string,
    private readonly ttlMs: number,
    private readonly log: Logger,
  ) {}

  /** Bumped by every invalidation; pass the value read before a database read to {@link set}. */
  get epoch(): number {
    return this.epochValue;
  }

  /** True while the LISTEN connection is up, i.e. while entries may be cached. */
  get isListening(): boolean {
    return this.listening;
  }

  /** The cached session of `publicKey`, or undefined when absent or older than the TTL. */
  get(publicKey: string): CachedSession | undefined {
    const e = this.byKey.get(publicKey);
    if (!e) return undefined;
    if (e.expiresAt <= Date.now()) {
      this.drop(publicKey);
      return undefined;
    }
    return e.session;
  }

  /**
   * Caches `session` unless an invalidation happened since `epochBeforeRead` (the read may be
   * stale) or the LISTEN connection is down (invalidations from other processes would be missed).
   */
  set(session: CachedSession, epochBeforeRead: number): void {
    if (!this.listening || epochBeforeRead !== this.epochValue) return;
    if (this.byKey.size >= MAX_ENTRIES) this.clear();
    this.byKey.set(session.publicKey, { session, expiresAt: Date.now() + this.ttlMs });
    let keys = this.byUser.get(session.userId);
    if (!keys) this.byUser.set(session.userId, (keys = new Set()));
    keys.add(session.publicKey);
  }

  /** Forgets every cached session of `userId` (and refuses to cache reads that started before). */
  invalidateUser(userId: string): void {
    this.epochValue++;
    const keys = this.byUser.get(userId);
    if (keys) for (const k of keys) this.byKey.delete(k);
    this.byUser.delete(userId);
  }

  /** Forgets everything. */
  clear(): void {
    this.epochValue++;
    this.byKey.clear();
    this.byUser.clear();
  }

  /** Number of cached sessions. */
  get size(): number {
    return this.byKey.size;
  }

  private drop(publicKey: string): void {
    const e = this.byKey.get(publicKey);
    if (!e) return;
    this.byKey.delete(publicKey);
    this.byUser.get(e.session.userId)?.delete(publicKey);
  }

  /** Opens the LISTEN connection (and keeps re-opening it until {@link stop}). */
  async start(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.connectionString });
    this.client = client;
    const lost = (err?: unknown) => {
      if (this.client !== client) return;
      this.listening = false;
      this.client = undefined;
      this.clear();
      client.removeAllListeners('notification');
      client.end().catch(() => undefined);
      if (this.stopped) return;
      if (err) this.log.warn({ err }, 'session cache: LISTEN connection lost; caching paused');
      this.reconnectTimer = setTimeout(() => void this.start(), RECONNECT_MS);
      this.reconnectTimer.unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (msg) => {
      if (msg.channel !== 'ulca_auth') return;
      if (msg.payload) this.invalidateUser(msg.payload);
      else this.clear();
      for (const w of this.waiters) w();
    });
    try {
      await client.connect();
      await client.query('LISTEN ulca_auth');
      if (this.client === client && !this.stopped) {
        this.clear();
        this.listening = true;
      }
    } catch (err) {
      lost(err);
    }
  }

  /** Resolves at the next notification received (tests of cross-process invalidation). */
  nextNotification(): Promise<void> {
    return new Promise((resolve) => {
      const w = () => {
        this.waiters.delete(w);
        resolve();
      };
      this.waiters.add(w);
    });
  }

  /** Closes the LISTEN connection and empties the cache. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.listening = false;
    clearTimeout(this.reconnectTimer);
    const c = this.client;
    this.client = undefined;
    this.clear();
    await c?.end().catch(() => undefined);
  }
}

/**
 * The session cache service of one process (ctx.services.sessions): with SESSION_CACHE on in a
 * process that serves HTTP, a {@link SessionCache} whose LISTEN connection opens when the process
 * starts (createServices awaits `ready`) and closes on shutdown (closeServices); otherwise (off, or
 * a worker-only process, which verifies no signature) no cache.
 */
export class SessionCacheService {
  /** The cache, undefined when SESSION_CACHE is off, in a worker-only process, or when the pool has no connection string. */
  readonly cache: SessionCache | undefined;
  /** Settles once the cache listens (or failed to: signed calls then simply read the database). */
  readonly ready: Promise<void>;

  constructor(deps: { config: Pick<Config, 'sessionCache' | 'sessionCacheTtlSeconds' | 'runHttp'>; db: Db; log: Logger }) {
    const connectionString = deps.db.pool.options.connectionString;
    this.cache =
      deps.config.sessionCache && deps.config.runHttp && connectionString
        ? new SessionCache(connectionString, deps.config.sessionCacheTtlSeconds * 1000, deps.log)
        : undefined;
    this.ready = this.cache?.start() ?? Promise.resolve();
  }

  /** Closes the LISTEN connection and empties the cache. */
  async close(): Promise<void> {
    await this.cache?.stop();
  }
}

/** The session cache of this process, undefined when SESSION_CACHE is off. */
export function sessionCacheFor(ctx: { services: { sessions: SessionCacheService } }): SessionCache | undefined {
  return ctx.services.sessions.cache;
}
