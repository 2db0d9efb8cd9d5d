/**
 * Memory held by model answers (docs/operations.md#limits "Model answers"): a model call buffers
 * its answer up to its cap (MODEL_MAX_RESPONSE_BYTES for tts, whose answer is audio;
 * MODEL_MAX_TEXT_RESPONSE_BYTES for every task answering text), and every call reserves its cap
 * against one process-wide budget (MODEL_ANSWER_BYTES_BUDGET) before the model is called: a call
 * beyond it is refused with 503 and Retry-After before anything is read. Calls to the models of one
 * owner run at most MODEL_OWNER_CONCURRENCY at once, so one contributor's slow models cannot take
 * every slot.
 */
import type { InferenceTask } from '@ulca/contracts';
import type { Config } from '../../config.ts';
import { ApiError } from '../../lib/errors.ts';

/** Seconds a call refused for memory or an owner's slots is asked to wait. */
const RETRY_AFTER_SECONDS = 2;
/** Tasks whose answer carries media (audio): they get the large answer cap. */
const MEDIA_ANSWER_TASKS: readonly InferenceTask[] = ['tts'];

/** Message of the 503 answered when the answer budget or an owner's slots are used up. */
export const SERVER_BUSY_MESSAGE = 'The server is busy with other model calls. Please try again in a moment.';

/** The largest answer a call of `task` may buffer, bytes. */
export function answerCapOf(config: Pick<Config, 'modelMaxResponseBytes' | 'modelMaxTextResponseBytes'>, task: InferenceTask): number {
  return MEDIA_ANSWER_TASKS.includes(task)
    ? config.modelMaxResponseBytes
    : Math.min(config.modelMaxTextResponseBytes, config.modelMaxResponseBytes);
}

/** The answer budget and per-owner call slots of one process (built with the inference state of a context). */
export class AnswerBudget {
  private reserved = 0;
  private readonly perOwner = new Map<string, number>();

  constructor(private readonly config: Pick<Config, 'modelAnswerBytesBudget' | 'modelOwnerConcurrency'>) {}

  /** Answer bytes reserved now (for tests and the log). */
  get reservedBytes(): number {
    return this.reserved;
  }

  /**
   * Reserves `bytes` of answer and one of `ownerId`'s slots (null: the platform's own reference
   * models, which share one system owner and queue on their own server); returns the release
   * function (call once).
   * @throws ApiError 503 SERVER_BUSY (with Retry-After) when either is used up.
   */
  reserve(ownerId: string | null, bytes: number): () => void {
    const { modelAnswerBytesBudget: budget } = this.config;
    const slots = ownerId === null ? 0 : this.config.modelOwnerConcurrency;
    const owner = ownerId ?? '';
    const calls = this.perOwner.get(owner) ?? 0;
    if ((budget > 0 && this.reserved + bytes > budget) || (slots > 0 && calls >= slots)) {
      throw new ApiError(503, 'SERVER_BUSY', SERVER_BUSY_MESSAGE).retryAfter(RETRY_AFTER_SECONDS);
    }
    this.reserved += bytes;
    this.perOwner.set(owner, calls + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.reserved -= bytes;
      const left = (this.perOwner.get(owner) ?? 1) - 1;
      if (left <= 0) this.perOwner.delete(owner);
      else this.perOwner.set(owner, left);
    };
  }
}
