import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CONTRIBUTORS,
  DATASET_TYPES,
  INFERENCE_TASKS,
  MODEL_API,
  modelUploadQuery,
  MODEL_DESCRIPTOR_MAX_BYTES,
  modelDetailQuery,
  modelDetailResponse,
  modelListQuery,
  modelListResponse,
  modelSearchAnyResponse,
  modelSearchBody,
  modelStatusChangeBody,
  modelStatusChangeResponse,
  modelUploadResponse,
  transliterationModelIdQuery,
  transliterationModelIdResponse,
} from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { ApiError, badRequest } from '../../lib/errors.ts';
import { multipartBytesParser, readMultipartForm } from '../../lib/multipart.ts';
import { errorResponses, routeOptionsFor } from '../../lib/route-schemas.ts';
import { describeBytes } from '../../net/safe-fetch.ts';
import { currentUser } from '../../security/auth.ts';
import { OPTIONAL_SIGNATURE, PUBLIC, refuseClaimedUser, signedIn } from '../../security/access.ts';
import { clientIp, recordAudit } from '../audit/service.ts';
import { changeModelStatus, getModelRecord, getTransliterationModelId, listModelsOfUser, searchModels, uploadModel } from './service.ts';
import type { ModelsServices } from './state.ts';

const route = routeOptionsFor(['models']);

/** Multipart overhead allowed beyond the descriptor's own cap (boundaries, part headers, the userId field). */
const MULTIPART_SLACK_BYTES = 64 * 1024;

/** 413 text of a descriptor file over MODEL_DESCRIPTOR_MAX_BYTES. */
export const MODEL_FILE_TOO_LARGE_MESSAGE = `The model file is too large: a model descriptor may be at most ${describeBytes(MODEL_DESCRIPTOR_MAX_BYTES)}.`;
/** 400 text when the upload carries no `file` part. */
export const MODEL_FILE_MISSING_MESSAGE = 'Choose the model descriptor file (JSON) to upload: send it as the multipart form field "file".';

/** The descriptor bytes and the form's userId of a model/upload body (multipart/form-data). */
async function readUploadForm(req: FastifyRequest): Promise<{ file: Buffer; userId: unknown }> {
  const form = await readMultipartForm(req, () =>
    badRequest('MODEL_FILE_MISSING', MODEL_FILE_MISSING_MESSAGE, [{ field: 'file', message: MODEL_FILE_MISSING_MESSAGE }]),
  );
  const file = form.get('file');
  if (file === null)
    throw badRequest('MODEL_FILE_MISSING', MODEL_FILE_MISSING_MESSAGE, [{ field: 'file', message: MODEL_FILE_MISSING_MESSAGE }]);
  const bytes = typeof file === 'string' ? Buffer.from(file, 'utf8') : Buffer.from(await file.arrayBuffer());
  if (bytes.length > MODEL_DESCRIPTOR_MAX_BYTES) throw new ApiError(413, 'MODEL_FILE_TOO_LARGE', MODEL_FILE_TOO_LARGE_MESSAGE);
  return { file: bytes, userId: form.get('userId') };
}

/**
 * The models routes (docs/product.md#screens, docs/product.md#states-and-transitions, docs/api.md#route-groups):
 * POST model/upload (signed, contributors), GET model/listByUserId (signed, contributors),
 * POST model/search (public), GET model/getModel (public; unpublished: owner and ADMIN),
 * POST model/status/change (signed, contributors: owner or ADMIN),
 * GET model/getTransliterationModelId (public).
 * Registered in an encapsulated scope: the multipart parser applies to these routes only.
 */
export async function modelRoutes(appIn: FastifyInstance, ctx: AppContext<ModelsServices>): Promise<void> {
  await appIn.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    // Ours in this scope only, even if a multipart plugin is registered above (its streaming parser keeps no bytes to verify a signature on).
    if (app.hasContentTypeParser('multipart/form-data')) app.removeContentTypeParser('multipart/form-data');
    app.addContentTypeParser(
      'multipart/form-data',
      multipartBytesParser(
        MODEL_DESCRIPTOR_MAX_BYTES + MULTIPART_SLACK_BYTES,
        () => new ApiError(413, 'MODEL_FILE_TOO_LARGE', MODEL_FILE_TOO_LARGE_MESSAGE),
      ),
    );

    app.post(
      MODEL_API.upload,
      route(signedIn(CONTRIBUTORS), {
        summary:
          'Submits a model: a descriptor JSON file (multipart field "file"); its endpoint is called once with the example request; the model starts unpublished',
        description:
          `multipart/form-data: file = the model descriptor (ulca-reference model-schema.yml), at most ${describeBytes(MODEL_DESCRIPTOR_MAX_BYTES)}; userId optional (must be the caller's). ` +
          'The signature covers the exact multipart bytes. 400 with per-field errors for a bad descriptor, or when the callbackUrl is refused, ' +
          'times out or answers an error, garbage or a body of the wrong shape; 409 when name + version exist (any case); 413 for a larger file.',
        consumes: ['multipart/form-data'],
        querystring: modelUploadQuery,
        response: { 200: modelUploadResponse, ...errorResponses(400, 401, 403, 409, 413) },
      }),
      async (req) => {
        const user = currentUser(req);
        refuseClaimedUser(req.query.userId, user.userId);
        const form = await readUploadForm(req);
        refuseClaimedUser(form.userId, user.userId);
        const data = await uploadModel(ctx, user, form.file);
        return { message: 'Model uploaded successfully. It stays unpublished until you publish it.', data };
      },
    );

    app.get(
      MODEL_API.listByUserId,
      route(signedIn(CONTRIBUTORS), {
        summary:
          "The caller's models, newest first (pages of pageSize, default 10, when startPage/endPage are given, 1-based); name filters by name",
        querystring: modelListQuery,
        response: { 200: modelListResponse, ...errorResponses(400, 401, 403) },
      }),
      async (req) => {
        const user = currentUser(req);
        refuseClaimedUser(req.query.userId, user.userId);
        return { message: 'success', ...(await listModelsOfUser(ctx, user.userId, req.query)) };
      },
    );

    app.post(
      MODEL_API.search,
      route(PUBLIC, {
        summary:
          'Explore: the published models of a task, newest first, filtered by language, domain and submitter; with a dataset type as task, the ready-made datasets',
        description:
          `Public. task: a model task (${INFERENCE_TASKS.join(', ')}) → published models; sourceLanguage and targetLanguage (a code or a list) ` +
          'match the source and target of one pair for translation and transliteration, either side of any pair for the other tasks; ' +
          "domain any of the model's; submitter the submitter's name; '', null, [] and 'All' mean any. " +
          `A dataset type (${DATASET_TYPES.join(', ')}) → the ready-made datasets of that type as cards (the original ULCA client's ready-made page).`,
        body: modelSearchBody,
        response: { 200: modelSearchAnyResponse, ...errorResponses(400) },
      }),
      async (req) => {
        const result = await searchModels(ctx, req.body);
        const message =
          result.kind === 'ready-made' ? 'Ready-made datasets' : result.data.length ? 'Published models' : 'No published model matches.';
        return { message, data: result.data, count: result.data.length };
      },
    );

    app.get(
      MODEL_API.getModel,
      route(OPTIONAL_SIGNATURE, {
        summary: 'One model: published ones for anyone; unpublished ones for their owner and admins (others get the 404 of a missing id)',
        querystring: modelDetailQuery,
        response: { 200: modelDetailResponse, ...errorResponses(400, 401, 404) },
      }),
      async (req) => getModelRecord(ctx, req.query.modelId.trim(), req.user ?? null),
    );

    app.post(
      MODEL_API.statusChange,
      route(signedIn(CONTRIBUTORS), {
        summary:
          'Publishes or unpublishes a model (owner or admin); unpublishing needs a reason; 409 while a benchmark run of the model is In-Progress',
        body: modelStatusChangeBody,
        response: { 200: modelStatusChangeResponse, ...errorResponses(400, 401, 403, 404, 409) },
      }),
      async (req) => {
        const user = currentUser(req);
        const body = req.body;
        refuseClaimedUser(body.userId, user.userId);
        const outcome = await changeModelStatus(ctx, user, body);
        if (outcome.changed) {
          await recordAudit(ctx, {
            actorUserId: user.userId,
            action: body.status === 'published' ? 'model.publish' : 'model.unpublish',
            targetUserId: outcome.ownerUserId,
            ip: clientIp(req),
            details: {
              modelId: outcome.model.modelId,
              name: outcome.model.name,
              version: outcome.model.version,
              ...(body.status === 'unpublished' ? { reason: outcome.model.unpublishReason } : {}),
            },
          });
        }
        return { message: outcome.message, data: outcome.model };
      },
    );

    app.get(
      MODEL_API.transliterationModelId,
      route(PUBLIC, {
        summary:
          'The id of a published transliteration model for sourceLanguage (→ targetLanguage when given); 404 "Transliteration Model ID Not Present." when none',
        querystring: transliterationModelIdQuery,
        response: { 200: transliterationModelIdResponse, ...errorResponses(400, 404) },
      }),
      async (req) => ({ modelId: await getTransliterationModelId(ctx, req.query.sourceLanguage, req.query.targetLanguage) }),
    );
  });
}
