/**
 * Speech-to-speech (docs/product.md#speech-to-speech "Speech-to-speech tab", docs/product.md#states-and-transitions, docs/product.md#validation-rules, docs/product.md#messages): the
 * interactive chain runs in the browser through the compute routes (asr/v1/model/compute, then
 * model/compute twice); the batch of a zip of audio files runs on the server as a job. The original
 * ULCA had no batch path: ours sit beside the model API.
 */
import { z } from 'zod';

/** Paths of the sts batch (signed; the download is a signed link, see `downloadUrl`). */
export const STS_API = {
  batchSubmit: '/ulca/apis/v0/model/sts/batch/submit',
  batchStatus: '/ulca/apis/v0/model/sts/batch/status',
  batchList: '/ulca/apis/v0/model/sts/batch/list',
  batchDownload: '/ulca/apis/v0/model/sts/batch/download',
} as const;

/** docs/product.md#validation-rules: speech-to-speech needs source, target and all three models. */
export const STS_SELECT_ALL_MESSAGE = 'Please select all the drop down values...';
/** docs/product.md#messages: speech-to-speech network failure. */
export const STS_NETWORK_FAILURE_MESSAGE = 'Unable to process your request at the moment. Please try after sometime.';
/** docs/product.md#states-and-transitions: the info toast while a chain runs. */
export const STS_WAIT_MESSAGE = 'Please wait while we process your request...';

/** Body of the batch submit: the zip's public URL, the languages, the three models and the voice. */
export const stsBatchSubmitBody = z.object({
  url: z.string().trim().min(1).max(2000).describe('Public http(s) URL of a zip of audio files (wav, mp3, flac, ogg)'),
  sourceLanguage: z.string().min(1).max(20),
  targetLanguage: z.string().min(1).max(20),
  asrModelId: z.string().min(1).max(100),
  translationModelId: z.string().min(1).max(100),
  ttsModelId: z.string().min(1).max(100),
  gender: z.enum(['male', 'female']).default('female').describe('TTS voice (default female)'),
});
export type StsBatchSubmitBody = z.input<typeof stsBatchSubmitBody>;

/** A batch's state: queued, running, finished (some files may have failed), or failed as a whole. */
export const STS_BATCH_STATUSES = ['Pending', 'In-Progress', 'Completed', 'Failed'] as const;
export type StsBatchStatus = (typeof STS_BATCH_STATUSES)[number];

/** One audio file of a batch and how far it got. `stage` names the failing stage. */
export const stsBatchFileSchema = z.object({
  name: z.string().describe('Entry path in the zip'),
  status: z.enum(['done', 'failed', 'skipped']),
  stage: z.enum(['audio', 'asr', 'translation', 'tts']).nullable().describe('The stage that failed (null when done)'),
  message: z.string().nullable().describe('Why it failed or was skipped'),
  transcript: z.string().nullable(),
  translation: z.string().nullable(),
});
export type StsBatchFile = z.infer<typeof stsBatchFileSchema>;

/** A batch as its owner sees it. Counts are files (audio entries); `skipped` = non-audio entries. */
export const stsBatchSchema = z.object({
  batchId: z.string(),
  status: z.enum(STS_BATCH_STATUSES),
  url: z.string(),
  sourceLanguage: z.string(),
  targetLanguage: z.string(),
  gender: z.enum(['male', 'female']),
  total: z.number().describe('Audio files found in the zip (0 until the zip is read)'),
  done: z.number(),
  failed: z.number(),
  skipped: z.number(),
  message: z.string().nullable().describe('Why the whole batch failed (download, not a zip, too many files)'),
  createdOn: z.number().describe('Epoch milliseconds'),
  downloadUrl: z.string().nullable().describe('Signed link to the result zip (valid one hour), when Completed'),
  files: z.array(stsBatchFileSchema),
});
export type StsBatch = z.infer<typeof stsBatchSchema>;

export const stsBatchSubmitResponse = z.object({ message: z.string(), data: z.object({ batchId: z.string() }) });
export const stsBatchStatusQuery = z.object({ batchId: z.string().min(1).max(40) });
export const stsBatchStatusResponse = z.object({ data: stsBatchSchema });
export const stsBatchListResponse = z.object({ data: z.array(stsBatchSchema.omit({ files: true })) });

/** Path parameter and query of GET batch/download/:batchId (the signed link of a status answer). */
export const stsBatchDownloadParams = z.object({ batchId: z.string().max(40) });
export const stsBatchDownloadQuery = z.object({ expires: z.string().max(20).optional(), token: z.string().max(100).optional() });
