import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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
    expect(s3).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'ulca',
      region: 'ap-south-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(loadConfig({ S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'ulca', S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle).toBe(
      false,
    );
  });

  it('on AWS S3 (no endpoint) uses virtual-hosted URLs, us-east-1 and the default credential chain', () => {
    expect(loadConfig({ S3_BUCKET: 'ulca' }).s3).toEqual({
      endpoint: undefined,
      bucket: 'ulca',
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
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
    expect(loadConfig({ REFERENCE_MODELS: 'false', REFERENCE_MODELS_PORT: '9123' })).toMatchObject({
      referenceModels: false,
      referenceModelsPort: 9123,
    });
  });

  it('refuses a port that is not one', () => {
    expect(() => loadConfig({ REFERENCE_MODELS_PORT: '70000' })).toThrow(/TCP port/);
    expect(() => loadConfig({ REFERENCE_MODELS_PORT: '1.5' })).toThrow(/TCP port/);
  });
});

describe('settings checked at start (ULCA could not start: <reason>)', () => {
  it('names every bad setting, not only the first (ConfigError.problems, one line each)', () => {
    let err: unknown;
    try {
      loadConfig({
        OPS_PORT: 'x',
        LOG_LEVEL: 'loud',
        MAX_DOWNLOAD_BYTES: '-1',
        S3_ENDPOINT: 'http://minio:9000',
        CORS_ORIGINS: 'https://a.org/path',
      });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).problems).toEqual([
      'LOG_LEVEL "loud" is not one of fatal, error, warn, info, debug, trace, silent',
      'CORS_ORIGINS entry "https://a.org/path" is not an origin like https://client.example.org',
      'MAX_DOWNLOAD_BYTES "-1" is not a non-negative number',
      'S3_ENDPOINT is set but S3_BUCKET is not: name the bucket the platform keeps its files in.',
      'OPS_PORT "x" is not a non-negative number',
    ]);
    expect((err as Error).message.split('\n')).toHaveLength(6);
  });

  it('refuses an ULCA_SECRET shorter than 16 characters and accepts 16', () => {
    expect(() => loadConfig({ ULCA_SECRET: 'short-secret' })).toThrow(/ULCA_SECRET must be at least 16 characters/);
    expect(loadConfig({ ULCA_SECRET: 'x'.repeat(16) }).secret).toBe('x'.repeat(16));
    expect(loadConfig({ ULCA_SECRET: '' }).secret).toBeUndefined();
  });

  it('wants PUBLIC_URL to be an http(s) URL, trailing slashes dropped', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://ulca.example.org/' }).publicUrl).toBe('https://ulca.example.org');
    expect(loadConfig({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
    expect(() => loadConfig({ PUBLIC_URL: 'ulca.example.org' })).toThrow(/PUBLIC_URL .* must be an http\(s\) URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://ulca.example.org' })).toThrow(/PUBLIC_URL/);
  });

  it('has pool sizes DB_POOL_SIZE (20) and BOSS_POOL_SIZE (4), whole numbers of at least 2', () => {
    expect(loadConfig({})).toMatchObject({ dbPoolSize: 20, bossPoolSize: 4 });
    expect(loadConfig({ DB_POOL_SIZE: '5', BOSS_POOL_SIZE: '3' })).toMatchObject({ dbPoolSize: 5, bossPoolSize: 3 });
    expect(() => loadConfig({ DB_POOL_SIZE: '0' })).toThrow(/DB_POOL_SIZE/);
    expect(() => loadConfig({ BOSS_POOL_SIZE: '2.5' })).toThrow(/BOSS_POOL_SIZE/);
  });

  it('checks the admin e-mail, the metrics token and the ops port', () => {
    expect(() => loadConfig({ ULCA_ADMIN_EMAIL: 'admin' })).toThrow(/ULCA_ADMIN_EMAIL "admin" is not an e-mail address/);
    expect(loadConfig({}).adminEmail).toBe('admin@ulca.local');
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(loadConfig({ METRICS_TOKEN: 'a-token-long-enough' }).metricsToken).toBe('a-token-long-enough');
    expect(loadConfig({})).toMatchObject({ metricsToken: undefined, opsPort: undefined });
    expect(loadConfig({ OPS_PORT: '9464' }).opsPort).toBe(9464);
    expect(() => loadConfig({ OPS_PORT: 'x' })).toThrow(/not a non-negative number/);
  });

  it('checks the port, the log level and the database and SMTP URLs', () => {
    expect(() => loadConfig({ PORT: '99999' })).toThrow(/TCP port/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x/y' })).toThrow(/DATABASE_URL must be a URL starting with postgres:/);
    expect(loadConfig({ DATABASE_URL: 'postgresql://u:p@h:5432/d' }).databaseUrl).toBe('postgresql://u:p@h:5432/d');
    expect(() => loadConfig({ SMTP_URL: 'mail.example.org' })).toThrow(/SMTP_URL/);
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.org:465' }).smtpUrl).toBe('smtps://u:p@mail.example.org:465');
  });
});

describe("the footer's items (SITE_*)", () => {
  it('are all unset by default, so the footer hides them', () => {
    expect(loadConfig({}).site).toEqual({ social: [] });
  });
  it('reads the address, phone, store links and social links in order, and refuses bad ones', () => {
    const site = loadConfig({
      SITE_ADDRESS: ' Electronics Niketan, 6 CGO Complex, New Delhi 110003 ',
      SITE_PHONE: '+91 11 2430 1234',
      SITE_PLAY_STORE_URL: 'https://play.google.com/store/apps/details?id=org.ulca',
      SITE_APP_STORE_URL: 'https://apps.apple.com/app/id1',
      SITE_SOCIAL_LINKS: 'x=https://x.com/ulca, YouTube=https://youtube.com/@ulca',
    }).site;
    expect(site).toEqual({
      address: 'Electronics Niketan, 6 CGO Complex, New Delhi 110003',
      phone: '+91 11 2430 1234',
      playStoreUrl: 'https://play.google.com/store/apps/details?id=org.ulca',
      appStoreUrl: 'https://apps.apple.com/app/id1',
      social: [
        { network: 'x', url: 'https://x.com/ulca' },
        { network: 'youtube', url: 'https://youtube.com/@ulca' },
      ],
    });
    expect(() => loadConfig({ SITE_SOCIAL_LINKS: 'myspace=https://myspace.com/u' })).toThrow(/SITE_SOCIAL_LINKS/);
    expect(() => loadConfig({ SITE_APP_STORE_URL: 'javascript:alert(1)' })).toThrow(/SITE_APP_STORE_URL/);
  });
});
