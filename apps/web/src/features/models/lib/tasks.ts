import { INFERENCE_TASKS, isInferenceTask, type InferenceTask } from '@ulca/contracts';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { MODEL_TASK_LABELS, modelTaskLabel } from '../../../lib/model-tasks.ts';

/** The Explore tabs (docs/product.md#constants-and-limits "Tasks"): the served tasks of the task registry, then 'sts' and 'status-check' last. */
export const EXPLORE_TABS = [...INFERENCE_TASKS, 'sts', 'status-check'] as const;
export type ExploreTab = (typeof EXPLORE_TABS)[number];

/**
 * The Explore tab names: the model tasks as every page names them (lib/model-tasks.ts), then the
 * original client's 'Speech To Speech' and 'Status Check'.
 */
export const TASK_LABELS: Record<ExploreTab, string> = {
  ...MODEL_TASK_LABELS,
  sts: 'Speech To Speech',
  'status-check': 'Status Check',
};

/**
 * The label of a task code or tab in the interface language (catalogue `models.task.<code>`, the
 * English labels above; docs/product.md#languages-of-the-interface); an unknown code is shown as it is.
 */
export function modelTaskText(task: string | null | undefined): string {
  const english = task && task in TASK_LABELS ? TASK_LABELS[task as ExploreTab] : modelTaskLabel(task);
  return task ? i18n.t(`models.task.${task}`, { defaultValue: english }) : english;
}

/** True for the served model tasks (not the 'sts' and 'status-check' tabs). */
export function isModelTask(tab: string | null | undefined): tab is InferenceTask {
  return isInferenceTask(tab);
}

/** The tab named by a URL value, or the default tab (translation) for a missing or unknown one. */
export function parseExploreTab(value: string | null | undefined): ExploreTab {
  return value && (EXPLORE_TABS as readonly string[]).includes(value) ? (value as ExploreTab) : 'translation';
}

/**
 * Tasks with no offline reference model on this platform (docs/product.md#reference-models):
 * only contributors' models serve them, so an empty Explore tab says so rather than suggest a wait.
 */
export const CONTRIBUTOR_ONLY_TASKS: readonly ExploreTab[] = ['asr', 'audio-lang-detection'];

/** Explore's hint when a task tab lists no model at all, in the interface language. */
export function noModelHint(tab: ExploreTab): string {
  const task = modelTaskText(tab);
  return i18n.t(CONTRIBUTOR_ONLY_TASKS.includes(tab) ? 'models.explore.noModelContributorOnly' : 'models.explore.noModel', { task });
}
