import { lazy } from 'react';
import {
  fetchTransliterationSuggestions,
  useFeedbackQuestions,
  useTransliterationModelId,
} from '../features/model-detail/api/shared-hooks.ts';
import { withTexts } from '../lib/i18n/i18n.ts';
import type { FeatureSlots } from '../lib/feature-slots.ts';

// Each piece stays in the chunk of the feature that owns it, loaded when first rendered.
// Each brings its feature's catalogue files along (lib/i18n/i18n.ts withTexts).
const SpeechToSpeech = lazy(
  withTexts(['search', 'sts'], () => import('../features/sts/components/SpeechToSpeech.tsx').then((m) => ({ default: m.SpeechToSpeech }))),
);
const RunBenchmarkDialog = lazy(
  withTexts(['benchmarks', 'search'], () =>
    import('../features/benchmarks/components/RunBenchmarkDialog.tsx').then((m) => ({ default: m.RunBenchmarkDialog })),
  ),
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
