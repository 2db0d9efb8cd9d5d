import type { InferenceTask, ModelFeedbackBody } from '@ulca/contracts';

/** Fallback wording when the app config has no question for a task (it has one for each today). */
export const DEFAULT_RATING_QUESTION = 'How would you rate this result?';
export const DEFAULT_COMMENTS_QUESTION = 'Add your comments';

/** The rating question and the comments prompt of a task, from the app config's feedbackQns. */
export function feedbackQuestionsFor(task: InferenceTask, questions: readonly { code: string; question: string }[] | undefined) {
  return {
    rating: questions?.find((q) => q.code === task)?.question ?? DEFAULT_RATING_QUESTION,
    comments: questions?.find((q) => q.code === 'comments')?.question ?? DEFAULT_COMMENTS_QUESTION,
  };
}

/** What the feedback dialog collected. */
export interface FeedbackInput {
  task: InferenceTask;
  modelId: string;
  /** The panel's input as text (the text, or the audio/image URL); null for a recording or file. */
  input: string | null;
  /** The model's output as text; null when there is none to keep (base64 audio). */
  output: string | null;
  questions: { rating: string; comments: string };
  rating: number;
  comment: string;
  suggestedOutput: string;
}

/**
 * The feedback/submit body (docs/product.md#entities-and-fields): taskType, modelId, input, output, the question/answer
 * pairs (the rating when given, the comment when not blank) and the suggested output, or null when
 * blank or unchanged from the output.
 */
export function buildFeedbackBody(f: FeedbackInput): ModelFeedbackBody {
  const feedback: { feedbackQuestion: string; feedbackQuestionResponse: string | number }[] = [];
  if (f.rating > 0) feedback.push({ feedbackQuestion: f.questions.rating, feedbackQuestionResponse: f.rating });
  if (f.comment.trim()) feedback.push({ feedbackQuestion: f.questions.comments, feedbackQuestionResponse: f.comment.trim() });
  return {
    taskType: f.task,
    modelId: f.modelId,
    input: f.input || null,
    output: f.output || null,
    feedback,
    // A suggestion equal to the output (the box starts with it) is no suggestion.
    suggestedOutput: f.suggestedOutput.trim() && f.suggestedOutput.trim() !== (f.output ?? '').trim() ? f.suggestedOutput.trim() : null,
  };
}
