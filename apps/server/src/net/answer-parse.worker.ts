/**
 * Worker-thread entry of the model answer pool (answer-pool.ts, run by piscina): decoding,
 * JSON-parsing and schema-checking a 19 MiB tts answer costs tens to hundreds of milliseconds of
 * CPU, far too long for the API's event loop (docs/operations.md#model-answers). Answers a result
 * object rather than throwing: an error's own fields do not survive the trip back from a worker.
 */
import { inferenceResponseSchemas, type InferenceTask } from '@ulca/contracts';

/** One answer to read: its bytes (as received) and the task whose response schema it must follow. */
export interface AnswerJob {
  bytes: Uint8Array;
  task: InferenceTask;
}

/**
 * What the worker found: not JSON; or JSON with the parsed value and `problem` null when it follows
 * the task's response schema (value is then the schema's output), else the problem in words.
 */
export type ParsedAnswer = { json: false } | { json: true; value: unknown; problem: string | null };

/**
 * Why `value` does not follow `task`'s ULCA response schema, in words for the model's owner
 * ("The model endpoint's answer does not follow the ULCA tts response schema at audio: …"), or null
 * with the schema's output when it does.
 */
export function checkAnswer(task: InferenceTask, value: unknown): { value: unknown; problem: string | null } {
  const parsed = inferenceResponseSchemas[task].safeParse(value);
  if (parsed.success) return { value: parsed.data, problem: null };
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
  return {
    value,
    problem: `The model endpoint's answer does not follow the ULCA ${task} response schema${where}: ${issue?.message ?? 'invalid'}.`,
  };
}

/** Parses and checks one answer; never throws for a bad answer. */
export default function parseAnswer(job: AnswerJob): ParsedAnswer {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength).toString('utf8'));
  } catch {
    return { json: false };
  }
  return { json: true, ...checkAnswer(job.task, value) };
}
