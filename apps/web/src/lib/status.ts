/** Processing statuses of a submission and of each stage (docs/product.md#entities-and-fields, docs/product.md#states-and-transitions). */
export const PROCESS_STATUSES = ['Pending', 'In-Progress', 'Completed', 'Failed'] as const;
export type ProcessStatus = (typeof PROCESS_STATUSES)[number];

/**
 * MUI palette colour of a status chip: Completed green, In-Progress blue, Failed red, others
 * orange (docs/product.md#entities-and-fields); a stage that never ran ('Not Run') grey, since nothing happened to it.
 */
export type StatusColor = 'success' | 'info' | 'error' | 'warning' | 'default';

/** The chip colour for `status` (any string; unknown values are "others"). */
export function statusColor(status: string): StatusColor {
  switch (status) {
    case 'Not Run':
      return 'default';
    case 'Completed':
      return 'success';
    case 'In-Progress':
      return 'info';
    case 'Failed':
      return 'error';
    default:
      return 'warning';
  }
}

/** True while work is still running: the refresh flag of docs/product.md#entities-and-fields (Pending or In-Progress). */
export function isActiveStatus(status: string): boolean {
  return status === 'Pending' || status === 'In-Progress';
}
