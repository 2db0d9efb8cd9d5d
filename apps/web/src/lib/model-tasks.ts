import { MODEL_TASK_LABELS } from '@ulca/contracts';

/**
 * How every page names a model task: one map, so a task reads the same in My Models, Explore, the
 * health table, the filters, the model page and its try panel, and as the server's feedback questions
 * do. The labels are the task registry's (docs/architecture.md#adding-a-model-task).
 */
export { MODEL_TASK_LABELS };

/** The label of a task code; '-' for none, an unknown code as it is. */
export function modelTaskLabel(task: string | null | undefined): string {
  if (!task) return '-';
  return (MODEL_TASK_LABELS as Record<string, string>)[task] ?? task;
}
