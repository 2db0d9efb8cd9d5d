import { DATASET_TYPE_LABELS } from '@ulca/contracts';

/**
 * The one label of a dataset type everywhere in the app (issue 8 §2), from the master data's map
 * DATASET_TYPE_LABELS in @ulca/contracts: 'parallel-corpus' → 'Parallel Dataset'. An unknown
 * code is shown as is; none → '-'.
 */
export function datasetTypeLabel(type: string | null | undefined): string {
  if (!type) return '-';
  return (DATASET_TYPE_LABELS as Record<string, string>)[type] ?? type;
}
