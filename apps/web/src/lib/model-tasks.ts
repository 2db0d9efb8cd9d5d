import { MODEL_TASK_LABELS } from '@ulca/contracts';

/** How every page names a model task (spec 02 §1): the contracts' map, the same words the server's feedback questions use. */
export { MODEL_TASK_LABELS };

/** The label of a task code; '-' for none, an unknown code as it is. */
export function modelTaskLabel(task: string | null | undefined): string {
  if (!task) return '-';
  return (MODEL_TASK_LABELS as Record<string, string>)[task] ?? task;
}
