import path from 'node:path';
import type { FullContext } from '../app-services.ts';
import { startReferenceModels, type ReferenceModels } from '../modules/reference-models/service.ts';
import { createTranslationApertiumEngine } from '../modules/reference-models/engines/translation-apertium.ts';

/**
 * Starts only the Apertium hi↔ur translation reference model on this platform's reference server
 * (the harness's `referenceModels: true` starts every engine, about 300 MB). The platform must be
 * created with `config.referenceModels: true`. Resolves once the engine is warm; returns the
 * running reference models (close() them after the tests) and the translation model's id.
 */
export async function startApertiumOnly(ctx: FullContext, dataDir: string): Promise<{ refs: ReferenceModels; modelId: string }> {
  const refs = await startReferenceModels(ctx, {
    engines: [createTranslationApertiumEngine({ cacheDir: path.join(dataDir, 'cache'), log: ctx.log })],
  });
  await refs.ready;
  return { refs, modelId: refs.models[0]!.modelId };
}
