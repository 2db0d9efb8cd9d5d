import type { ComponentType } from 'react';
import { defineSlots } from '../../../lib/slots.ts';

/** What the models pages show of other features, bound by the app shell (app/feature-slots.tsx). */
export interface ModelsSlots {
  /** The Explore 'sts' tab; lazy, so render it inside a Suspense boundary. */
  SpeechToSpeech: ComponentType;
  /** The Run Benchmark modal of My Models; lazy, so render it inside a Suspense boundary. */
  RunBenchmarkDialog: ComponentType<{
    model: { modelId: string; name: string; version: string };
    onClose: () => void;
    onDone: (message: string) => void;
  }>;
}

export const { SlotsContext: ModelsSlotsContext, useSlots: useModelsSlots } = defineSlots<ModelsSlots>('models');
