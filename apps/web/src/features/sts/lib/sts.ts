/**
 * Speech-to-speech rules of the Explore 'sts' tab (docs/product.md#speech-to-speech, docs/product.md#states-and-transitions, docs/product.md#validation-rules): which models each picker
 * offers, the auto-pick, the clearing of later choices, what must be chosen before running, and
 * the feedback body with one stage per model (docs/product.md#entities-and-fields, docs/api.md#route-groups).
 */
import { i18n } from '../../../lib/i18n/i18n.ts';
import { STS_SELECT_ALL_MESSAGE, type ModelFeedbackBody, type ModelRecord, type StsBatch } from '@ulca/contracts';

/** The three stages of the chain, in order. */
export const STS_STAGES = ['asr', 'translation', 'tts'] as const;
export type StsStage = (typeof STS_STAGES)[number];

/** A picker option (docs/product.md#entities-and-fields "Bulk model options"): value = modelId, label = name. */
export interface StsModelOption {
  value: string;
  label: string;
  sourceLanguage: string;
  targetLanguage: string | null;
  /** 'batch' unless the descriptor says streaming (a streaming model cannot take a recording in one call). */
  processing: 'batch' | 'streaming';
}

/** What the tab has chosen. '' = nothing chosen. */
export interface StsSelection {
  source: string;
  target: string;
  asr: string;
  translation: string;
  tts: string;
}
export const EMPTY_SELECTION: StsSelection = { source: '', target: '', asr: '', translation: '', tts: '' };

/**
 * Names of Indian-language AI projects the auto-pick prefers (docs/product.md#states-and-transitions: "a batch model whose
 * label contains the name of an Indian-language AI project"); lower case.
 */
export const INDIAN_AI_PROJECTS = ['vakyansh', 'ai4bharat', 'bhashini', 'indictrans'] as const;

function processingOf(m: ModelRecord): 'batch' | 'streaming' {
  const schema = (m.inferenceEndPoint.schema ?? {}) as { modelProcessingType?: { type?: string } };
  return schema.modelProcessingType?.type === 'streaming' ? 'streaming' : 'batch';
}

/** One option per (model, language pair) of `models`. */
export function modelOptions(models: readonly ModelRecord[]): StsModelOption[] {
  return models.flatMap((m) =>
    m.languages.map((l) => ({
      value: m.modelId,
      label: m.name,
      sourceLanguage: l.sourceLanguage,
      targetLanguage: l.targetLanguage ?? null,
      processing: processingOf(m),
    })),
  );
}

/** Distinct options of a picker, one per model, for the chosen language(s). */
export function optionsFor(
  stage: StsStage,
  options: readonly StsModelOption[],
  sel: Pick<StsSelection, 'source' | 'target'>,
): StsModelOption[] {
  const seen = new Set<string>();
  return options.filter((o) => {
    const fits =
      stage === 'asr'
        ? o.sourceLanguage === sel.source
        : stage === 'translation'
          ? o.sourceLanguage === sel.source && o.targetLanguage === sel.target
          : o.sourceLanguage === sel.target;
    if (!fits || seen.has(o.value)) return false;
    seen.add(o.value);
    return true;
  });
}

const projectOf = (label: string) => INDIAN_AI_PROJECTS.find((p) => label.toLowerCase().includes(p)) ?? null;

/**
 * The auto-pick of docs/product.md#states-and-transitions for the chosen languages:
 * - asr: a batch model whose label names an Indian-language AI project, else the first batch model for the source;
 * - translation: a model whose label contains 'indictrans', else the first for the pair;
 * - tts: a batch model for the target, preferring the asr pick's project, else any project, else the first.
 * '' where nothing fits.
 */
export function autoPick(
  options: { asr: readonly StsModelOption[]; translation: readonly StsModelOption[]; tts: readonly StsModelOption[] },
  sel: Pick<StsSelection, 'source' | 'target'>,
): Pick<StsSelection, StsStage> {
  const asrs = optionsFor('asr', options.asr, sel).filter((o) => o.processing === 'batch');
  const asr = asrs.find((o) => projectOf(o.label)) ?? asrs[0];
  const translations = sel.target ? optionsFor('translation', options.translation, sel) : [];
  const translation = translations.find((o) => o.label.toLowerCase().includes('indictrans')) ?? translations[0];
  const ttss = sel.target ? optionsFor('tts', options.tts, sel).filter((o) => o.processing === 'batch') : [];
  const project = asr ? projectOf(asr.label) : null;
  const tts = (project && ttss.find((o) => projectOf(o.label) === project)) || ttss.find((o) => projectOf(o.label)) || ttss[0];
  return { asr: asr?.value ?? '', translation: translation?.value ?? '', tts: tts?.value ?? '' };
}

/**
 * The selection after the user picks `field` = `value` (docs/product.md#states-and-transitions): a new source clears the
 * target and the three models (then the asr is auto-picked); a new target clears the three models
 * (then all three are auto-picked); a model choice changes only itself.
 */
export function choose(sel: StsSelection, field: keyof StsSelection, value: string, options: Parameters<typeof autoPick>[0]): StsSelection {
  if (field === 'source') {
    const next = { ...EMPTY_SELECTION, source: value };
    return { ...next, ...autoPick(options, next) };
  }
  if (field === 'target') {
    const next = { ...sel, target: value, asr: '', translation: '', tts: '' };
    return { ...next, ...autoPick(options, next) };
  }
  return { ...sel, [field]: value };
}

/** Source languages: those with a translation model (ASR is optional: the text can be typed). */
export function sourceLanguages(translations: readonly StsModelOption[]): string[] {
  return [...new Set(translations.map((o) => o.sourceLanguage))].sort();
}

/** Target languages: the translation targets from `source`. */
export function targetLanguages(translations: readonly StsModelOption[], source: string): string[] {
  return [...new Set(translations.filter((o) => o.sourceLanguage === source && o.targetLanguage).map((o) => o.targetLanguage!))].sort();
}

/**
 * docs/product.md#validation-rules: null when the chain may run, else 'Please select all the drop down values...'.
 * `fromText` = the user typed the source text (no ASR needed).
 */
export function selectionError(sel: StsSelection, fromText: boolean): string | null {
  const needed = [sel.source, sel.target, sel.translation, sel.tts, ...(fromText ? [] : [sel.asr])];
  return needed.every(Boolean) ? null : STS_SELECT_ALL_MESSAGE;
}

/** One stage's rating in the feedback dialog (0 = not rated). */
export interface StageRating {
  stage: StsStage;
  question: string;
  rating: number;
}

/** What the sts feedback dialog collected. */
export interface StsFeedbackInput {
  /** The chosen models of the stages that ran. */
  models: Partial<Record<StsStage, string>>;
  /** Source text (transcript, or typed) and translation. */
  sourceText: string;
  translation: string;
  question: string;
  rating: number;
  /** Per-stage ratings (sent only for a rating of 3 or less). */
  stages: StageRating[];
  comment: string;
  commentsQuestion: string;
  /** Suggested translation ('' = none). */
  suggestedOutput: string;
}

/** Rating at or below which the dialog asks per stage (docs/product.md#screens, docs/product.md#constants-and-limits). */
export const DETAIL_AT_OR_BELOW = 3;

/**
 * The feedback/submit body of the sts tab (docs/product.md#entities-and-fields, docs/api.md#route-groups): taskType 'sts', no user identity, no
 * modelId of its own; input = source text, output = translation; for a rating of 3 or less,
 * `detailedFeedback` with one entry per stage (taskType, modelId, its input/output, its rating).
 */
export function buildStsFeedbackBody(f: StsFeedbackInput): ModelFeedbackBody {
  const feedback: { feedbackQuestion: string; feedbackQuestionResponse: string | number }[] = [];
  if (f.rating > 0) feedback.push({ feedbackQuestion: f.question, feedbackQuestionResponse: f.rating });
  if (f.comment.trim()) feedback.push({ feedbackQuestion: f.commentsQuestion, feedbackQuestionResponse: f.comment.trim() });
  const detailed =
    f.rating > 0 && f.rating <= DETAIL_AT_OR_BELOW
      ? f.stages
          .filter((s) => s.rating > 0 && f.models[s.stage])
          .map((s) => ({
            taskType: s.stage,
            modelId: f.models[s.stage],
            input: s.stage === 'asr' ? null : s.stage === 'translation' ? f.sourceText || null : f.translation || null,
            output: s.stage === 'asr' ? f.sourceText || null : s.stage === 'translation' ? f.translation || null : null,
            feedback: [{ feedbackQuestion: s.question, feedbackQuestionResponse: s.rating }],
          }))
      : [];
  const suggestion = f.suggestedOutput.trim();
  return {
    taskType: 'sts',
    input: f.sourceText || null,
    output: f.translation || null,
    feedback,
    detailedFeedback: detailed,
    suggestedOutput: suggestion && suggestion !== f.translation.trim() ? suggestion : null,
  };
}

/** The counts of a batch the texts below read (a row of the batch list or the status answer). */
export type BatchCounts = Pick<StsBatch, 'status' | 'total' | 'done' | 'failed' | 'skipped' | 'message'>;

/**
 * One line on how far a batch got (docs/product.md#screens batch field), in the interface language
 * (the `sts.batch` texts of the catalogue): 'Queued…' while Pending, the reason when it Failed as a
 * whole, else 'N of M files processed (c converted, f failed[, s other files skipped])' followed by
 * ' — done' when Completed or '…' while it runs.
 */
export function batchProgressText(b: BatchCounts): string {
  const t = i18n.t.bind(i18n);
  if (b.status === 'Pending') return t('sts.batch.queued');
  if (b.status === 'Failed') return t('sts.batch.failed', { message: b.message ?? t('sts.batch.failedDefault') });
  return t('sts.batch.progress', {
    processed: b.done + b.failed,
    total: b.total,
    done: b.done,
    failed: b.failed,
    skipped: b.skipped ? t('sts.batch.skipped', { count: b.skipped }) : '',
    end: b.status === 'Completed' ? t('sts.batch.endDone') : t('sts.batch.endRunning'),
  });
}

/** Files done of total for the batch list's column: '2/3' ('-' until the zip was read). */
export function batchFilesText(b: Pick<StsBatch, 'status' | 'total' | 'done'>): string {
  return b.total === 0 && (b.status === 'Pending' || b.status === 'In-Progress') ? '-' : `${b.done}/${b.total}`;
}

/** Whether the batch may still change (the list keeps polling while one does). */
export function batchRunning(b: Pick<StsBatch, 'status'>): boolean {
  return b.status === 'Pending' || b.status === 'In-Progress';
}
