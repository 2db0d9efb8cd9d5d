import type { FastifyInstance } from 'fastify';
import {
  CONTRIBUTORS,
  contributionListQuery,
  contributionListResponse,
  DATASET_API,
  errorReportBody,
  errorReportFileParams,
  errorReportFileQuery,
  errorReportResponse,
  datasetSamplesResponse,
  sampleZipParams,
  submissionStatusQuery,
  submissionStatusResponse,
  submitDatasetBody,
  submitDatasetResponse,
} from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { currentUser } from '../../security/auth.ts';
import { PUBLIC, signedIn } from '../../security/access.ts';
import { secretKey } from '../../security/crypto.ts';
import { checkReportToken, reportKeys } from './reports.ts';
import { datasetSampleZip, datasetSamples } from './demo.ts';
import { getSubmission } from './repo.ts';
import { errorReport, listContributions, submissionStatus, submitDataset } from './service.ts';
import { errorResponses, typedRoutes } from '../../lib/route-schemas.ts';
import { signedHeaders } from './schemas.ts';
import { sendObject } from '../../storage/send-object.ts';

/** Dataset routes (docs/api.md#route-groups) under /ulca/apis/v0/dataset and /ulca/error-consumer. */
export async function datasetRoutes(appIn: FastifyInstance, ctx: AppContext): Promise<void> {
  const { app, route } = typedRoutes(appIn, ['datasets']);

  app.post(
    DATASET_API.submit,
    route(signedIn(CONTRIBUTORS), {
      summary: 'Submit a dataset by the URL of its zip; queues download → ingest → validate → publish',
      headers: signedHeaders,
      body: submitDatasetBody,
      response: { 200: submitDatasetResponse, ...errorResponses(400, 409) },
    }),
    async (req) => ({
      message: 'Dataset submitted successfully',
      data: await submitDataset(ctx, currentUser(req), req.body),
    }),
  );

  app.get(
    DATASET_API.listByUserId,
    route(signedIn(CONTRIBUTORS), {
      summary: "A user's dataset contributions, newest first (pages of 10 when startPage/endPage are given, 1-based)",
      querystring: contributionListQuery,
      response: {
        200: contributionListResponse,
      },
    }),
    async (req) => ({ message: 'Contributions', ...(await listContributions(ctx, currentUser(req), req.query)) }),
  );

  app.get(
    DATASET_API.status,
    route(signedIn(CONTRIBUTORS), {
      summary: 'Stages of a submission with success and failed counts (seconds too for speech types)',
      querystring: submissionStatusQuery,
      response: { 200: submissionStatusResponse, ...errorResponses(404) },
    }),
    async (req) => ({ message: 'Submission status', ...(await submissionStatus(ctx, currentUser(req), req.query.serviceRequestNumber)) }),
  );

  app.post(
    DATASET_API.errorReport,
    route(signedIn(CONTRIBUTORS), {
      summary:
        'Error report of a submission, as a bare list of one entry (the original ULCA shape its client reads): absolute summary and detailed CSV links (valid one hour) and the summary rows',
      body: errorReportBody,
      response: { 200: errorReportResponse, ...errorResponses(404) },
    }),
    async (req) => [await errorReport(ctx, currentUser(req), req.body.serviceRequestNumber)],
  );

  app.get(
    DATASET_API.errorReportFile,
    route(PUBLIC, {
      summary: 'Downloads an error report CSV; the link (with its token) comes from the error report call',
      params: errorReportFileParams,
      querystring: errorReportFileQuery,
    }),
    async (req, reply) => {
      const kind = req.params.file === 'summary.csv' ? 'summary' : 'detail';
      const srn = req.params.serviceRequestNumber;
      if (!checkReportToken(secretKey(ctx.config), srn, kind, req.query.token))
        throw notFound('This report link is not valid or has expired.');
      const sub = await getSubmission(ctx.db.pool, srn);
      const key = kind === 'summary' ? sub?.error_summary_key : sub?.error_detail_key;
      if (!sub || !key || key !== reportKeys(srn)[kind]) throw notFound('This submission has no such report.');
      return sendObject(req, reply, ctx.store, key, {
        type: 'text/csv; charset=utf-8',
        filename: `${srn}-error-${kind}.csv`,
        missing: 'This submission has no such report.',
      });
    },
  );

  app.get(
    DATASET_API.samples,
    route(PUBLIC, {
      summary: 'The bundled sample datasets a newcomer can download and submit (docs/product.md#dataset-screens)',
      response: { 200: datasetSamplesResponse },
    }),
    async () => ({ data: datasetSamples() }),
  );

  app.get(
    DATASET_API.sampleZip,
    route(PUBLIC, {
      summary: 'One bundled sample dataset as a zip in the contribution format',
      params: sampleZipParams,
    }),
    async (req, reply) => {
      const name = req.params.file.replace(/\.zip$/, '');
      const zip = await datasetSampleZip(name);
      if (!zip) throw notFound('There is no sample dataset of this name.');
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${name}.zip"`)
        .header('cache-control', 'public, max-age=3600')
        .send(zip);
    },
  );
}
