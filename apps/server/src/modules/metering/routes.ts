import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  USAGE_API,
  USAGE_CSV_COLUMNS,
  usageAllQuery,
  usageAllResponse,
  usageKeyQuery,
  usageKeyResponse,
  usageQuotaBody,
  usageQuotaListResponse,
} from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { signedIn } from '../../security/access.ts';
import { currentUser } from '../../security/auth.ts';
import { messageResponse, errorResponses, typedRoutes } from '../../lib/route-schemas.ts';
import { safeCsvStringifier } from '../../lib/csv.ts';
import * as service from './service.ts';
import type { MeteringServices } from './state.ts';

/** Sends usage rows as a CSV download (formula-safe cells, lib/csv.ts). */
async function sendCsv(reply: FastifyReply, filename: string, rows: service.KeyUsageRow[]): Promise<FastifyReply> {
  const s = safeCsvStringifier({ header: true, columns: [...USAGE_CSV_COLUMNS] });
  const chunks: Buffer[] = [];
  s.on('data', (c: Buffer) => chunks.push(Buffer.from(c)));
  const done = new Promise<void>((resolve, reject) => s.on('end', resolve).on('error', reject));
  for (const r of rows) s.write(USAGE_CSV_COLUMNS.map((c) => r[c]));
  s.end();
  await done;
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(Buffer.concat(chunks));
}

/**
 * Usage and quota routes (docs/api.md#usage-and-quotas): a key's usage for its owner (or an
 * ADMIN), every key's usage and the daily limits for ADMINs; JSON or CSV.
 */
export async function meteringRoutes(fastify: FastifyInstance, ctx: AppContext<MeteringServices>): Promise<void> {
  const { app, route } = typedRoutes(fastify, ['usage']);

  app.get(
    USAGE_API.key,
    route(signedIn(), {
      summary:
        "One API key's usage per UTC day, model and task over the last `days` days, with its daily limits and what is left today (its owner or an ADMIN; 404 otherwise)",
      querystring: usageKeyQuery,
      response: { 200: usageKeyResponse, ...errorResponses(401, 404) },
    }),
    async (req, reply) => {
      const report = await service.usageOfKey(ctx, currentUser(req), req.query.ulcaApiKey, req.query.days);
      if (req.query.format === 'csv') return sendCsv(reply, `usage-${report.keyId}.csv`, report.rows);
      return { data: report };
    },
  );

  app.get(
    USAGE_API.all,
    route(signedIn(['ADMIN']), {
      summary: "Every API key's usage per UTC day, model and task (ADMIN)",
      querystring: usageAllQuery,
      response: { 200: usageAllResponse, ...errorResponses(401, 403) },
    }),
    async (req, reply) => {
      const rows = await service.usageOfAllKeys(ctx, req.query.days);
      if (req.query.format === 'csv') return sendCsv(reply, 'usage-all-keys.csv', rows);
      return { data: rows };
    },
  );

  app.get(
    USAGE_API.quota,
    route(signedIn(['ADMIN']), {
      summary: "The daily limits set: per key, and the default of every key ('*') (ADMIN)",
      response: { 200: usageQuotaListResponse, ...errorResponses(401, 403) },
    }),
    async () => ({ data: await service.listQuotas(ctx) }),
  );

  app.post(
    USAGE_API.quota,
    route(signedIn(['ADMIN']), {
      summary:
        "Sets a daily limit of one unit for a key, or with ulcaApiKey '*' the default of every key; dailyLimit null removes it (ADMIN)",
      body: usageQuotaBody,
      response: { 200: messageResponse, ...errorResponses(400, 401, 403, 404) },
    }),
    async (req) => {
      const body = req.body;
      await service.setQuota(ctx, currentUser(req), body);
      return { message: body.dailyLimit === null ? 'Daily limit removed.' : 'Daily limit set.' };
    },
  );
}
