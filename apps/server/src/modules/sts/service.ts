/**
 * Speech-to-speech batches (docs/product.md#speech-to-speech "Speech-to-speech tab": the batch URL field
 * point 1). A signed-in user submits the public URL of a zip of audio files, the languages, the
 * three models (asr, translation, tts) and the voice; the sts-batch job (batch-job.ts)
 * downloads the zip under the outbound guard, reads it with yauzl within caps, runs every audio file
 * through asr → translation → tts by the pipeline engine (pipeline/service.ts runPipeline, the chain
 * of the pipeline API: each stage through the hosted-inference call with the same model visibility,
 * guarded call, per-model limiter and reference-model route; docs/api.md#pipelines), records
 * each file's outcome and writes a result zip (yazl): per file its transcript, translation and
 * synthesised speech, plus summary.csv and summary.json. Only the submitting user sees a batch.
 *
 * The interactive chain of the tab needs no server code: the browser calls the compute routes.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import yazl from 'yazl';
import {
  MODEL_NOT_ACCESSIBLE_MESSAGE,
  STS_API,
  SUBMIT_MESSAGES,
  datasetUrlProblem,
  TRY_AUDIO_MAX_SECONDS,
  type PipelineStageResponse,
  type StsBatch,
  type StsBatchSubmitBody,
} from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { QUEUES } from '../../jobs/queues.ts';
import { ApiError, badRequest, notFound } from '../../lib/errors.ts';
import { checkLinkParts, signLinkParts } from '../../lib/signed-link.ts';
import { safeCsvStringifier } from '../../lib/csv.ts';
import { checkFetchTarget, describeBytes, FetchError, safeGetStream } from '../../net/safe-fetch.ts';
import { secretKey } from '../../security/crypto.ts';
import * as models from '../models/service.ts';
import * as inference from '../inference/service.ts';
import * as pipelines from '../pipeline/service.ts';
import * as repo from './repo.ts';
import { tempDir, tempFileName } from '../../storage/local-copy.ts';
import { ifUnlocked, runUnderLock } from '../../db/job-lock.ts';
import type { StsBatchFileRow, StsBatchRow } from './repo.ts';
import type { ModelsServices } from '../models/service.ts';
import type { MeteringServices } from '../metering/service.ts';
import type { InferenceServices } from '../inference/service.ts';
import type { ReferenceModelServices } from '../reference-models/service.ts';

/** Audio entries a batch runs (by extension; docs/product.md#constants-and-limits speaker audio types, the ULCA audio formats). */
export const STS_AUDIO_EXTENSIONS = ['wav', 'mp3', 'flac', 'ogg'] as const;
/** Entries of any kind a batch zip may hold, as a multiple of STS_BATCH_MAX_FILES. */
export const STS_ENTRY_FACTOR = 10;
/** Time limit of the zip download, ms. */
export const STS_DOWNLOAD_TIMEOUT_MS = 5 * 60_000;
/** Validity of a result download link, seconds. */
export const STS_LINK_SECONDS = 3600;
/** Batches listed per user (newest first). */
export const STS_LIST_MAX = 50;

/** Answer text of a queued batch. */
export const STS_BATCH_SUBMITTED_MESSAGE = 'Speech-to-speech batch submitted: the files are processed in the background.';
/** 404 text for a batch that is not the caller's (or does not exist). */
export const STS_BATCH_NOT_FOUND_MESSAGE = 'No speech-to-speech batch with this id.';

/** Job data of the sts-batch queue. */
export interface StsBatchJobData {
  batchId: string;
}

/** The signed-in user submitting or reading batches. */
export interface StsUser {
  userId: string;
  roles: readonly string[];
}

/** A failure of the whole batch (download, not a zip, too many files): recorded as its message, not retried. */
export class StsBatchRejected extends Error {}

const STAGE_TASK = { asr: 'asr', translation: 'translation', tts: 'tts' } as const;

/** The model of one stage, checked: visible to the user, of the stage's task and serving the language(s). */
async function checkStageModel(
  ctx: AppContext<ModelsServices>,
  user: StsUser,
  stage: keyof typeof STAGE_TASK,
  modelId: string,
  source: string,
  target: string,
): Promise<void> {
  const field = `${stage}ModelId`;
  let model: models.ModelEndpoint;
  try {
    model = await models.getModelForCall(ctx, modelId, { userId: user.userId, roles: user.roles });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404)
      throw badRequest('UNKNOWN_MODEL', `No published ${stage} model with the id ${modelId}.`, [{ field, message: 'unknown model' }]);
    throw err;
  }
  if (model.task !== STAGE_TASK[stage])
    throw badRequest('TASK_MISMATCH', `The ${stage} model is a ${model.task} model.`, [{ field, message: `must be a ${stage} model` }]);
  const langs = model.languages;
  if (langs.length === 0) return;
  const ok =
    stage === 'translation'
      ? langs.some((l) => l.sourceLanguage === source && l.targetLanguage === target)
      : langs.some((l) => l.sourceLanguage === (stage === 'asr' ? source : target));
  if (!ok) {
    const want = stage === 'translation' ? `${source}-${target}` : stage === 'asr' ? source : target;
    throw badRequest('LANGUAGE_NOT_SUPPORTED', `The ${stage} model does not support ${want}.`, [
      { field, message: `does not support ${want}` },
    ]);
  }
}

/**
 * Queues a batch for `user` (POST sts/batch/submit) and returns its id.
 * @throws ApiError 400 INVALID_URL (shape), URL_REFUSED (the host resolves to a private, loopback
 *   or metadata address, or does not resolve), UNKNOWN_MODEL, TASK_MISMATCH, LANGUAGE_NOT_SUPPORTED.
 */
export async function submitBatch(ctx: AppContext<ModelsServices>, user: StsUser, body: StsBatchSubmitBody): Promise<{ batchId: string }> {
  const url = body.url.trim();
  // The dataset submit's URL rule (@ulca/contracts datasetUrlProblem), with its messages.
  const problem = datasetUrlProblem(url);
  if (problem) throw badRequest('INVALID_URL', SUBMIT_MESSAGES[problem], [{ field: 'url', message: SUBMIT_MESSAGES[problem] }]);
  if (!/^https?:/i.test(url))
    throw badRequest('INVALID_URL', 'The batch URL must be an http or https link to a zip.', [{ field: 'url', message: 'http(s) only' }]);
  // Refused now, with its reason, rather than as a failed batch later; the job checks again on every hop.
  try {
    await checkFetchTarget(url, ctx.config.allowedFetchHosts);
  } catch (err) {
    if (err instanceof FetchError) throw badRequest('URL_REFUSED', err.message, [{ field: 'url', message: err.message }], err.detail);
    throw err;
  }
  if (body.sourceLanguage === body.targetLanguage)
    throw badRequest('VALIDATION_FAILED', 'The target language must differ from the source language.', [
      { field: 'targetLanguage', message: 'same as source' },
    ]);
  await checkStageModel(ctx, user, 'asr', body.asrModelId, body.sourceLanguage, body.targetLanguage);
  await checkStageModel(ctx, user, 'translation', body.translationModelId, body.sourceLanguage, body.targetLanguage);
  await checkStageModel(ctx, user, 'tts', body.ttsModelId, body.sourceLanguage, body.targetLanguage);
  const batchId = crypto.randomUUID();
  await repo.insertBatch(ctx.db, {
    batch_id: batchId,
    user_id: user.userId,
    url,
    source_language: body.sourceLanguage,
    target_language: body.targetLanguage,
    asr_model_id: body.asrModelId,
    translation_model_id: body.translationModelId,
    tts_model_id: body.ttsModelId,
    gender: body.gender ?? 'female',
  });
  await ctx.boss.send(QUEUES.stsBatch, { batchId } satisfies StsBatchJobData, { singletonKey: batchId });
  return { batchId };
}

const linkParts = (batchId: string, userId: string) => ['sts-batch', batchId, userId];

/** Object-store key of a batch's result zip. */
export function resultKey(batchId: string): string {
  return `sts/${batchId}/result.zip`;
}

function toBatch(ctx: AppContext, r: StsBatchRow, files: StsBatchFileRow[]): StsBatch {
  let downloadUrl: string | null = null;
  if (r.status === 'Completed' && r.result_key) {
    const expires = Math.floor(Date.now() / 1000) + STS_LINK_SECONDS;
    const token = signLinkParts(secretKey(ctx.config), linkParts(r.batch_id, r.user_id), expires);
    downloadUrl = `${STS_API.batchDownload}/${r.batch_id}?expires=${expires}&token=${token}`;
  }
  return {
    batchId: r.batch_id,
    status: r.status,
    url: r.url,
    sourceLanguage: r.source_language,
    targetLanguage: r.target_language,
    gender: r.gender,
    total: r.total,
    done: r.done,
    failed: r.failed,
    skipped: r.skipped,
    message: r.message,
    createdOn: new Date(r.created_on).getTime(),
    downloadUrl,
    files: files.map((f) => ({
      name: f.name,
      status: f.status,
      stage: f.stage,
      message: f.message,
      transcript: f.transcript,
      translation: f.translation,
    })),
  };
}

/** A batch of `user` with its files and, when Completed, a signed download link. @throws 404 when it is not theirs. */
export async function getBatchStatus(ctx: AppContext, user: StsUser, batchId: string): Promise<StsBatch> {
  const row = /^[0-9a-f-]{36}$/i.test(batchId) ? await repo.getBatch(ctx.db, batchId) : null;
  if (!row || row.user_id !== user.userId) throw notFound(STS_BATCH_NOT_FOUND_MESSAGE);
  return toBatch(ctx, row, await repo.listFiles(ctx.db, batchId));
}

/** The user's batches, newest first (at most STS_LIST_MAX), without their file lists. */
export async function listBatches(ctx: AppContext, user: StsUser): Promise<Omit<StsBatch, 'files'>[]> {
  return (await repo.listBatchesOfUser(ctx.db, user.userId, STS_LIST_MAX)).map((r) => {
    const { files: _none, ...rest } = toBatch(ctx, r, []);
    return rest;
  });
}

/** The object key of a batch's result when (`expires`, `token`) is a valid link to it, else null. */
export async function resultForLink(ctx: AppContext, batchId: string, expires: number, token: string): Promise<string | null> {
  const row = /^[0-9a-f-]{36}$/i.test(batchId) ? await repo.getBatch(ctx.db, batchId) : null;
  if (!row || row.status !== 'Completed' || !row.result_key) return null;
  return checkLinkParts(secretKey(ctx.config), linkParts(batchId, row.user_id), expires, token) ? row.result_key : null;
}

// ---------------------------------------------------------------------------------------------
// The job

function openZip(file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (err, zip) =>
      err || !zip ? reject(err ?? new Error('no zip')) : resolve(zip),
    ),
  );
}

/** Every entry of `zip` (metadata only); rejects on a malformed directory or an unsafe name, or beyond `maxEntries`. */
function listEntries(zip: ZipFile, maxEntries: number): Promise<Entry[]> {
  if (zip.entryCount > maxEntries)
    return Promise.reject(new StsBatchRejected(`The zip has ${zip.entryCount} entries; a batch takes at most ${maxEntries}.`));
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (e: Entry) => {
      entries.push(e);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

/** The bytes of one entry (its declared size was checked against the cap; yauzl checks the actual size matches). */
function readEntry(zip: ZipFile, entry: Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(err ?? new Error('unreadable entry'));
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
      stream.on('error', reject);
    });
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

type Json = Record<string, unknown>;
const first = (answer: Json): Json => (Array.isArray(answer.output) ? ((answer.output as Json[])[0] ?? {}) : {});

/** Why a stage failed, in the words the tab shows: the server's 400 text, else docs/product.md#messages's. */
function stageMessage(err: unknown): string {
  if (err instanceof ApiError) return err.status === 400 ? err.message : MODEL_NOT_ACCESSIBLE_MESSAGE;
  return err instanceof Error ? err.message : String(err);
}

/** What the batch row says when a stage answered nothing to pass on. */
const EMPTY_STAGE_MESSAGE = [
  'The ASR model heard no speech in this file.',
  'The translation model answered an empty text.',
  'The TTS model answered no audio.',
] as const;
const STAGES = ['asr', 'translation', 'tts'] as const;

/**
 * One audio file through the three stages by the pipeline engine (pipeline/service.ts runPipeline:
 * the chain of the pipeline API, each stage through the hosted-inference call); never throws for a
 * model or input failure (returns the failed row, at the stage that failed).
 */
async function runChain(
  ctx: AppContext<ReferenceModelServices & InferenceServices & MeteringServices & ModelsServices>,
  b: StsBatchRow,
  seq: number,
  name: string,
  audio: Buffer,
): Promise<{ row: StsBatchFileRow; wav: Buffer | null }> {
  const caller: inference.InferenceCaller = { user: { userId: b.user_id, roles: [] }, apiKey: null };
  // The text limit of applications: a minute of speech may well pass the try panels' 150 characters.
  const limits = { textChars: inference.API_TEXT_MAX_CHARS, audioSeconds: TRY_AUDIO_MAX_SECONDS };
  const row: StsBatchFileRow = { seq, name, status: 'failed', stage: 'asr', message: null, transcript: null, translation: null };
  const fill = (stages: PipelineStageResponse[]) => {
    if (stages[0]) row.transcript = String(first(stages[0]).source ?? '').trim();
    if (stages[1]) row.translation = String(first(stages[1]).target ?? '').trim();
  };
  try {
    const stages = await pipelines.runPipeline(
      ctx,
      caller,
      {
        pipelineTasks: [
          { taskType: 'asr', config: { serviceId: b.asr_model_id, language: { sourceLanguage: b.source_language } } },
          {
            taskType: 'translation',
            config: {
              serviceId: b.translation_model_id,
              language: { sourceLanguage: b.source_language, targetLanguage: b.target_language },
            },
          },
          { taskType: 'tts', config: { serviceId: b.tts_model_id, language: { sourceLanguage: b.target_language }, gender: b.gender } },
        ],
        inputData: { audio: [{ audioContent: audio.toString('base64') }] },
      },
      { limits },
    );
    fill(stages);
    row.stage = 'tts';
    const item = (stages[2]?.audio?.[0] ?? {}) as Json;
    let wav: Buffer | null = null;
    if (typeof item.audioContent === 'string' && item.audioContent) wav = Buffer.from(item.audioContent, 'base64');
    else if (typeof item.audioUri === 'string' && item.audioUri) {
      const { stream } = await safeGetStream(item.audioUri, {
        allowedHosts: ctx.config.allowedFetchHosts,
        maxBytes: ctx.config.inferenceMaxMediaBytes,
        timeoutMs: 20_000,
      });
      wav = await readAll(stream);
    }
    if (!wav || wav.length === 0) return { row: { ...row, message: EMPTY_STAGE_MESSAGE[2] }, wav: null };
    return { row: { ...row, status: 'done', stage: null }, wav };
  } catch (err) {
    if (err instanceof pipelines.PipelineStageError) {
      fill(err.completed);
      row.stage = STAGES[err.index] ?? 'asr';
      // The tab's words: the server's 400 text, else docs/product.md#messages's.
      const message =
        err.code === 'STAGE_EMPTY_OUTPUT' ? EMPTY_STAGE_MESSAGE[err.index] : err.status === 400 ? err.detail : MODEL_NOT_ACCESSIBLE_MESSAGE;
      return { row: { ...row, message }, wav: null };
    }
    if (!(err instanceof ApiError) && !(err instanceof FetchError)) throw err;
    return { row: { ...row, message: stageMessage(err) }, wav: null };
  }
}

const CSV_COLUMNS = ['file', 'status', 'stage', 'message', 'transcript', 'translation'];

async function csvOf(rows: StsBatchFileRow[]): Promise<Buffer> {
  const s = safeCsvStringifier({ header: true, columns: CSV_COLUMNS });
  const done = readAll(s);
  for (const r of rows) s.write([r.name, r.status, r.stage ?? '', r.message ?? '', r.transcript ?? '', r.translation ?? '']);
  s.end();
  return done;
}

/** What the job log reports when a batch attempt ends (jobs/retry.ts): status and file counts. */
export async function batchSummary(ctx: AppContext, batchId: string): Promise<Record<string, unknown>> {
  const b = await repo.getBatch(ctx.db, batchId);
  return { status: b?.status ?? null, files: b ? { total: b.total, done: b.done, failed: b.failed, skipped: b.skipped } : null };
}

/**
 * Runs one batch (the sts-batch job) under the batch's advisory lock (db/job-lock.ts), held by this
 * attempt's database session (freed by PostgreSQL when the process dies: jobs/recovery.ts then
 * re-queues the job at once). An attempt that finds the lock taken (its job outlived
 * JOB_EXPIRE_SECONDS and was retried while the first attempt still runs) never runs alongside: it
 * waits until the batch is final (and returns) or the lock is free (the other attempt died).
 */
export async function runBatchJob(
  ctx: AppContext<ReferenceModelServices & InferenceServices & MeteringServices & ModelsServices>,
  batchId: string,
): Promise<void> {
  const isFinal = async () => {
    const b = await repo.getBatch(ctx.db, batchId);
    return !b || b.status === 'Completed' || b.status === 'Failed';
  };
  await runUnderLock(ctx.db, repo.batchLockName(batchId), isFinal, () => runBatchLocked(ctx, batchId));
}

/**
 * One batch, its lock held. A batch already Completed or Failed is left as it is; a
 * retried one starts over (counts and files cleared). Problems of the whole batch (the download
 * refused or failed, over STS_BATCH_MAX_ZIP_BYTES, not a zip, more entries or audio files than
 * allowed) end it Failed with the reason and do not throw; per-file problems (not audio, too long,
 * larger than INFERENCE_MAX_MEDIA_BYTES, a failing model) are recorded per file. Non-audio entries
 * are listed as skipped. A batch whose every audio file failed ends Failed (its result is still
 * kept). Throws only unexpected errors (database, object store): pg-boss retries
 * and the last failure ends the batch Failed ({@link failBatch}).
 */
async function runBatchLocked(
  ctx: AppContext<ReferenceModelServices & InferenceServices & MeteringServices & ModelsServices>,
  batchId: string,
): Promise<void> {
  const b = await repo.getBatch(ctx.db, batchId);
  if (!b || b.status === 'Completed' || b.status === 'Failed') return;
  const tmpDir = tempDir(ctx.config.dataDir);
  fs.mkdirSync(tmpDir, { recursive: true });
  // Named by host and pid: a copy left by a killed process is removed at the next start (storage/local-copy.ts).
  const zipPath = path.join(tmpDir, tempFileName(`sts-${batchId}.zip`));
  let zip: ZipFile | undefined;
  try {
    try {
      const { stream } = await safeGetStream(b.url, {
        allowedHosts: ctx.config.allowedFetchHosts,
        maxBytes: ctx.config.stsBatchMaxZipBytes,
        timeoutMs: STS_DOWNLOAD_TIMEOUT_MS,
      });
      await pipeline(stream, fs.createWriteStream(zipPath));
    } catch (err) {
      if (err instanceof FetchError) throw new StsBatchRejected(`The zip could not be downloaded: ${err.message}`);
      throw err;
    }
    let entries: Entry[];
    try {
      zip = await openZip(zipPath);
      entries = await listEntries(zip, ctx.config.stsBatchMaxFiles * STS_ENTRY_FACTOR);
    } catch (err) {
      if (err instanceof StsBatchRejected) throw err;
      throw new StsBatchRejected(`The file is not a readable zip (${err instanceof Error ? err.message : String(err)}).`);
    }
    const files = entries.filter((e) => !e.fileName.endsWith('/'));
    const isAudio = (e: Entry) => (STS_AUDIO_EXTENSIONS as readonly string[]).includes(path.extname(e.fileName).slice(1).toLowerCase());
    const audioCount = files.filter(isAudio).length;
    if (audioCount === 0) throw new StsBatchRejected(`The zip holds no audio file (${STS_AUDIO_EXTENSIONS.join(', ')}).`);
    if (audioCount > ctx.config.stsBatchMaxFiles)
      throw new StsBatchRejected(`The zip holds ${audioCount} audio files; a batch takes at most ${ctx.config.stsBatchMaxFiles}.`);
    await repo.startBatch(ctx.db, batchId, audioCount);

    const out = new yazl.ZipFile();
    const key = resultKey(batchId);
    const written = ctx.store.put(key, out.outputStream as unknown as Readable);
    const rows: StsBatchFileRow[] = [];
    try {
      for (const [seq, entry] of files.entries()) {
        let row: StsBatchFileRow;
        let wav: Buffer | null = null;
        if (!isAudio(entry)) {
          row = {
            seq,
            name: entry.fileName,
            status: 'skipped',
            stage: null,
            message: `Not an audio file (${STS_AUDIO_EXTENSIONS.join(', ')}): skipped.`,
            transcript: null,
            translation: null,
          };
        } else if (entry.uncompressedSize > ctx.config.inferenceMaxMediaBytes) {
          row = {
            seq,
            name: entry.fileName,
            status: 'failed',
            stage: 'audio',
            message: `The file is ${describeBytes(entry.uncompressedSize)}, larger than ${describeBytes(ctx.config.inferenceMaxMediaBytes)}.`,
            transcript: null,
            translation: null,
          };
        } else {
          let audio: Buffer | null = null;
          try {
            audio = await readEntry(zip, entry);
          } catch (err) {
            row = {
              seq,
              name: entry.fileName,
              status: 'failed',
              stage: 'audio',
              message: `The file could not be read from the zip (${err instanceof Error ? err.message : String(err)}).`,
              transcript: null,
              translation: null,
            };
          }
          if (audio) ({ row, wav } = await runChain(ctx, b, seq, entry.fileName, audio));
        }
        await repo.recordFile(ctx.db, batchId, row!);
        rows.push(row!);
        const base = entry.fileName.replace(/\.[^./]*$/, '');
        if (row!.transcript) out.addBuffer(Buffer.from(`${row!.transcript}\n`), `${base}.transcript.txt`);
        if (row!.translation) out.addBuffer(Buffer.from(`${row!.translation}\n`), `${base}.translation.txt`);
        if (wav) out.addBuffer(wav, `${base}.${b.target_language}.wav`);
      }
      out.addBuffer(await csvOf(rows), 'summary.csv');
      const summary = {
        batchId,
        url: b.url,
        sourceLanguage: b.source_language,
        targetLanguage: b.target_language,
        gender: b.gender,
        files: rows.map(({ seq: _s, ...r }) => r),
      };
      out.addBuffer(Buffer.from(JSON.stringify(summary, null, 2)), 'summary.json');
    } finally {
      out.end();
    }
    await written;
    const audioRows = rows.filter((r) => r.status !== 'skipped');
    if (audioRows.length > 0 && audioRows.every((r) => r.status === 'failed')) {
      const first = audioRows[0];
      throw new StsBatchRejected(
        `Every audio file failed; the first, ${first.name}, at the ${first.stage ?? 'audio'} stage: ${first.message ?? 'no reason given'}`,
      );
    }
    await repo.finishBatch(ctx.db, batchId, { status: 'Completed', resultKey: key });
  } catch (err) {
    if (!(err instanceof StsBatchRejected)) throw err;
    await repo.finishBatch(ctx.db, batchId, { status: 'Failed', message: err.message });
  } finally {
    zip?.close();
    fs.rmSync(zipPath, { force: true });
  }
}

/**
 * Ends a batch Failed after its job's last attempt threw (batch-job.ts) or died (the recovery scan, recovery.ts,
 * which holds the batch's lock: `lockHeld`). A batch whose lock another live attempt holds is left
 * to that attempt.
 */
export async function failBatch(ctx: AppContext, batchId: string, opts: { lockHeld?: boolean } = {}): Promise<void> {
  const fail = () => repo.finishBatch(ctx.db, batchId, { status: 'Failed', message: 'The batch failed unexpectedly. Please try again.' });
  if (opts.lockHeld) return fail();
  await ifUnlocked(ctx.db, repo.batchLockName(batchId), fail);
}

/** Name of a batch's advisory lock (jobs/recovery.ts: a free lock means its worker died). */
export const batchLockName = repo.batchLockName;
