/**
 * The models feature (spec 02 §2, §3; DESIGN.md §11; issue #11): registry of contributors' models
 * (upload, my models, explore, detail, publish/unpublish) and the one way other features reach a
 * model's endpoint. Other features import this file only.
 */
import type { AppContext } from '../../context.ts';
import type { InferenceTask } from '@ulca/contracts';
import { decryptSecret, secretKey } from '../../security/crypto.ts';
import { notFound } from '../../lib/errors.ts';
import * as repo from './repo.ts';
import type { ModelRow } from './repo.ts';

/** Who is asking for a model: the verified caller (signed-in user or API-key owner), or null for anonymous. */
export interface ModelCaller {
  userId: string;
  roles: readonly string[];
}

/**
 * Everything needed to call a model's endpoint. Server-side only: `callbackUrl` and the key must
 * never be answered to a browser (DESIGN.md §11).
 */
export interface ModelEndpoint {
  modelId: string;
  name: string;
  version: string;
  task: InferenceTask;
  status: 'published' | 'unpublished';
  /** Owner's user id. */
  userId: string;
  languages: { sourceLanguage: string; targetLanguage?: string | null }[];
  callbackUrl: string;
  /** The endpoint's key, decrypted: sent as header `name: value` on every call. */
  inferenceApiKey: { name: string; value: string } | null;
  /** The descriptor's inference schema for this task: `{taskType, request, response?, modelProcessingType?, supportedVoices?}`. */
  schema: Record<string, unknown> | null;
  /** false: the endpoint answers asynchronously (asyncApiDetails gives the polling set-up). */
  isSyncApi: boolean;
  asyncApiDetails: Record<string, unknown> | null;
  isReference: boolean;
}

/** Context string binding an encrypted inference key to its model (security/crypto.ts). */
export function inferenceKeyContext(modelId: string): string {
  return `model-inference-key:${modelId}`;
}

function endpointOf(ctx: AppContext, row: ModelRow): ModelEndpoint {
  const d = row.descriptor as { languages?: ModelEndpoint['languages']; inferenceEndPoint?: Record<string, unknown> };
  const ep = d.inferenceEndPoint ?? {};
  // A descriptor may list several schemas (one per task); the model's own task is the one called.
  const schemas = (Array.isArray(ep.schema) ? ep.schema : ep.schema ? [ep.schema] : []) as Record<string, unknown>[];
  const schema = schemas.find((s) => s?.taskType === row.task) ?? schemas[0] ?? null;
  return {
    modelId: row.model_id,
    name: row.name,
    version: row.version,
    task: row.task as InferenceTask,
    status: row.status as 'published' | 'unpublished',
    userId: row.user_id,
    languages: d.languages ?? [],
    callbackUrl: row.callback_url,
    inferenceApiKey:
      row.inference_key_name && row.inference_key_enc
        ? { name: row.inference_key_name, value: decryptSecret(secretKey(ctx.config), row.inference_key_enc, inferenceKeyContext(row.model_id)) }
        : null,
    schema,
    isSyncApi: ep.isSyncApi !== false,
    asyncApiDetails: (ep.asyncApiDetails ?? null) as Record<string, unknown> | null,
    isReference: row.is_reference,
  };
}

/** Message when a model does not exist or the caller may not see it (the same text: no probing of unpublished ids). */
export const MODEL_NOT_FOUND_MESSAGE = 'No published model with this modelId.';

/**
 * The endpoint of a model the caller may call: published models for everyone; unpublished ones
 * only for their owner and ADMINs (DESIGN.md §11).
 * @throws ApiError 404 MODEL_NOT_FOUND_MESSAGE when it does not exist or is not visible to the caller.
 */
export async function getModelForCall(ctx: AppContext, modelId: string, caller: ModelCaller | null): Promise<ModelEndpoint> {
  const row = await repo.findModel(ctx.db, modelId);
  if (!row) throw notFound(MODEL_NOT_FOUND_MESSAGE);
  if (row.status !== 'published' && !(caller && (caller.userId === row.user_id || caller.roles.includes('ADMIN')))) throw notFound(MODEL_NOT_FOUND_MESSAGE);
  return endpointOf(ctx, row);
}

/** Every published model's endpoint (the health job's round), oldest publication first. */
export async function listPublishedModelEndpoints(ctx: AppContext): Promise<ModelEndpoint[]> {
  return (await repo.listPublishedModelRows(ctx.db)).map((r) => endpointOf(ctx, r));
}
