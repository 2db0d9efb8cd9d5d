import path from 'node:path';

/**
 * Runtime configuration, read once from the environment (README "Configuration").
 * Sizes are in bytes, durations in milliseconds unless the name says otherwise.
 */
export interface Config {
  /** HTTP port of the API and web app (PORT, default 8080). */
  port: number;
  /** Interface to bind (HOST, default 0.0.0.0). */
  host: string;
  /** Folder for the embedded database, object store and outbox (ULCA_DATA_DIR, default ./data). */
  dataDir: string;
  /** PostgreSQL URL; when unset an embedded cluster runs in dataDir/pg (DATABASE_URL). */
  databaseUrl: string | undefined;
  /** Public base URL used in e-mail links (PUBLIC_URL, default http://localhost:PORT). */
  publicUrl: string;
  /** nodemailer SMTP URL; when unset messages go to dataDir/outbox as .eml files (SMTP_URL). */
  smtpUrl: string | undefined;
  /** Sender address of platform e-mail (MAIL_FROM). */
  mailFrom: string;
  /** Hosts that outbound fetches may reach even on loopback/private addresses (ALLOWED_FETCH_HOSTS). */
  allowedFetchHosts: string[];
  /** First-start admin account (ULCA_ADMIN_EMAIL / ULCA_ADMIN_PASSWORD). */
  adminEmail: string;
  adminPassword: string | undefined;
  /** Accept MD5 request signatures as the original ULCA clients send (LEGACY_MD5_SIGNATURES). */
  legacyMd5Signatures: boolean;
  /** Dataset download cap in bytes (MAX_DOWNLOAD_BYTES, default 2 GiB). */
  maxDownloadBytes: number;
  /** Download time limit in ms (DOWNLOAD_TIMEOUT_MS, default 30 min). */
  downloadTimeoutMs: number;
  /** Zip guards: total uncompressed bytes, max compression ratio per entry, max entries. */
  maxUnzippedBytes: number;
  maxCompressionRatio: number;
  maxZipEntries: number;
  /** Run the HTTP API (false for `npm run worker`). */
  runHttp: boolean;
  /** Run the job workers in this process (WORKERS=false disables). */
  runWorkers: boolean;
  /** A job running longer than this (seconds) is taken to have lost its worker and is retried (JOB_EXPIRE_SECONDS, default 3600). */
  jobExpireSeconds: number;
  /** Number of dataset ingest jobs run at once per process (INGEST_CONCURRENCY, default 2). */
  ingestConcurrency: number;
  /** Publish demo datasets on first start (DEMO_DATA=false disables). */
  demoData: boolean;
  /** Folder of the built web app (apps/web/dist). */
  webDist: string;
  /** Log level for pino (LOG_LEVEL). */
  logLevel: string;
}

const GiB = 1024 ** 3;

function bool(v: string | undefined, dflt: boolean): boolean {
  if (v === undefined || v === '') return dflt;
  return ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
}

function num(v: string | undefined, dflt: number): number {
  if (v === undefined || v === '') return dflt;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`configuration value "${v}" is not a non-negative number`);
  return n;
}

/** Reads the configuration from `env` (defaults to process.env). Throws on a malformed number. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = num(env.PORT, 8080);
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  const cfg: Config = {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.ULCA_DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'ULCA <no-reply@ulca.local>',
    allowedFetchHosts: (env.ALLOWED_FETCH_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    adminEmail: env.ULCA_ADMIN_EMAIL ?? 'admin@ulca.local',
    adminPassword: env.ULCA_ADMIN_PASSWORD || undefined,
    legacyMd5Signatures: bool(env.LEGACY_MD5_SIGNATURES, false),
    maxDownloadBytes: num(env.MAX_DOWNLOAD_BYTES, 2 * GiB),
    downloadTimeoutMs: num(env.DOWNLOAD_TIMEOUT_MS, 30 * 60 * 1000),
    maxUnzippedBytes: num(env.MAX_UNZIPPED_BYTES, 20 * GiB),
    maxCompressionRatio: num(env.MAX_COMPRESSION_RATIO, 200),
    maxZipEntries: num(env.MAX_ZIP_ENTRIES, 200_000),
    runHttp: true,
    runWorkers: bool(env.WORKERS, true),
    jobExpireSeconds: num(env.JOB_EXPIRE_SECONDS, 3600),
    ingestConcurrency: num(env.INGEST_CONCURRENCY, 2),
    demoData: bool(env.DEMO_DATA, true),
    webDist: path.join(repoRoot, 'apps/web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
  };
  return { ...cfg, ...overrides };
}
