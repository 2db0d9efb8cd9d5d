/**
 * Model feedback (docs/product.md#screens feedback dialog, docs/product.md#entities-and-fields "Feedback payload", docs/product.md#roles; docs/architecture.md#calling-models
 * point 8): anyone who tried a model (anonymous, signed in, or an application with its API key)
 * sends a rating, question answers, a suggested output and, for speech-to-speech, one feedback per
 * stage; the model's owner (and ADMINs) read the feedback on their models. Owns `model_feedback`
 * and `model_feedback_limits`.
 *
 * What is kept: the input, output and suggested outputs only when the caller's data tracking
 * allows it (inference/service.ts dataTrackingAllowed: web callers yes, an API key only with its
 * Data Tracking switch on); otherwise they are stored as null, stages and answers included. The
 * sender is the verified signature's user or API key's owner, never a `userId` of the body.
 */
import { randomUUID } from 'node:crypto';
import { INFERENCE_TASKS, type ModelFeedbackBody, type ModelFeedbackEntry } from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { dataTrackingAllowed } from '../inference/service.ts';
import * as models from '../models/service.ts';
import * as repo from './repo.ts';
import type { FeedbackRow } from './repo.ts';
import type { FeedbackServices } from './feedback.rate-limit.ts';
import type { ModelsServices } from '../models/service.ts';
/** This feature's slice of ctx.services (docs/architecture.md#boundaries), for the features that call it. */
export type { FeedbackServices } from './feedback.rate-limit.ts';

/** Task types feedback may be about: a model task, or 'sts' (speech-to-speech, three stages). */
export const FEEDBACK_TASK_TYPES: readonly string[] = [...INFERENCE_TASKS, 'sts'];
/** Most entries model/feedback/list answers (newest first). */
export const FEEDBACK_LIST_MAX = 1000;

/** Answer text of a stored feedback (docs/product.md: the dialog shows the server's message). */
export const FEEDBACK_THANKS_MESSAGE = 'Thank you for your feedback.';
/** 403 text when a user lists feedback of a model they do not own. */
export const FEEDBACK_NOT_OWNER_MESSAGE = "Only the model's owner can read its feedback.";

/** Who sends the feedback: verified identities only, plus the client address for the anonymous limit. */
export interface FeedbackCaller {
  /** The verified signature's user, or null. */
  user: { userId: string; roles: readonly string[] } | null;
  /** The verified `ulcaApiKey` header's key, or null. */
  apiKey: { keyId: string; userID: string } | null;
  /** Parsed client address (request.ip). */
  ip: string;
}

type Answer = Record<string, unknown>;
type Stage = NonNullable<ModelFeedbackBody['detailedFeedback']>[number];

/** The 1-5 rating among the answers (the first numeric answer), or null. @throws 400 for a number outside 1-5. */
function ratingOf(feedback: ModelFeedbackBody['feedback'], field: string): number | null {
  const answers = Array.isArray(feedback) ? (feedback as Answer[]) : [];
  for (const [i, a] of answers.entries()) {
    const v = a.feedbackQuestionResponse;
    if (typeof v !== 'number') continue;
    if (!Number.isInteger(v) || v < 1 || v > 5) {
      throw badRequest('INVALID_RATING', 'A rating is a whole number from 1 to 5.', [
        { field: `${field}.${i}.feedbackQuestionResponse`, message: 'from 1 to 5' },
      ]);
    }
    return v;
  }
  return null;
}

/** The answers without their suggested outputs (data tracking off). */
function withoutSuggestions(feedback: ModelFeedbackBody['feedback']): unknown {
  if (!Array.isArray(feedback)) return feedback ?? null;
  return (feedback as Answer[]).map((a) => {
    const { suggestedOutput: _dropped, ...rest } = a;
    return rest;
  });
}

/** A stage as stored: never its body `userId`; without input/output/suggestions when tracking is off. */
function storedStage(stage: Stage, keepText: boolean): Record<string, unknown> {
  const { userId: _ignored, ...rest } = stage;
  if (keepText) return rest;
  return { ...rest, input: null, output: null, suggestedOutput: null, feedback: withoutSuggestions(rest.feedback) };
}

function modelCaller(caller: FeedbackCaller): models.ModelCaller | null {
  if (caller.user) return { userId: caller.user.userId, roles: caller.user.roles };
  if (caller.apiKey) return { userId: caller.apiKey.userID, roles: [] };
  return null;
}

/**
 * Stores one feedback (POST model/feedback/submit) and returns its id.
 * - `taskType` must be a model task or 'sts' (400 INVALID_TASK); a model task needs `modelId`
 *   (400) of a model visible to the caller (published, or theirs / ADMIN: else 404) whose task it
 *   is (400 TASK_MISMATCH); an 'sts' feedback names its models per stage in `detailedFeedback`
 *   (each checked the same way).
 * - Something must be said: an answer, a suggested output or a stage (400 EMPTY_FEEDBACK); a
 *   numeric answer is a 1-5 rating (400 INVALID_RATING).
 * - Anonymous callers (no signature, no API key) are limited per address (429); signed and API-key
 *   callers per sender on models they do not own (429).
 * - Input, output and suggested outputs are stored as null when the caller's data tracking is off.
 */
export async function submitFeedback(
  ctx: AppContext<FeedbackServices & ModelsServices>,
  caller: FeedbackCaller,
  body: ModelFeedbackBody,
): Promise<{ feedbackId: string }> {
  if (!FEEDBACK_TASK_TYPES.includes(body.taskType)) {
    throw badRequest('INVALID_TASK', `Unknown taskType "${body.taskType}": use a model task (${INFERENCE_TASKS.join(', ')}) or sts.`, [
      { field: 'taskType', message: 'unknown task' },
    ]);
  }
  const who = modelCaller(caller);
  if (body.taskType !== 'sts' && !body.modelId)
    throw badRequest('VALIDATION_FAILED', 'modelId is required: say which model the feedback is about.', [
      { field: 'modelId', message: 'Required' },
    ]);
  // Owners of the models the feedback is about: feedback onto someone else's model counts against the sender.
  const owners: string[] = [];
  if (body.modelId) {
    const model = await models.getModelForCall(ctx, body.modelId, who);
    owners.push(model.userId);
    if (body.taskType !== 'sts' && model.task !== body.taskType)
      throw badRequest('TASK_MISMATCH', `This model is a ${model.task} model, not ${body.taskType}.`, [
        { field: 'taskType', message: `must be ${model.task}` },
      ]);
  }
  const stages = body.detailedFeedback ?? [];
  for (const [i, stage] of stages.entries()) {
    if (!(INFERENCE_TASKS as readonly string[]).includes(stage.taskType)) {
      throw badRequest('INVALID_TASK', `Unknown taskType "${stage.taskType}" in stage ${i + 1}.`, [
        { field: `detailedFeedback.${i}.taskType`, message: 'unknown task' },
      ]);
    }
    if (stage.modelId) owners.push((await models.getModelForCall(ctx, stage.modelId, who)).userId);
    ratingOf(stage.feedback, `detailedFeedback.${i}.feedback`);
  }
  const answers = Array.isArray(body.feedback) ? body.feedback.length : body.feedback ? Object.keys(body.feedback).length : 0;
  if (answers === 0 && !body.suggestedOutput?.trim() && stages.length === 0) {
    throw badRequest('EMPTY_FEEDBACK', 'The feedback is empty: give a rating, an answer or a suggested output.', [
      { field: 'feedback', message: 'Required' },
    ]);
  }
  const rating = ratingOf(body.feedback, 'feedback');
  if (!who) await ctx.services.feedbackLimiter.consumeAnonymous(caller.ip);
  else if (owners.some((owner) => owner !== who.userId)) await ctx.services.feedbackLimiter.consumeUser(who.userId);

  const keepText = await dataTrackingAllowed(ctx, caller.apiKey);
  const feedbackId = randomUUID();
  await repo.insertFeedback(ctx.db, {
    feedback_id: feedbackId,
    model_id: body.modelId ?? null,
    user_id: caller.user?.userId ?? caller.apiKey?.userID ?? null,
    task_type: body.taskType,
    input: keepText ? (body.input ?? null) : null,
    output: keepText ? (body.output ?? null) : null,
    suggested_output: keepText ? body.suggestedOutput?.trim() || null : null,
    rating,
    feedback: keepText ? (body.feedback ?? null) : withoutSuggestions(body.feedback),
    detailed_feedback: stages.length ? stages.map((s) => storedStage(s, keepText)) : null,
  });
  return { feedbackId };
}

function toEntry(r: FeedbackRow): ModelFeedbackEntry {
  return {
    feedbackId: r.feedback_id,
    modelId: r.model_id,
    taskType: r.task_type,
    input: r.input,
    output: r.output,
    suggestedOutput: r.suggested_output,
    rating: r.rating,
    feedback: r.feedback ?? null,
    detailedFeedback: r.detailed_feedback ?? null,
    createdOn: new Date(r.created_on).getTime(),
  };
}

/**
 * The feedback on one model, newest first (GET model/feedback/list; at most FEEDBACK_LIST_MAX).
 * Only the model's owner and ADMINs: 403 for other users; 404 when the model does not exist or is
 * not visible to `user` (an unpublished model of someone else).
 */
export async function listFeedback(
  ctx: AppContext<ModelsServices>,
  user: { userId: string; roles: readonly string[] },
  modelId: string,
): Promise<ModelFeedbackEntry[]> {
  const model = await models.getModelForCall(ctx, modelId, user);
  if (model.userId !== user.userId && !user.roles.includes('ADMIN')) throw forbidden(FEEDBACK_NOT_OWNER_MESSAGE);
  return (await repo.listFeedbackOfModel(ctx.db, modelId, FEEDBACK_LIST_MAX)).map(toEntry);
}
