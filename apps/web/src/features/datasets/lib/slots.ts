import type { ComponentType } from 'react';
import { defineSlots } from '../../../lib/slots.ts';

/** What the datasets pages show of other features, bound by the app shell (app/feature-slots.tsx). */
export interface DatasetsSlots {
  /** The admin's "Mark as ready-made" toggle of the Dataset status page; renders nothing for others. */
  ReadyMadeToggle: ComponentType<{ serviceRequestNumber: string; datasetId: string | null | undefined; status: string | null | undefined }>;
}

export const { SlotsContext: DatasetsSlotsContext, useSlots: useDatasetsSlots } = defineSlots<DatasetsSlots>('datasets');
