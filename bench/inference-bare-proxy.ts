/**
 * The floor of the `inference` bench: the least any Node proxy does per call, in its own process
 * like the real server. A bare Fastify instance (no plugins, hooks or logger) with one route that
 * POSTs the request body, as JSON, to TARGET over a keep-alive agent and answers the endpoint's
 * parsed JSON: no lookup, no checks, no limits. Listens on 127.0.0.1:$PORT, prints `listening`.
 */
import http from 'node:http';
import Fastify from 'fastify';

const target = new URL(process.env.TARGET ?? '');
const agent = new http.Agent({ keepAlive: true, maxFreeSockets: 64 });

/** POSTs `body` to the target and resolves with its parsed JSON answer. */
function forward(body: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const payload = Buffer.from(JSON.stringify(body));
    const req = http.request(
      {
        hostname: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': String(payload.length) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch (err) {
            reject(err);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const app = Fastify({ logger: false });
app.post('/proxy', async (request) => forward(request.body));
app.get('/ready', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('listening');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
