/**
 * The upload-time check of a contributor's endpoint (docs/api.md#conventions "Outbound URLs",
 * docs/architecture.md#calling-models "Calling models"): the callbackUrl must pass the outbound rules and answer the descriptor's
 * own example request, within a time limit and a size cap, with a body of the task's response
 * shape. A model whose endpoint fails is not stored.
 */
import { inferenceResponseSchemas, type ModelDescriptor } from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import { checkFetchTarget, FetchError } from '../../net/safe-fetch.ts';
import { callModelEndpoint, ModelCallError } from '../../net/model-call.ts';
import { httpFormOf, probeStreamingEndpoint, STREAMING_TASKS } from '../../net/model-socket.ts';

/** Largest answer accepted from the endpoint at upload, in bytes (a TTS sample of a few seconds fits). */
export const UPLOAD_CHECK_MAX_BYTES = 10 * 1024 * 1024;

const CALLBACK_FIELD = 'inferenceEndPoint.callbackUrl';

/**
 * The example request a descriptor carries for its own task: `inferenceEndPoint.schema.request`
 * (of the schema whose taskType is the task, when several are listed), or for an async endpoint
 * without schema `asyncApiDetails.asyncApiSchema.request`. Undefined when there is none (the
 * descriptor schema refuses that case).
 */
export function exampleRequestOf(d: ModelDescriptor): unknown {
  const schema = d.inferenceEndPoint.schema;
  const list = Array.isArray(schema) ? schema : schema ? [schema] : [];
  const own = list.find((s) => s.taskType === d.task.type) ?? list[0];
  return own?.request ?? d.inferenceEndPoint.asyncApiDetails?.asyncApiSchema?.request;
}

/**
 * Calls the descriptor's endpoint once with its example request and returns the answer (stored
 * as the model's sample response). A streaming endpoint (schema modelProcessingType streaming;
 * asr and tts only; its callbackUrl ws, wss, http or https) is checked over its socket instead (net/model-socket.ts
 * probeStreamingEndpoint): ASR opens and stops a stream, TTS answers one infer.
 * @throws ApiError 400 MODEL_ENDPOINT_REFUSED when the callbackUrl breaks the outbound rules
 *   (private, loopback or metadata address not in ALLOWED_FETCH_HOSTS; bad scheme), 400
 *   MODEL_ENDPOINT_FAILED when the call fails (unreachable, time limit, HTTP error, too large,
 *   not JSON) or answers a body that is not the task's response; each with the reason on
 *   `inferenceEndPoint.callbackUrl`.
 */
export async function checkEndpointAnswers(ctx: AppContext, d: ModelDescriptor): Promise<unknown> {
  const url = d.inferenceEndPoint.callbackUrl;
  const refused = (why: string, detail?: string) => {
    const message = `The model's callbackUrl cannot be used: ${why}`;
    return badRequest('MODEL_ENDPOINT_REFUSED', message, [{ field: CALLBACK_FIELD, message: why }], detail);
  };
  const failed = (why: string) => {
    const message = `The model's endpoint did not answer its example request properly, so the model was not stored: ${why}`;
    return badRequest('MODEL_ENDPOINT_FAILED', message, [{ field: CALLBACK_FIELD, message: why }]);
  };
  const ep = d.inferenceEndPoint;
  const schemas = Array.isArray(ep.schema) ? ep.schema : ep.schema ? [ep.schema] : [];
  const own = (schemas.find((s) => s.taskType === d.task.type) ?? schemas[0] ?? null) as Record<string, unknown> | null;
  // The descriptor must say so (the model pages choose the streaming panels from it); a ws URL alone is refused below.
  const streaming = (own?.modelProcessingType as { type?: unknown } | undefined)?.type === 'streaming';
  if (streaming && !(STREAMING_TASKS as readonly string[]).includes(d.task.type))
    throw refused(`only asr and tts models can be streaming, not ${d.task.type}.`);
  if (!streaming && /^wss?:/i.test(url))
    throw refused(
      'a ws:// or wss:// callbackUrl is for streaming models: set inferenceEndPoint.schema.modelProcessingType to {"type":"streaming"}.',
    );
  // Checked here too (not only by the call) so a refused address is named as such, before anything is sent.
  try {
    await checkFetchTarget(httpFormOf(url), ctx.config.allowedFetchHosts);
  } catch (err) {
    if (err instanceof FetchError)
      throw err.code === 'URL_REFUSED' || err.code === 'INVALID_URL' ? refused(err.message, err.detail) : failed(err.message);
    throw err;
  }
  let body: unknown;
  try {
    // A streaming model is checked over its socket as the relay uses it: ASR opens and stops a stream, TTS answers one infer.
    if (streaming) {
      ({ body } = await probeStreamingEndpoint(d.task.type, url, exampleRequestOf(d), ep.inferenceApiKey ?? null, {
        allowedHosts: ctx.config.allowedFetchHosts,
        timeoutMs: ctx.config.modelUploadCheckTimeoutMs,
        maxBytes: UPLOAD_CHECK_MAX_BYTES,
      }));
    } else
      ({ body } = await callModelEndpoint(
        {
          task: d.task.type,
          callbackUrl: url,
          inferenceApiKey: d.inferenceEndPoint.inferenceApiKey ?? null,
          isSyncApi: d.inferenceEndPoint.isSyncApi !== false,
          asyncApiDetails: (d.inferenceEndPoint.asyncApiDetails ?? null) as Record<string, unknown> | null,
        },
        exampleRequestOf(d),
        { allowedHosts: ctx.config.allowedFetchHosts, timeoutMs: ctx.config.modelUploadCheckTimeoutMs, maxBytes: UPLOAD_CHECK_MAX_BYTES },
      ));
  } catch (err) {
    if (err instanceof ModelCallError) throw err.code === 'URL_REFUSED' ? refused(err.message) : failed(err.message);
    throw err;
  }
  // callModelEndpoint validates too; checked again so the stored sample is known to be the task's shape.
  const shape = inferenceResponseSchemas[d.task.type].safeParse(body);
  if (!shape.success) {
    const first = shape.error.issues[0];
    const where = first.path.length ? `${first.path.map(String).join('.')}: ` : '';
    throw failed(`its answer is not a ${d.task.type} response (${where}${first.message}).`);
  }
  return body;
}
