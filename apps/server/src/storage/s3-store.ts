import { PassThrough, Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../config.ts';
import { missingObject, type ByteRange, type ObjectEntry, type ObjectStore } from './object-store.ts';

/**
 * Multipart part size (bytes). An upload holds at most (UPLOAD_QUEUE + 1) parts in memory, and a
 * search export writes six files at once, so parts are kept near S3's 5 MiB minimum; 10,000 parts
 * of 8 MiB still allow 80 GB per object.
 */
const PART_BYTES = 8 * 1024 * 1024;
/** Parts of one upload sent at once. */
const UPLOAD_QUEUE = 2;
// The SDK warns on Node 20 that its releases after January 2027 need Node 22; the project pins
// its version in package-lock.json, so the warning tells an operator nothing they can act on.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** Keys per DeleteObjects call (S3's limit). */
const DELETE_BATCH = 1000;

/** Counts the bytes that pass through (what `put` returns). */
class ByteCounter extends Transform {
  bytes = 0;
  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.bytes += chunk.length;
    cb(null, chunk);
  }
}

/** True for the SDK's "no such key/bucket" answers (GET says NoSuchKey, HEAD only a 404 status). */
function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.Code === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

/**
 * ObjectStore on an S3-compatible service (AWS S3, MinIO, Ceph RGW, Garage, …), selected when
 * S3_BUCKET is set (docs/architecture.md#where-state-lives, docs/architecture.md#stack). Writes stream through `@aws-sdk/lib-storage`'s multipart
 * Upload (one PutObject for bodies under one part), so a multi-GB export never sits in memory; an
 * object appears whole or not at all, which gives `put` the local store's atomic replacement.
 * Reads are streamed GETs, with a Range header when a range is asked for.
 *
 * Request checksums are sent only when an operation requires them (WHEN_REQUIRED): the SDK's
 * default CRC trailers with aws-chunked bodies are not understood by many S3-compatible servers.
 */
export class S3ObjectStore implements ObjectStore {
  readonly client: S3Client;
  private readonly bucket: string;

  constructor(cfg: S3Config, overrides: Partial<S3ClientConfig> = {}) {
    this.bucket = cfg.bucket;
    this.client = new S3Client({
      region: cfg.region,
      ...(cfg.endpoint ? { endpoint: cfg.endpoint } : {}),
      forcePathStyle: cfg.forcePathStyle,
      ...(cfg.accessKeyId && cfg.secretAccessKey
        ? { credentials: { accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey } }
        : {}),
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...overrides,
    });
  }

  /**
   * Checks at start that the bucket exists and the credentials reach it. Throws an Error whose
   * message names the bucket and endpoint and what to do.
   */
  async verify(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      const why =
        status === 404
          ? 'does not exist: create it first'
          : status === 403
            ? 'refuses these credentials (S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY)'
            : `cannot be reached (${(err as Error).message})`;
      throw new Error(`S3 bucket "${this.bucket}" ${why}.`, { cause: err });
    }
  }

  async put(key: string, body: Readable | Buffer | string): Promise<number> {
    if (typeof body === 'string' || Buffer.isBuffer(body)) {
      const bytes = Buffer.from(body);
      await new Upload({ client: this.client, params: { Bucket: this.bucket, Key: key, Body: bytes } }).done();
      return bytes.length;
    }
    const counter = new ByteCounter();
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: counter },
      partSize: PART_BYTES,
      queueSize: UPLOAD_QUEUE,
    });
    // A failing source fails the pipe, which destroys the counter; the upload then aborts its parts.
    const piped = pipeline(body, counter);
    const done = upload.done();
    try {
      await Promise.all([piped, done]);
    } catch (err) {
      await upload.abort().catch(() => undefined);
      counter.destroy();
      await Promise.allSettled([piped, done]);
      throw err;
    }
    return counter.bytes;
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
      );
      const body = out.Body;
      if (!body) return Readable.from([]);
      // In Node the SDK's body is an http.IncomingMessage (a Readable); pass it through one
      // PassThrough so callers get a plain stream whose destroy() also ends the connection.
      const src = body as unknown as Readable;
      const pass = new PassThrough();
      src.on('error', (err) => pass.destroy(err));
      pass.on('close', () => {
        if (!src.readableEnded) src.destroy();
      });
      return src.pipe(pass);
    } catch (err) {
      if (isNotFound(err)) throw missingObject(key);
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== null;
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async *list(prefix: string): AsyncIterable<ObjectEntry> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, size: o.Size ?? 0 };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async delete(key: string): Promise<void> {
    // S3 answers 204 for a missing key too.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    const folder = `${prefix.replace(/\/+$/, '')}/`;
    let batch: { Key: string }[] = [];
    const flush = async () => {
      if (!batch.length) return;
      const out = await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch, Quiet: true } }));
      if (out.Errors?.length)
        throw new Error(
          `S3 could not delete ${out.Errors.length} object(s) under ${folder}: ${out.Errors[0].Code} ${out.Errors[0].Message ?? ''}`,
        );
      batch = [];
    };
    // The listing continues after the last key it returned, so deleting a page's keys as they come is safe.
    for await (const o of this.list(folder)) {
      batch.push({ Key: o.key });
      if (batch.length >= DELETE_BATCH) await flush();
    }
    await flush();
  }

  localPath(): string | null {
    return null;
  }
}
