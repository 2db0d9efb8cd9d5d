import { TASK_LABELS, type InferenceTask } from '@ulca/contracts';

/**
 * How every page names a model task (spec 02 §1): one map, so a task reads the same in My Models,
 * Explore, the health table, the filters, the model page and its try panel. The labels are the task
 * registry's (packages/contracts models/tasks.ts; docs/architecture.md#adding-a-model-task).
 */
export const MODEL_TASK_LABELS: Readonly<Record<InferenceTask, string>> = TASK_LABELS;

/** The label of a task code; '-' for none, an unknown code as it is. */
export function modelTaskLabel(task: string | null | undefined): string {
  if (!task) return '-';
  return (MODEL_TASK_LABELS as Record<string, string>)[task] ?? task;
}
