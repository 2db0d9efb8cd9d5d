import path from 'node:path';
import type { Config } from '../config.ts';
import { LocalObjectStore } from './local-store.ts';
import type { ObjectStore } from './object-store.ts';
import { S3ObjectStore } from './s3-store.ts';

/**
 * The object store the configuration asks for (docs/architecture.md#where-state-lives Files): S3ObjectStore when S3_BUCKET
 * is set (its bucket checked before anything starts), otherwise a LocalObjectStore in
 * `dataDir/objects`. Throws when the bucket is missing or refuses the credentials.
 */
export async function createObjectStore(config: Config): Promise<ObjectStore> {
  if (!config.s3) return new LocalObjectStore(path.join(config.dataDir, 'objects'));
  const store = new S3ObjectStore(config.s3);
  await store.verify();
  return store;
}
