import { createContext, useContext, type ComponentType } from 'react';

/**
 * What one web feature shows or asks of another. Features never import each other (lint:
 * eslint/boundaries.js); the app shell binds these to the features that own them
 * (app/feature-slots.tsx) and provides them around the whole app (see docs/architecture.md#boundaries).
 */
export interface FeatureSlots {
  /** The Explore 'sts' tab (features/sts); lazy, so render it inside a Suspense boundary. */
  SpeechToSpeech: ComponentType;
  /** The Run Benchmark modal of My Models (features/benchmarks); lazy, so render it inside a Suspense boundary. */
  RunBenchmarkDialog: ComponentType<{
    model: { modelId: string; name: string; version: string };
    onClose: () => void;
    onDone: (message: string) => void;
  }>;
  /** The admin's "Mark as ready-made" toggle of the Dataset status page (features/readymade); renders nothing for others. */
  ReadyMadeToggle: ComponentType<{ serviceRequestNumber: string; datasetId: string | null | undefined; status: string | null | undefined }>;
  /** Query hook (features/model-detail): the feedback questions of the app config, fetched while `enabled`. */
  useFeedbackQuestions: (enabled?: boolean) => { data?: readonly { code: string; question: string }[] };
  /** Query hook (features/model-detail): the transliteration model for en → `language`; data null when none is published. */
  useTransliterationModelId: (language: string | undefined) => { data?: string | null; isPending: boolean };
  /** Suggestions for one Roman-letter word from transliteration model `modelId` (features/model-detail). */
  fetchTransliterationSuggestions: (modelId: string, word: string, signal?: AbortSignal, language?: string) => Promise<string[]>;
}

/** Context holding the bound slots; null outside the app's providers. */
export const FeatureSlotsContext = createContext<FeatureSlots | null>(null);

/** The slots bound by the app shell. Throws when rendered outside app/providers.tsx (a wiring bug). */
export function useFeatureSlots(): FeatureSlots {
  const slots = useContext(FeatureSlotsContext);
  if (!slots) throw new Error('FeatureSlotsContext is not provided: render inside app/providers.tsx');
  return slots;
}
