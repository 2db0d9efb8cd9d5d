import { defineSlots } from '../../../lib/slots.ts';

/** What the glossary asks of other features, bound by the app shell (app/feature-slots.tsx). */
export interface GlossarySlots {
  /** Query hook: the transliteration model for en → `language`; data null when none is published. */
  useTransliterationModelId: (language: string | undefined) => { data?: string | null; isPending: boolean };
  /** Suggestions for one Roman-letter word from transliteration model `modelId`. */
  fetchTransliterationSuggestions: (modelId: string, word: string, signal?: AbortSignal, language?: string) => Promise<string[]>;
}

export const { SlotsContext: GlossarySlotsContext, useSlots: useGlossarySlots } = defineSlots<GlossarySlots>('glossary');
