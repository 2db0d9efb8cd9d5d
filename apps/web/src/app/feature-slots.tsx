import { lazy, type ReactNode } from 'react';
import {
  fetchTransliterationSuggestions,
  useFeedbackQuestions,
  useTransliterationModelId,
} from '../features/model-detail/api/shared-hooks.ts';
import { withTexts } from '../lib/i18n/i18n.ts';
import { DatasetsSlotsContext, type DatasetsSlots } from '../features/datasets/lib/slots.ts';
import { GlossarySlotsContext, type GlossarySlots } from '../features/glossary/lib/slots.ts';
import { ModelsSlotsContext, type ModelsSlots } from '../features/models/lib/slots.ts';
import { StsSlotsContext, type StsSlots } from '../features/sts/lib/slots.ts';

// Each piece stays in the chunk of the feature that owns it, loaded when first rendered.
// Each brings its feature's catalogue files along (lib/i18n/i18n.ts withTexts).
const SpeechToSpeech = lazy(
  withTexts(['search', 'sts'], () => import('../features/sts/components/SpeechToSpeech.tsx').then((m) => ({ default: m.SpeechToSpeech }))),
);
const RunBenchmarkDialog = lazy(
  withTexts(['benchmarks', 'platformContent', 'search'], () =>
    import('../features/benchmarks/components/RunBenchmarkDialog.tsx').then((m) => ({ default: m.RunBenchmarkDialog })),
  ),
);
const ReadyMadeToggle = lazy(() =>
  import('../features/readymade/components/ReadyMadeToggle.tsx').then((m) => ({ default: m.ReadyMadeToggle })),
);

const transliteration = { useTransliterationModelId, fetchTransliterationSuggestions };
const modelsSlots: ModelsSlots = { SpeechToSpeech, RunBenchmarkDialog };
const datasetsSlots: DatasetsSlots = { ReadyMadeToggle };
const glossarySlots: GlossarySlots = transliteration;
const stsSlots: StsSlots = { useFeedbackQuestions, ...transliteration };

/**
 * Provides each feature's slots (its `lib/slots.ts`: what it shows or asks of other features) bound
 * to the features that own the pieces: the app shell is the one place features meet
 * (docs/architecture.md#boundaries).
 */
export function FeatureSlotsProvider({ children }: { children: ReactNode }) {
  return (
    <ModelsSlotsContext value={modelsSlots}>
      <DatasetsSlotsContext value={datasetsSlots}>
        <GlossarySlotsContext value={glossarySlots}>
          <StsSlotsContext value={stsSlots}>{children}</StsSlotsContext>
        </GlossarySlotsContext>
      </DatasetsSlotsContext>
    </ModelsSlotsContext>
  );
}
