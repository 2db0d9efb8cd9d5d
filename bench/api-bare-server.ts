/**
 * The baseline of the `api` bench: a bare Fastify instance (no plugins, no hooks, no logger) with
 * one trivial route, in its own process like the real app, so both get one Node thread each.
 * Listens on 127.0.0.1:$PORT and prints `listening` when ready.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('listening');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
