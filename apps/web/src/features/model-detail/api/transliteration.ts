import { MODEL_API, transliterationModelIdResponse } from '@ulca/contracts';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';
import { readOutput } from '../lib/inference-output.ts';
import { compute } from './inference.ts';

/**
 * GET …/model/getTransliterationModelId?sourceLanguage&targetLanguage: the id of a published
 * transliteration model for the pair, or null when there is none (404).
 * Other failures throw (the panel says 'Transliteration Model ID Not Present.').
 */
export async function fetchTransliterationModelId(
  sourceLanguage: string,
  targetLanguage: string,
  signal?: AbortSignal,
): Promise<string | null> {
  try {
    const res = await apiRequest('GET', MODEL_API.transliterationModelId, {
      query: { sourceLanguage, targetLanguage },
      schema: transliterationModelIdResponse,
      signed: false,
      signal,
    });
    return res.modelId || null;
  } catch (err) {
    if (err instanceof ApiRequestError && err.status === 404) return null;
    throw err;
  }
}

/**
 * Suggestions for one typed word from a transliteration model (compute, task transliteration), written
 * in `language` (from Roman letters, `en`) when given: a model of many pairs otherwise answers with its
 * first pair's script.
 */
export async function fetchTransliterationSuggestions(
  modelId: string,
  word: string,
  signal?: AbortSignal,
  language?: string,
): Promise<string[]> {
  const languages = language ? { sourceLanguage: 'en', targetLanguage: language } : {};
  const answer = await compute('transliteration', { modelId, input: [{ source: word }], ...languages }, signal);
  const out = readOutput('transliteration', answer);
  return out.kind === 'suggestions' ? out.suggestions : [];
}
