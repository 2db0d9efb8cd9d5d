import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../../config.ts';
import type { AppContext } from '../../../context.ts';
import { LocalObjectStore } from '../../../storage/local-store.ts';
import { downloadToStore } from './download.ts';
import { DatasetRejected } from './types.ts';

const MiB = 1024 * 1024;
let root: string;
let server: http.Server | undefined;

/** A context with only what the download stage uses: config and a LocalObjectStore in a temp folder. */
function makeCtx(overrides: Partial<Config> = {}): AppContext {
  const config = loadConfig({}, { allowedFetchHosts: ['127.0.0.1'], maxDownloadBytes: 8 * MiB, downloadTimeoutMs: 10_000, ...overrides });
  return { config, store: new LocalObjectStore(path.join(root, 'store')) } as unknown as AppContext;
}

async function serve(handler: http.RequestListener): Promise<string> {
  server = http.createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Every file under the store folder (temp files included), relative to it. */
async function storedFiles(): Promise<string[]> {
  const entries = await fsp.readdir(path.join(root, 'store'), { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(path.join(root, 'store'), path.join(e.parentPath, e.name)));
}

beforeEach(async () => {
  root = await fsp.mkdtemp(path.join(os.tmpdir(), 'ulca-download-'));
});

afterEach(async () => {
  if (server) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
  }
  await fsp.rm(root, { recursive: true, force: true });
});

describe('downloadToStore', () => {
  it('stores the file and returns its size and sha-256, reporting progress per MiB', async () => {
    const body = Buffer.alloc(Math.round(3.5 * MiB));
    for (let i = 0; i < body.length; i += 1) body[i] = (i * 31) % 251;
    const base = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/zip' });
      res.end(body);
    });
    const ctx = makeCtx();
    const progress: number[] = [];

    const result = await downloadToStore(ctx, `${base}/corpus.zip`, 'datasets/SRN1/source.zip', (n) => progress.push(n));

    expect(result).toEqual({ bytes: body.length, sha256: createHash('sha256').update(body).digest('hex') });
    const stored = await fsp.readFile(ctx.store.localPath('datasets/SRN1/source.zip')!);
    expect(stored.equals(body)).toBe(true);
    expect(progress.length).toBe(3);
    for (let i = 1; i < progress.length; i += 1) expect(progress[i] - progress[i - 1]).toBeGreaterThanOrEqual(MiB);
    expect(progress[progress.length - 1]).toBeLessThanOrEqual(body.length);
  });

  it('rejects a 404 at the download stage with no object left', async () => {
    const base = await serve((_req, res) => {
      res.writeHead(404);
      res.end();
    });
    const ctx = makeCtx();
    const err = await downloadToStore(ctx, `${base}/gone.zip`, 'datasets/SRN2/source.zip').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DatasetRejected);
    expect(err).toMatchObject({ stage: 'download', code: 'HTTP_404', message: 'The URL returned 404 Not Found.' });
    expect(await ctx.store.exists('datasets/SRN2/source.zip')).toBe(false);
  });

  it('rejects a stream that passes the size cap mid-way and removes the partial file', async () => {
    const base = await serve((_req, res) => {
      res.writeHead(200);
      const chunk = Buffer.alloc(64 * 1024, 'z');
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
      };
      res.on('drain', pump);
      pump();
    });
    const ctx = makeCtx({ maxDownloadBytes: MiB });
    const err = await downloadToStore(ctx, `${base}/endless.zip`, 'datasets/SRN3/source.zip').catch((e: unknown) => e);
    expect(err).toMatchObject({
      name: 'DatasetRejected',
      stage: 'download',
      code: 'TOO_LARGE',
      message: 'The file is larger than the download limit of 1 MiB; the download was stopped.',
    });
    expect(await storedFiles()).toEqual([]);
  });

  it('replaces nothing when the URL is refused by the outbound policy', async () => {
    const ctx = makeCtx({ allowedFetchHosts: [] });
    await ctx.store.put('datasets/SRN4/source.zip', 'stale bytes from an earlier attempt');
    const err = await downloadToStore(ctx, 'http://169.254.169.254/latest/meta-data/', 'datasets/SRN4/source.zip').catch((e: unknown) => e);
    expect(err).toMatchObject({
      stage: 'download',
      code: 'URL_REFUSED',
      message: 'The URL points to a link-local address (169.254.169.254); the platform only downloads from public hosts.',
    });
    expect(await storedFiles()).toEqual([]);
  });
});
