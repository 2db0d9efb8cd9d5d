import { FEEDBACK_QUESTIONS, type ModelFeedbackEntry } from '@ulca/contracts';
import type { TFunction } from '../../../lib/i18n/i18n.ts';

/** One row of the owner's feedback table (and of its CSV): texts as shown, the rating as a number. */
export interface FeedbackRow {
  id: string;
  /** Epoch milliseconds of the submit. */
  createdOn: number;
  input: string | null;
  output: string | null;
  /** 1–5, null when the user gave none. */
  rating: number | null;
  /** Every other question and its answer, 'question: answer' joined by ' | '. */
  answers: string;
  suggestedOutput: string | null;
}

type Answer = { feedbackQuestion?: unknown; feedbackQuestionResponse?: unknown };

/** Each platform question's English (as stored with an answer) → its catalogue key, modelDetail.feedback.q.<code>. */
const QUESTION_KEYS = new Map(FEEDBACK_QUESTIONS.map((q) => [q.question, `modelDetail.feedback.q.${q.code}`]));

/**
 * A stored question in the interface language when it is one of the platform's own
 * (FEEDBACK_QUESTIONS, stored in English whatever the sender's language); any other text, e.g.
 * a question of an older wording or of the original ULCA's client, as stored.
 */
export function feedbackQuestionText(t: TFunction, question: string): string {
  const key = QUESTION_KEYS.get(question);
  return key ? t(key, { defaultValue: question }) : question;
}

/** Leaves a question as stored (the default of {@link answersText}). */
const asStored = (question: string) => question;

function answersOf(feedback: unknown): Answer[] {
  return Array.isArray(feedback) ? (feedback.filter((a) => a && typeof a === 'object') as Answer[]) : [];
}

/**
 * The answers of an entry other than its rating (which has its own column), as one cell:
 * 'Add your comments: too literal | …'. The sts stages' answers (`detailedFeedback`) follow,
 * each prefixed with the stage's task.
 */
export function answersText(
  entry: Pick<ModelFeedbackEntry, 'feedback' | 'detailedFeedback' | 'rating'>,
  question: (text: string) => string = asStored,
): string {
  const own = answersOf(entry.feedback).filter(
    (a) => !(typeof a.feedbackQuestionResponse === 'number' && a.feedbackQuestionResponse === entry.rating),
  );
  const asked = (a: Answer) => question(String(a.feedbackQuestion ?? '').trim());
  const parts = own.map((a) => `${asked(a)}: ${String(a.feedbackQuestionResponse ?? '').trim()}`);
  if (Array.isArray(entry.detailedFeedback)) {
    for (const stage of entry.detailedFeedback as { taskType?: unknown; feedback?: unknown }[]) {
      for (const a of answersOf(stage?.feedback))
        parts.push(`${String(stage?.taskType ?? '')} · ${asked(a)}: ${String(a.feedbackQuestionResponse ?? '').trim()}`);
    }
  }
  return parts.filter((p) => p.replace(/[:·\s]/g, '') !== '').join(' | ');
}

/**
 * The table rows of the feedback list (the server answers newest first; kept so); `question`
 * words each stored question (e.g. {@link feedbackQuestionText} in the interface language).
 */
export function feedbackRows(entries: readonly ModelFeedbackEntry[], question: (text: string) => string = asStored): FeedbackRow[] {
  return entries.map((e) => ({
    id: e.feedbackId,
    createdOn: e.createdOn,
    input: e.input,
    output: e.output,
    rating: e.rating,
    answers: answersText(e, question),
    suggestedOutput: e.suggestedOutput,
  }));
}

/** Name of the downloaded CSV (the grid adds .csv): 'feedback-<model name>-<version>', safe characters only. */
export function feedbackCsvName(name: string, version: string): string {
  return `feedback-${name}-${version}`.replace(/[^\p{L}\p{N}._-]+/gu, '_');
}
