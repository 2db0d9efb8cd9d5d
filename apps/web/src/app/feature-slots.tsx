import { lazy } from 'react';
import { useFeedbackQuestions } from '../features/model-detail/api/feedback.ts';
import { fetchTransliterationSuggestions, useTransliterationModelId } from '../features/model-detail/api/transliteration.ts';
import type { FeatureSlots } from '../lib/feature-slots.ts';

// Each piece stays in the chunk of the feature that owns it, loaded when first rendered.
const SpeechToSpeech = lazy(() => import('../features/sts/components/SpeechToSpeech.tsx').then((m) => ({ default: m.SpeechToSpeech })));
const RunBenchmarkDialog = lazy(() =>
  import('../features/benchmarks/components/RunBenchmarkDialog.tsx').then((m) => ({ default: m.RunBenchmarkDialog })),
);
const ReadyMadeToggle = lazy(() =>
  import('../features/readymade/components/ReadyMadeToggle.tsx').then((m) => ({ default: m.ReadyMadeToggle })),
);

/** The cross-feature pieces (lib/feature-slots.ts) bound to the features that own them. */
export const featureSlots: FeatureSlots = {
  SpeechToSpeech,
  RunBenchmarkDialog,
  ReadyMadeToggle,
  useFeedbackQuestions,
  useTransliterationModelId,
  fetchTransliterationSuggestions,
};
