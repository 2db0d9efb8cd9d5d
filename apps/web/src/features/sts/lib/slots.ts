import { defineSlots } from '../../../lib/slots.ts';

/** What speech-to-speech asks of other features, bound by the app shell (app/feature-slots.tsx). */
export interface StsSlots {
  /** Query hook: the feedback questions of the app config, fetched while `enabled`. */
  useFeedbackQuestions: (enabled?: boolean) => { data?: readonly { code: string; question: string }[] };
  /** Query hook: the transliteration model for en → `language`; data null when none is published. */
  useTransliterationModelId: (language: string | undefined) => { data?: string | null; isPending: boolean };
  /** Suggestions for one Roman-letter word from transliteration model `modelId`. */
  fetchTransliterationSuggestions: (modelId: string, word: string, signal?: AbortSignal, language?: string) => Promise<string[]>;
}

export const { SlotsContext: StsSlotsContext, useSlots: useStsSlots } = defineSlots<StsSlots>('sts');
