import { useMutation } from '@tanstack/react-query';
import {
  MODEL_API,
  MODEL_NOT_ACCESSIBLE_MESSAGE,
  type InferenceTask,
  type ModelComputeAnswer,
  type ModelComputeBody,
} from '@ulca/contracts';
import { ApiRequestError, apiRequest, multipartBody } from '../../../lib/api-client.ts';
import { OutputShapeError, readOutput, type TryOutput } from '../lib/inference-output.ts';
import { PANEL_ERRORS } from '../../../lib/limits.ts';

/** What a try panel sends: JSON to model/compute (every task, speech included), or a file to tryMe. */
export type TryRequest = { kind: 'compute'; body: ModelComputeBody } | { kind: 'file'; modelId: string; file: File; source?: string };

/**
 * POST …/model/compute for a model of `task` (text, an image URL or audio); resolves with the
 * model's answer in the task's response schema, as the server checked and sent it. The body names
 * `task`, so a model of another task is refused (400 TASK_MISMATCH) rather than read as this one.
 */
export function compute<K extends InferenceTask>(task: K, body: ModelComputeBody, signal?: AbortSignal): Promise<ModelComputeAnswer<K>> {
  return apiRequest<ModelComputeAnswer<K>>('POST', MODEL_API.compute, { body: { ...body, task }, signal });
}

/**
 * POST …/model/tryMe (multipart: file, modelId, and `source` = the language code to read it in, e.g. OCR's): an uploaded image or recording. The form is built
 * as bytes first, so that a signed-in caller's signature covers exactly what is sent: an owner (or an
 * admin) can try an unpublished model by file too. Throws ApiRequestError with the server's message.
 */
export async function tryMe<K extends InferenceTask>(
  task: K,
  modelId: string,
  file: File,
  signal?: AbortSignal,
  source?: string,
): Promise<ModelComputeAnswer<K>> {
  const form = new FormData();
  form.append('file', file);
  form.append('modelId', modelId);
  if (source) form.append('source', source);
  return apiRequest<ModelComputeAnswer<K>>('POST', MODEL_API.tryMe, { rawBody: await multipartBody(form), signal });
}

/**
 * The text a panel shows when a call fails (docs/product.md#messages): the server's own message when it gave one
 * (a 400 says what is wrong with the input), else 'The model is not accessible currently. Please
 * try again later' ('Something went wrong' for ner).
 */
export function tryErrorMessage(err: unknown, task: InferenceTask): string {
  const fallback = task === 'ner' ? PANEL_ERRORS.ner : MODEL_NOT_ACCESSIBLE_MESSAGE;
  if (err instanceof OutputShapeError) return fallback;
  if (err instanceof ApiRequestError && err.code && err.status > 0 && err.message) return err.message;
  return fallback;
}

/** Sends a try request and maps the answer to what the panel shows (throws on failure or an empty answer). */
export async function runTry<K extends InferenceTask>(task: K, request: TryRequest): Promise<TryOutput> {
  const answer =
    request.kind === 'file'
      ? await tryMe(task, request.modelId, request.file, undefined, request.source)
      : await compute(task, request.body);
  return readOutput(task, answer);
}

/** Mutation hook of one try panel: `mutate(request)` → `data` is the output to show. */
export function useTryModel(task: InferenceTask) {
  return useMutation({ mutationFn: (request: TryRequest) => runTry(task, request) });
}
