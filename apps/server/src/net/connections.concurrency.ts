/**
 * Connection limits of the HTTP listener (docs/operations.md#limits "Timeouts and connections"):
 * at most MAX_CONNECTIONS_PER_IP open connections from one client address (IPv6 per /64), and at
 * most MAX_CONNECTIONS in all, by default the process's open-file limit minus FD_RESERVE
 * descriptors kept for the database pool, outbound calls, log and data files. A connection past
 * either limit is closed at once, before any byte is read, so slow or idle connections cannot
 * exhaust the descriptors the database pool needs.
 */
import fs from 'node:fs';
import type { Server, Socket } from 'node:net';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { addressKey } from '../lib/client-ip.ts';

/** The soft limit of open files of this process (Linux /proc/self/limits), or undefined when unknown. */
export function openFileLimit(): number | undefined {
  try {
    const line = fs
      .readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    const n = Number(soft);
    return Number.isFinite(n) && n > 0 ? n : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The total connection cap: MAX_CONNECTIONS when set (> 0), else the open-file limit minus
 * FD_RESERVE (at least 64), else undefined (no cap known).
 */
export function totalConnectionCap(config: Pick<Config, 'maxConnections' | 'fdReserve'>, fileLimit = openFileLimit()): number | undefined {
  if (config.maxConnections > 0) return config.maxConnections;
  if (fileLimit === undefined) return undefined;
  return Math.max(64, fileLimit - config.fdReserve);
}

/**
 * Applies the limits to `server` (an http.Server, listening or not). Connections from a peer named
 * in TRUST_PROXY are not limited per address (a proxy carries many clients: it limits them itself).
 * Returns the per-address counts, for tests.
 */
export function limitConnections(
  server: Server,
  config: Pick<Config, 'maxConnections' | 'fdReserve' | 'maxConnectionsPerIp' | 'trustProxy'>,
  log?: Pick<Logger, 'warn'>,
): Map<string, number> {
  const cap = totalConnectionCap(config);
  if (cap !== undefined) server.maxConnections = cap;
  const perIp = config.maxConnectionsPerIp;
  const open = new Map<string, number>();
  if (perIp <= 0 || config.trustProxy !== false) return open;
  let warned = 0;
  server.on('connection', (socket: Socket) => {
    const key = addressKey(socket.remoteAddress ?? 'unknown');
    const n = (open.get(key) ?? 0) + 1;
    if (n > perIp) {
      // Once a minute at most: a flood must not flood the log too.
      if (Date.now() - warned > 60_000) {
        warned = Date.now();
        log?.warn({ address: key, limit: perIp }, 'connection refused: too many open connections from one address');
      }
      socket.destroy();
      return;
    }
    open.set(key, n);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left <= 0) open.delete(key);
      else open.set(key, left);
    });
  });
  return open;
}
