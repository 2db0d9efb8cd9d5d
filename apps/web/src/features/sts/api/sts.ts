import { useMutation, useQuery } from '@tanstack/react-query';
import {
  MODEL_API,
  MODEL_NOT_ACCESSIBLE_MESSAGE,
  STS_API,
  STS_NETWORK_FAILURE_MESSAGE,
  modelFeedbackResponse,
  modelRecordSearchResponse,
  stsBatchListResponse,
  stsBatchStatusResponse,
  stsBatchSubmitResponse,
  type ModelFeedbackBody,
  type ModelSearchBody,
  type StsBatchSubmitBody,
} from '@ulca/contracts';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';

/** Query keys of this feature. */
export const stsKeys = {
  models: (task: string) => ['sts', 'models', task] as const,
  batch: (batchId: string) => ['sts', 'batch', batchId] as const,
  batches: ['sts', 'batches'] as const,
};

/** The published models of one stage's task (POST …/model/search, unsigned: Explore is public). */
export async function fetchStageModels(task: 'asr' | 'translation' | 'tts', signal?: AbortSignal) {
  const body: ModelSearchBody = { task, sourceLanguage: null, targetLanguage: null, domain: 'All', submitter: 'All' };
  const res = await apiRequest('POST', MODEL_API.search, { body, schema: modelRecordSearchResponse, signal, signed: false });
  return res.data;
}

/** Query hook of {@link fetchStageModels}. */
export function useStageModels(task: 'asr' | 'translation' | 'tts') {
  return useQuery({ queryKey: stsKeys.models(task), queryFn: ({ signal }) => fetchStageModels(task, signal), staleTime: 60_000 });
}

type Json = Record<string, unknown>;

/** A stage that failed, with the text the tab shows. */
export class StageError extends Error {
  constructor(
    public readonly stage: 'asr' | 'translation' | 'tts',
    message: string,
  ) {
    super(message);
  }
}

/**
 * The text of a failed stage (docs/product.md#messages): 'Unable to process your request at the moment. Please
 * try after sometime.' when the server could not be reached; the server's message when it gave one
 * (a 400 says what is wrong with the input); else 'The model is not accessible currently…'.
 */
export function stageMessage(err: unknown): string {
  if (err instanceof ApiRequestError) {
    if (err.status === 0) return STS_NETWORK_FAILURE_MESSAGE;
    if (err.code && err.message) return err.message;
    return MODEL_NOT_ACCESSIBLE_MESSAGE;
  }
  return STS_NETWORK_FAILURE_MESSAGE;
}

async function stage<T>(name: 'asr' | 'translation' | 'tts', run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw new StageError(name, stageMessage(err));
  }
}

/**
 * ASR stage: POST …/asr/v1/model/compute with base64 WAV or an audio URL; resolves with the
 * transcript (`data.source`). Throws StageError('asr') on failure or an empty transcript.
 */
export async function runAsr(
  modelId: string,
  sourceLanguage: string,
  audio: { audioContent: string } | { audioUri: string },
): Promise<string> {
  const res = await stage('asr', () =>
    apiRequest<Json>('POST', MODEL_API.computeSpeech, { body: { modelId, task: 'asr', source: sourceLanguage, sourceLanguage, ...audio } }),
  );
  const text = String(((res.data ?? {}) as Json).source ?? '').trim();
  if (!text) throw new StageError('asr', 'No speech was recognised in the audio. Please try again.');
  return text;
}

/** Translation stage: POST …/model/compute; resolves with `output[0].target`. Throws StageError('translation'). */
export async function runTranslation(modelId: string, source: string, sourceLanguage: string, targetLanguage: string): Promise<string> {
  const res = await stage('translation', () =>
    apiRequest<Json>('POST', MODEL_API.compute, {
      body: { modelId, task: 'translation', input: [{ source }], sourceLanguage, targetLanguage },
    }),
  );
  const first = (Array.isArray(res.output) ? (res.output as Json[])[0] : undefined) ?? {};
  const text = String(first.target ?? '').trim();
  if (!text) throw new StageError('translation', MODEL_NOT_ACCESSIBLE_MESSAGE);
  return text;
}

/** TTS stage: POST …/model/compute with the voice; resolves with base64 WAV or an audio URL. Throws StageError('tts'). */
export async function runTts(
  modelId: string,
  text: string,
  language: string,
  gender: 'male' | 'female',
): Promise<{ audioContent?: string; audioUri?: string }> {
  const res = await stage('tts', () =>
    apiRequest<Json>('POST', MODEL_API.compute, {
      body: { modelId, task: 'tts', input: [{ source: text }], gender, sourceLanguage: language },
    }),
  );
  const first = (Array.isArray(res.audio) ? (res.audio as Json[])[0] : undefined) ?? {};
  if (typeof first.audioContent === 'string' && first.audioContent) return { audioContent: first.audioContent };
  if (typeof first.audioUri === 'string' && first.audioUri) return { audioUri: first.audioUri };
  throw new StageError('tts', MODEL_NOT_ACCESSIBLE_MESSAGE);
}

/** POST …/model/feedback/submit for the sts tab: never signed (docs/product.md#roles: sent without user identity). */
export function submitStsFeedback(body: ModelFeedbackBody) {
  return apiRequest('POST', MODEL_API.feedbackSubmit, { body, schema: modelFeedbackResponse, signed: false });
}

/** Mutation hook of {@link submitStsFeedback}. */
export function useSubmitStsFeedback() {
  return useMutation({ mutationFn: submitStsFeedback });
}

/** POST the sts batch (signed). Resolves with the batch id. */
export async function submitStsBatch(body: StsBatchSubmitBody): Promise<string> {
  return (await apiRequest('POST', STS_API.batchSubmit, { body, schema: stsBatchSubmitResponse })).data.batchId;
}

/** Mutation hook of {@link submitStsBatch}. */
export function useSubmitStsBatch() {
  return useMutation({ mutationFn: submitStsBatch });
}

/** GET a batch's status (signed); polled every 1.5 s until it is Completed or Failed. */
export function useStsBatch(batchId: string | null) {
  return useQuery({
    queryKey: stsKeys.batch(batchId ?? ''),
    queryFn: async ({ signal }) =>
      (await apiRequest('GET', STS_API.batchStatus, { query: { batchId }, schema: stsBatchStatusResponse, signal })).data,
    enabled: !!batchId,
    refetchInterval: (q) => (q.state.data && (q.state.data.status === 'Completed' || q.state.data.status === 'Failed') ? false : 1500),
  });
}

/**
 * The signed-in user's batches, newest first (GET …/sts/batch/list, signed; the server's cap), each
 * without its per-file rows; `downloadUrl` is set on Completed ones (valid one hour, so the list is
 * refetched when the window regains focus). Polled every 3 s while one is Pending or In-Progress.
 * Disabled (no request) when `enabled` is false (signed out).
 */
export function useStsBatches(enabled: boolean) {
  return useQuery({
    queryKey: stsKeys.batches,
    queryFn: async ({ signal }) => (await apiRequest('GET', STS_API.batchList, { schema: stsBatchListResponse, signal })).data,
    enabled,
    refetchInterval: (q) => (q.state.data?.some((b) => b.status === 'Pending' || b.status === 'In-Progress') ? 3000 : false),
  });
}
