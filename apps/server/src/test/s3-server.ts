import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../config.ts';

/** A real S3-protocol server (s3rver) on a loopback port, for tests of the S3 object store. */
export interface TestS3Server {
  /** Config for S3ObjectStore / `config.s3`: path-style, static credentials, the bucket created. */
  config: S3Config;
  /** Folder where s3rver keeps the objects (outside any data folder of the platform). */
  directory: string;
  /** Stops the server and removes its folder. */
  close(): Promise<void>;
}

/**
 * Starts s3rver on 127.0.0.1 (a free port) with bucket `bucket` created, its files in a fresh temp
 * folder. s3rver accepts any credentials; the ones given are its documented defaults.
 */
export async function startTestS3Server(bucket = 'ulca-test'): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await server.run()) as unknown as { port: number };
  return {
    config: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    directory,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
