/**
 * The baselines of the `api` bench: a bare Fastify instance (no plugins, no hooks, no logger) in
 * its own process like the real app, so both get one Node thread each. Routes:
 *   GET /bare          a trivial answer
 *   GET /bare-list     ?userId=…: the contribution list's SQL (listSubmissions, first page of 10), unsigned
 *   POST /bare-search  the dashboard store search's SQL (readRollupGroups), no answer cache
 * The SQL routes exist when DATABASE_URL is set (a pool of 10, as the app's). Listens on
 * 127.0.0.1:$PORT and prints `listening` when ready.
 */
import Fastify from 'fastify';
import { createDb } from '../apps/server/src/db/pool.ts';
import { listSubmissions } from '../apps/server/src/modules/datasets/repo.ts';
import { readRollupGroups } from '../apps/server/src/modules/dashboard/repo.ts';
import { planStoreSearch, toSearchResponse } from '../apps/server/src/modules/dashboard/service.ts';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ status: 'ok' }));
const db = process.env.DATABASE_URL ? createDb(process.env.DATABASE_URL, 10) : null;
if (db) {
  app.get('/bare-list', async (req) => {
    const { rows, count } = await listSubmissions(db.pool, (req.query as { userId: string }).userId, 10, 0);
    return {
      count,
      data: rows.map((r) => ({
        serviceRequestNumber: r.service_request_number,
        datasetName: r.dataset_name,
        submittedOn: r.submitted_on.toISOString(),
        status: r.status,
      })),
    };
  });
  app.post('/bare-search', async (req) => {
    const plan = planStoreSearch(req.body as Parameters<typeof planStoreSearch>[0]);
    const { groups, total } = await readRollupGroups(db, plan);
    return toSearchResponse(plan, groups, total);
  });
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('listening');
process.on(
  'SIGTERM',
  () =>
    void app.close().then(async () => {
      await db?.close();
      process.exit(0);
    }),
);
