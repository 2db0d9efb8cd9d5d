/**
 * Request body bytes in flight (docs/operations.md#limits "Request bodies"): every request that
 * carries a body reserves its announced size (Content-Length, or its route's body limit when sent
 * chunked) before a byte of it is read, against a budget per client address (IPv6 per /64) and one
 * for the whole process. A request over either budget is answered at once, before its body is
 * buffered: 429 (this address has too much in flight) or 503 (the server has), with Retry-After
 * and `Connection: close`, so the rest of its body is not read. The reservation is released when
 * the answer is sent or the connection closes.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { addressKey } from './client-ip.ts';
import { ApiError } from './errors.ts';

/** Seconds a refused upload is asked to wait. */
const RETRY_AFTER_SECONDS = 5;

/** The in-flight body budgets of one HTTP app (one per buildApp: no module state). */
export class BodyBudget {
  private readonly perAddress = new Map<string, number>();
  private total = 0;

  constructor(private readonly config: Pick<Config, 'bodyBytesInFlightPerIp' | 'bodyBytesInFlight'>) {}

  /** Bytes reserved now in all, and by `ip`'s address (for tests and the log). */
  inFlight(ip?: string): number {
    return ip === undefined ? this.total : (this.perAddress.get(addressKey(ip)) ?? 0);
  }

  /**
   * Reserves `bytes` for a body from `ip`; returns the release function (call once).
   * @throws ApiError 429 TOO_MANY_UPLOADS or 503 SERVER_BUSY (with retryAfterSeconds) past a budget.
   */
  reserve(ip: string, bytes: number): () => void {
    const key = addressKey(ip);
    const mine = this.perAddress.get(key) ?? 0;
    const { bodyBytesInFlightPerIp: perIp, bodyBytesInFlight: all } = this.config;
    // A body alone larger than a budget is still admitted when nothing else is in flight (its route's own limit decides).
    if (perIp > 0 && mine > 0 && mine + bytes > perIp) {
      throw new ApiError(
        429,
        'TOO_MANY_UPLOADS',
        'Too much data is being sent from your address at the moment. Please wait for your other requests to finish.',
      ).retryAfter(RETRY_AFTER_SECONDS);
    }
    if (all > 0 && this.total > 0 && this.total + bytes > all) {
      throw new ApiError(503, 'SERVER_BUSY', 'The server is receiving too much data at the moment. Please try again shortly.').retryAfter(
        RETRY_AFTER_SECONDS,
      );
    }
    this.perAddress.set(key, mine + bytes);
    this.total += bytes;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= bytes;
      const left = (this.perAddress.get(key) ?? bytes) - bytes;
      if (left <= 0) this.perAddress.delete(key);
      else this.perAddress.set(key, left);
    };
  }
}

/** Bytes a request's body may take: Content-Length, or its route's limit when chunked; 0 for none. */
function announcedBytes(request: FastifyRequest): number {
  const length = request.headers['content-length'];
  if (length !== undefined) return Math.max(0, Number(length) || 0);
  if (request.headers['transfer-encoding'] === undefined) return 0;
  return request.routeOptions.bodyLimit ?? 0;
}

/** Registers the budget on `app` (an onRequest hook: before any body is read). */
export function registerBodyBudget(app: FastifyInstance, budget: BodyBudget): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const bytes = announcedBytes(request);
    if (bytes === 0) return;
    try {
      const release = budget.reserve(request.ip, bytes);
      reply.raw.once('close', release);
      reply.raw.once('finish', release);
    } catch (err) {
      // The body is not read: close the connection after the answer instead of draining it.
      void reply.header('connection', 'close');
      throw err;
    }
  });
}
