import { queryOptions, useQuery } from '@tanstack/react-query';
import { modelDetailKeys } from './keys.ts';
import type { fetchTransliterationSuggestions as fetchSuggestions } from './transliteration.ts';

/*
 * The model-detail pieces other features use through the app shell's slots (app/feature-slots.tsx).
 * This module imports no schema: the api modules that check the answers with the contracts' zod
 * schemas load on the first call, so binding the slots keeps zod out of the shell's first load
 * (docs/benchmarks.md#web). The feature's own components use the same hooks.
 */

/** Query hook: the feedback questions of the app config (feedback.ts fetchFeedbackQuestions), fetched once per visit while `enabled`. */
export function useFeedbackQuestions(enabled = true) {
  return useQuery({
    queryKey: modelDetailKeys.feedbackQuestions(),
    queryFn: async ({ signal }) => (await import('./feedback.ts')).fetchFeedbackQuestions(signal),
    staleTime: Infinity,
    enabled,
  });
}

/**
 * Query hook: a transliteration model that writes `language` from Roman letters (en → language;
 * transliteration.ts fetchTransliterationModelId: data null when none is published). Disabled for
 * English (docs/product.md#screens: never for English) and when `language` is missing.
 */
export function useTransliterationModelId(language: string | undefined) {
  return useQuery({ ...transliterationModelQuery(language ?? ''), enabled: !!language && language !== 'en' });
}

/** The query of {@link useTransliterationModelId} for `language`, shared with the server-side render's prefetch. */
export function transliterationModelQuery(language: string) {
  return queryOptions({
    queryKey: modelDetailKeys.transliterationModel('en', language),
    queryFn: async ({ signal }) => (await import('./transliteration.ts')).fetchTransliterationModelId('en', language, signal),
    staleTime: 10 * 60_000,
    retry: false,
  });
}

/** transliteration.ts fetchTransliterationSuggestions, loaded on the first call: suggestions for one Roman-letter word from model `modelId`. */
export const fetchTransliterationSuggestions: typeof fetchSuggestions = async (...args) =>
  (await import('./transliteration.ts')).fetchTransliterationSuggestions(...args);
