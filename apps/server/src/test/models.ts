/**
 * Test helper: registers a model directly in the database (as the upload route will
 * point 2), for the inference, health and feedback tests until those use the real upload.
 */
import crypto from 'node:crypto';
import type { InferenceTask } from '@ulca/contracts';
import type { AppContext } from '../context.ts';
import { encryptSecret, secretKey } from '../security/crypto.ts';
import { inferenceKeyContext } from '../modules/models/service.ts';

/** What a test model is made of; unset fields get working defaults (a published translation en→hi model). */
export interface TestModelSpec {
  userId: string;
  callbackUrl: string;
  task?: InferenceTask;
  name?: string;
  status?: 'published' | 'unpublished';
  languages?: { sourceLanguage: string; targetLanguage?: string }[];
  inferenceApiKey?: { name: string; value: string };
  isSyncApi?: boolean;
  asyncApiDetails?: Record<string, unknown>;
  /** The descriptor's example request. */
  request?: Record<string, unknown>;
}

/** Inserts the model and returns its modelId. */
export async function insertTestModel(ctx: AppContext, spec: TestModelSpec): Promise<string> {
  const modelId = crypto.randomUUID();
  const task = spec.task ?? 'translation';
  const languages =
    spec.languages ??
    (task === 'translation' || task === 'transliteration' ? [{ sourceLanguage: 'en', targetLanguage: 'hi' }] : [{ sourceLanguage: 'hi' }]);
  const descriptor = {
    name: spec.name ?? `model-${modelId.slice(0, 8)}`,
    version: 'v1.0',
    description: 'A test model',
    task: { type: task },
    languages,
    license: 'mit',
    domain: ['general'],
    submitter: { name: 'Test Submitter' },
    trainingDataset: { description: 'none' },
    inferenceEndPoint: {
      callbackUrl: spec.callbackUrl,
      ...(spec.inferenceApiKey ? { inferenceApiKey: { name: spec.inferenceApiKey.name } } : {}),
      isSyncApi: spec.isSyncApi ?? true,
      ...(spec.asyncApiDetails ? { asyncApiDetails: spec.asyncApiDetails } : {}),
      schema: { taskType: task, request: spec.request ?? { input: [{ source: 'hello' }], config: { language: languages[0] } } },
    },
  };
  await ctx.db.db
    .insertInto('models')
    .values({
      model_id: modelId,
      user_id: spec.userId,
      name: descriptor.name,
      version: 'v1.0',
      task,
      descriptor: JSON.stringify(descriptor),
      callback_url: spec.callbackUrl,
      inference_key_name: spec.inferenceApiKey?.name ?? null,
      inference_key_enc: spec.inferenceApiKey
        ? encryptSecret(secretKey(ctx.config), spec.inferenceApiKey.value, inferenceKeyContext(modelId))
        : null,
      status: spec.status ?? 'published',
      published_on: (spec.status ?? 'published') === 'published' ? new Date() : null,
    })
    .execute();
  return modelId;
}
