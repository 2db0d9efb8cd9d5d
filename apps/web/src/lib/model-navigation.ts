import { modelRecordSchema, type ModelRecord } from '@ulca/contracts';

/** The list a visitor came to the model page from (docs/product.md#explore-models: explore-models by default). */
export type ModelListOrigin = 'explore-models' | 'my-contribution';

/**
 * Router state other pages pass when they open a model: the row (rendered at once while the fresh
 * record loads) and the list to go back to. The original client passed the row itself with a
 * `prevUrl`; both forms are read.
 */
export interface ModelDetailState {
  model?: ModelRecord;
  prevUrl?: ModelListOrigin;
}

/**
 * The languages of the Explore filter a visitor opened a model from, carried to its try panel in the
 * page's URL (docs/product.md#model-detail-and-try-it-panels): `source`/`target` for translation,
 * `language` for a one-language filter. Each is a language code.
 */
export interface TryLanguageHint {
  source?: string;
  target?: string;
  language?: string;
}

/** The model page path (under /ulca), or its try view; `languages` become its query (`?source=hi&target=ur`, `?language=ta`). */
export function modelDetailPath(modelId: string, tryIt = false, languages: TryLanguageHint = {}): string {
  const query = new URLSearchParams();
  for (const key of ['source', 'target', 'language'] as const) if (languages[key]) query.set(key, languages[key]);
  const search = query.toString();
  return `/search-model/${encodeURIComponent(modelId)}${tryIt ? '/model' : ''}${search ? `?${search}` : ''}`;
}

/** The path of the list a model page goes back to. */
export function originPath(origin: ModelListOrigin): string {
  return origin === 'my-contribution' ? '/model/my-contribution' : '/model/explore-models';
}

/** Reads router state: the row to show at once (when it is a model record for `modelId`) and the origin. */
export function readDetailState(state: unknown, modelId: string): { placeholder?: ModelRecord; origin: ModelListOrigin } {
  const s = (state && typeof state === 'object' ? state : {}) as Record<string, unknown>;
  const origin: ModelListOrigin =
    typeof s.prevUrl === 'string' && s.prevUrl.includes('my-contribution') ? 'my-contribution' : 'explore-models';
  const parsed = modelRecordSchema.safeParse(s.model ?? s);
  const placeholder = parsed.success && parsed.data.modelId === modelId ? parsed.data : undefined;
  return { placeholder, origin };
}
