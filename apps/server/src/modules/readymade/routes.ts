import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
  ADMIN_ONLY,
  READY_MADE_DOWNLOAD_PATH,
  READY_MADE_LIST_PATH,
  READY_MADE_MARK_PATH,
  readyMadeDownloadParams,
  readyMadeListQuery,
  readyMadeListResponse,
  readyMadeMarkBody,
  readyMadeMarkResponse,
} from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { currentUser } from '../../security/auth.ts';
import { PUBLIC, signedIn } from '../../security/access.ts';
import { clientIp, recordAudit } from '../audit/service.ts';
import { writeRecordsExport } from '../search/service.ts';
import { DownloadSlots } from './download-slots.ts';
import {
  DOWNLOAD_FORMATS,
  NOT_READY_MADE_MESSAGE,
  downloadFileName,
  listReadyMadeDatasets,
  markReadyMade,
  readyMadeForDownload,
  type DownloadFormat,
} from './service.ts';
import { errorResponses, typedRoutes } from '../../lib/route-schemas.ts';

/** Whole-dataset downloads running at once per process (each holds a database connection while it streams). */
export const MAX_CONCURRENT_DOWNLOADS = 4;
export const TOO_MANY_DOWNLOADS_MESSAGE = 'Too many dataset downloads are running right now. Please try again in a minute.';

const CONTENT_TYPES: Record<DownloadFormat, string> = {
  json: 'application/json; charset=utf-8',
  jsonl: 'application/x-ndjson; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};
const isDownloadFormat = (f: string): f is DownloadFormat => (DOWNLOAD_FORMATS as readonly string[]).includes(f);

/**
 * Ready-made dataset routes (docs/api.md#ready-made-datasets):
 * GET  /ulca/apis/v0/dataset/readymade/list?datasetType=   public
 * POST /ulca/apis/v0/dataset/readymade/mark                 signed, ADMIN only
 * GET  /ulca/apis/v0/dataset/readymade/{datasetId}/download.{json|jsonl|csv}   public, marked datasets only
 * (POST /ulca/apis/v0/model/search with a dataset type as task is the models feature's route; it
 * answers from searchReadyMadeCards.)
 */
export async function readyMadeRoutes(
  appIn: FastifyInstance,
  ctx: AppContext,
  opts: { maxConcurrentDownloads?: number } = {},
): Promise<void> {
  const { app, route } = typedRoutes(appIn, ['ready-made datasets']);
  const slots = new DownloadSlots(opts.maxConcurrentDownloads ?? MAX_CONCURRENT_DOWNLOADS);

  app.get(
    READY_MADE_LIST_PATH,
    route(PUBLIC, {
      summary: 'Ready-made datasets (published datasets an admin has listed), newest first; of one type when datasetType is given',
      querystring: readyMadeListQuery,
      response: { 200: readyMadeListResponse, ...errorResponses(400) },
    }),
    async (req) => ({ data: await listReadyMadeDatasets(ctx, req.query.datasetType) }),
  );

  app.post(
    READY_MADE_MARK_PATH,
    route(signedIn(ADMIN_ONLY), {
      summary: 'Lists a Completed dataset as ready-made (readyMade true) or takes it off the list (false); ADMIN only',
      body: readyMadeMarkBody,
      response: { 200: readyMadeMarkResponse, ...errorResponses(400, 401, 403, 404) },
    }),
    async (req) => {
      const admin = currentUser(req);
      const outcome = await markReadyMade(ctx, admin, req.body);
      await recordAudit(ctx, {
        actorUserId: admin.userId,
        action: req.body.readyMade ? 'dataset.readymade.mark' : 'dataset.readymade.unmark',
        targetUserId: outcome.ownerUserId,
        ip: clientIp(req),
        details: {
          serviceRequestNumber: req.body.serviceRequestNumber,
          datasetId: outcome.datasetId,
          datasetName: outcome.datasetName,
          changed: outcome.changed,
          ...(outcome.recordCount !== null ? { recordCount: outcome.recordCount } : {}),
        },
      });
      return { message: outcome.message };
    },
  );

  app.get(
    READY_MADE_DOWNLOAD_PATH,
    route(PUBLIC, {
      summary:
        'Downloads a whole ready-made dataset as JSON (the ULCA format), JSONL or CSV, streamed; 404 unless it is listed as ready-made, 429 while too many downloads run',
      params: readyMadeDownloadParams,
    }),
    async (req, reply) => {
      const { format } = req.params;
      if (!isDownloadFormat(format)) throw notFound(NOT_READY_MADE_MESSAGE);
      const row = await readyMadeForDownload(ctx, req.params.datasetId);
      const release = slots.tryAcquire();
      if (!release) throw new ApiError(429, 'TOO_MANY_DOWNLOADS', TOO_MANY_DOWNLOADS_MESSAGE);
      // The writer fills `exported`; the client reads `body`. If the client goes away mid-file the
      // export is stopped: the writer then fails its next write and discards its database
      // connection (still inside its COPY), and the download slot is freed at once.
      const exported = new PassThrough();
      const body = new PassThrough();
      // The writer destroys `exported` with its error and also rejects: the rejection is handled below.
      exported.on('error', () => undefined);
      exported.pipe(body);
      let clientLeft = false;
      body.once('close', () => {
        if (body.readableEnded) return;
        clientLeft = true;
        exported.destroy();
      });
      writeRecordsExport(ctx, { datasetType: row.dataset_type, datasetIds: [row.dataset_id] }, format, exported)
        .catch((err: unknown) => {
          if (clientLeft) return req.log.info({ datasetId: row.dataset_id }, 'ready-made download abandoned by the client');
          // Headers are sent by now: the client gets a cut-off file, which it sees as a failed download.
          req.log.error({ err, datasetId: row.dataset_id }, 'ready-made download failed');
          body.destroy(err as Error);
        })
        .finally(release);
      return reply
        .type(CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${downloadFileName(row.dataset_name, format)}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}
