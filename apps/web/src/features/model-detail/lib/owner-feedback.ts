import type { ModelFeedbackEntry } from '@ulca/contracts';

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

function answersOf(feedback: unknown): Answer[] {
  return Array.isArray(feedback) ? (feedback.filter((a) => a && typeof a === 'object') as Answer[]) : [];
}

/**
 * The answers of an entry other than its rating (which has its own column), as one cell:
 * 'Add your comments: too literal | …'. The sts stages' answers (`detailedFeedback`) follow,
 * each prefixed with the stage's task.
 */
export function answersText(entry: Pick<ModelFeedbackEntry, 'feedback' | 'detailedFeedback' | 'rating'>): string {
  const own = answersOf(entry.feedback).filter(
    (a) => !(typeof a.feedbackQuestionResponse === 'number' && a.feedbackQuestionResponse === entry.rating),
  );
  const parts = own.map((a) => `${String(a.feedbackQuestion ?? '').trim()}: ${String(a.feedbackQuestionResponse ?? '').trim()}`);
  if (Array.isArray(entry.detailedFeedback)) {
    for (const stage of entry.detailedFeedback as { taskType?: unknown; feedback?: unknown }[]) {
      for (const a of answersOf(stage?.feedback))
        parts.push(
          `${String(stage?.taskType ?? '')} · ${String(a.feedbackQuestion ?? '').trim()}: ${String(a.feedbackQuestionResponse ?? '').trim()}`,
        );
    }
  }
  return parts.filter((p) => p.replace(/[:·\s]/g, '') !== '').join(' | ');
}

/** The table rows of the feedback list (the server answers newest first; kept so). */
export function feedbackRows(entries: readonly ModelFeedbackEntry[]): FeedbackRow[] {
  return entries.map((e) => ({
    id: e.feedbackId,
    createdOn: e.createdOn,
    input: e.input,
    output: e.output,
    rating: e.rating,
    answers: answersText(e),
    suggestedOutput: e.suggestedOutput,
  }));
}

/** Name of the downloaded CSV (the grid adds .csv): 'feedback-<model name>-<version>', safe characters only. */
export function feedbackCsvName(name: string, version: string): string {
  return `feedback-${name}-${version}`.replace(/[^\p{L}\p{N}._-]+/gu, '_');
}
