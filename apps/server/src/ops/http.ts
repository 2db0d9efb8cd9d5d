import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Metrics } from './prometheus.ts';
import type { Readiness } from './readiness.ts';

/**
 * Who may scrape metrics (docs/operations.md#running-it-in-production): 404 when METRICS_TOKEN is
 * unset (no metrics endpoint at all), 401 without `Authorization: Bearer <METRICS_TOKEN>`, else 200.
 * The comparison takes the same time whatever the guess.
 */
export function metricsAccess(token: string | undefined, authorization: string | undefined): 200 | 401 | 404 {
  if (!token) return 404;
  const given = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '';
  const h = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(h(given), h(token)) ? 200 : 401;
}

/** The small listener of a process (OPS_PORT): what it serves. */
export interface OpsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * Starts the operations listener on `host:port` (OPS_PORT; worker processes have no other HTTP
 * port): GET /live → 200 while the process runs; GET /ready → 200 or 503 with the readiness
 * report; GET /metrics → the Prometheus text, under {@link metricsAccess}. Anything else is 404.
 * Throws when the port cannot be bound.
 */
export async function startOpsServer(
  parts: { metrics: Metrics; readiness: Readiness; metricsToken: string | undefined },
  port: number,
  host: string,
): Promise<OpsServer> {
  const server = http.createServer((req, res) => {
    const send = (status: number, body: string, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET') return send(405, JSON.stringify({ message: 'GET only' }));
    if (path === '/live') return send(200, JSON.stringify({ status: 'ok' }));
    if (path === '/ready') {
      void parts.readiness.check().then(
        (r) => send(r.ready ? 200 : 503, JSON.stringify(r)),
        (err: unknown) => send(503, JSON.stringify({ ready: false, error: String(err) })),
      );
      return;
    }
    if (path === '/metrics') {
      const access = metricsAccess(parts.metricsToken, req.headers.authorization);
      if (access !== 200)
        return send(access, JSON.stringify({ message: access === 404 ? 'Not found' : 'A valid metrics token is required.' }));
      void parts.metrics.scrape().then(
        (m) => send(200, m.body, m.contentType),
        (err: unknown) => send(500, JSON.stringify({ message: String(err) })),
      );
      return;
    }
    send(404, JSON.stringify({ message: 'Not found' }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
