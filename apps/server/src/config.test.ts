import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('S3 object store configuration', () => {
  it('is off without S3_BUCKET (the local folder ULCA_DATA_DIR/objects is used)', () => {
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('reads every S3_* variable, with path-style on by default for a custom endpoint', () => {
    const s3 = loadConfig({
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'ulca',
      S3_REGION: 'ap-south-1',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    }).s3;
    expect(s3).toEqual({ endpoint: 'http://minio:9000', bucket: 'ulca', region: 'ap-south-1', accessKeyId: 'id', secretAccessKey: 'secret', forcePathStyle: true });
    expect(loadConfig({ S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'ulca', S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle).toBe(false);
  });

  it('on AWS S3 (no endpoint) uses virtual-hosted URLs, us-east-1 and the default credential chain', () => {
    expect(loadConfig({ S3_BUCKET: 'ulca' }).s3).toEqual({
      endpoint: undefined, bucket: 'ulca', region: 'us-east-1', accessKeyId: undefined, secretAccessKey: undefined, forcePathStyle: false,
    });
  });

  it('refuses an endpoint without a bucket, a non-http endpoint and half a credential pair', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow(/S3_BUCKET is not/);
    expect(() => loadConfig({ S3_ENDPOINT: 'minio:9000', S3_BUCKET: 'b' })).toThrow(/http\(s\) URL/);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(/set both or neither/);
  });
});

describe('reference models configuration', () => {
  it('is on, on any free port, by default; REFERENCE_MODELS=false turns it off', () => {
    expect(loadConfig({})).toMatchObject({ referenceModels: true, referenceModelsPort: 0 });
    expect(loadConfig({ REFERENCE_MODELS: 'false', REFERENCE_MODELS_PORT: '9123' })).toMatchObject({ referenceModels: false, referenceModelsPort: 9123 });
  });

  it('refuses a port that is not one', () => {
    expect(() => loadConfig({ REFERENCE_MODELS_PORT: '70000' })).toThrow(/TCP port/);
    expect(() => loadConfig({ REFERENCE_MODELS_PORT: '1.5' })).toThrow(/TCP port/);
  });
});
