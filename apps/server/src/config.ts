import path from 'node:path';
import { SOCIAL_NETWORKS, type SiteFooter } from '@ulca/contracts';

/**
 * Runtime configuration, read once from the environment (docs/configuration.md#server).
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
  /**
   * The footer's contact items (SITE_ADDRESS, SITE_PHONE, SITE_PLAY_STORE_URL, SITE_APP_STORE_URL,
   * SITE_SOCIAL_LINKS as `network=https://…` pairs, comma-separated); each is hidden when unset.
   */
  site: SiteFooter;
  /** Hosts that outbound fetches may reach even on loopback/private addresses (ALLOWED_FETCH_HOSTS). */
  allowedFetchHosts: string[];
  /** First-start admin account (ULCA_ADMIN_EMAIL / ULCA_ADMIN_PASSWORD). */
  adminEmail: string;
  adminPassword: string | undefined;
  /**
   * Server secret (ULCA_SECRET, at least 16 characters); when unset, `<dataDir>/secret.key` is
   * created once and shared by every process using the data folder (security/crypto.ts).
   */
  secret: string | undefined;
  /**
   * Also accept the body-only signatures of the original ULCA clients, SHA-256 or MD5, with no
   * time, nonce or route (LEGACY_MD5_SIGNATURES, default false; docs/api.md#request-signatures).
   */
  legacyMd5Signatures: boolean;
  /**
   * Browser origins (scheme://host[:port]) allowed to call the API from another origin, e.g. the
   * original ULCA web client served elsewhere (CORS_ORIGINS, comma-separated; default none).
   */
  corsOrigins: string[];
  /** A v2 signature's timestamp must be within this many seconds of the server's clock; its nonce is kept as long (SIGNATURE_WINDOW_SECONDS, default 300). */
  signatureWindowSeconds: number;
  /** Dataset download cap in bytes (MAX_DOWNLOAD_BYTES, default 2 GiB). */
  maxDownloadBytes: number;
  /** Download time limit in ms (DOWNLOAD_TIMEOUT_MS, default 30 min). */
  downloadTimeoutMs: number;
  /** Time limit of the model/upload call of the model's endpoint with its example request, in ms (MODEL_UPLOAD_CHECK_TIMEOUT_MS, default 30 s). */
  modelUploadCheckTimeoutMs: number;
  /** Zip guards: total uncompressed bytes, max compression ratio per entry, max entries. */
  maxUnzippedBytes: number;
  maxCompressionRatio: number;
  maxZipEntries: number;
  // Request and connection limits of the HTTP listener (docs/operations.md#limits)
  /** Time a client has to send a request's headers, ms (REQUEST_HEADERS_TIMEOUT_MS, default 15000; at most REQUEST_TIMEOUT_MS). */
  requestHeadersTimeoutMs: number;
  /** Time a client has to send a whole request, headers and body, ms; a stalled body is closed after it (REQUEST_TIMEOUT_MS, default 120000). */
  requestTimeoutMs: number;
  /** Open connections from one client address (IPv6 per /64); more are closed at once (MAX_CONNECTIONS_PER_IP, default 128; 0 = no limit; not applied behind TRUST_PROXY). */
  maxConnectionsPerIp: number;
  /** Open connections in all (MAX_CONNECTIONS; default 0 = the open-file limit minus FD_RESERVE). */
  maxConnections: number;
  /** File descriptors kept free of client connections for the database pool, outbound calls and files (FD_RESERVE, default 256). */
  fdReserve: number;
  /** Run the HTTP API (false for `npm run worker`). */
  runHttp: boolean;
  /** Run the job workers in this process (WORKERS=false disables). */
  runWorkers: boolean;
  /** A job running longer than this (seconds) is taken to have lost its worker and is retried (JOB_EXPIRE_SECONDS, default 3600). */
  jobExpireSeconds: number;
  /** Number of dataset ingest jobs run at once per process (INGEST_CONCURRENCY, default 2). */
  ingestConcurrency: number;
  /** Records merged per publish transaction (PUBLISH_CHUNK_ROWS, default 50000): smaller shows progress sooner, larger publishes faster. */
  publishChunkRows: number;
  /** Publish demo datasets on first start (DEMO_DATA=false disables). */
  demoData: boolean;
  /** Seconds a dashboard answer may be served from memory; the publishing process drops it at once (DASHBOARD_CACHE_SECONDS, default 2; 0 = off). */
  dashboardCacheSeconds: number;
  /** Folder of the built web app (apps/web/dist). */
  webDist: string;
  /** The web build's server-side entry (apps/web/dist-ssr/prerender.js), which renders public pages with their data; absent = prerendered files only. */
  webRenderer: string;
  /** Log level for pino (LOG_LEVEL). */
  logLevel: string;
  /** 'pretty' = readable lines (pino-pretty), 'json' = one JSON object a line; LOG_FORMAT unset = pretty when stdout is a terminal. */
  logFormat: 'pretty' | 'json';
  /** As root: home of the embedded PostgreSQL's binaries and clusters when the postgres user cannot reach the data folder (ULCA_PG_HOME, default /var/lib/ulca-pg). */
  pgHome: string;
  /** Seconds between scans for dataset jobs whose worker died; one scan also runs when the workers start (JOB_RECOVERY_SECONDS, default 30; 0 = start-up scan only). */
  jobRecoverySeconds: number;
  /**
   * Which peers may set X-Forwarded-For/-Proto (TRUST_PROXY): comma-separated addresses/CIDRs/
   * names ('loopback', 'linklocal', 'uniquelocal'), a hop count, 'true' (any) or 'false'.
   * Default none (false): the client address is the connecting peer's, so nobody can pick the
   * address the login limits and the audit log see until a proxy is named.
   */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  /** Activation links expire after this many hours (ACTIVATION_TOKEN_TTL_HOURS, default 168 = 7 days). */
  activationTokenTtlHours: number;
  /** Password-reset links expire after this many minutes (RESET_TOKEN_TTL_MINUTES, default 60). */
  resetTokenTtlMinutes: number;
  /** Failed logins allowed per account (e-mail) in the window before 429 (LOGIN_MAX_FAILURES_PER_ACCOUNT, default 5). */
  loginMaxFailuresPerAccount: number;
  /** Window of the per-account count, seconds (LOGIN_ACCOUNT_WINDOW_SECONDS, default 900). */
  loginAccountWindowSeconds: number;
  /** Failed logins allowed per client address in the window before 429 (LOGIN_MAX_FAILURES_PER_IP, default 30). */
  loginMaxFailuresPerIp: number;
  /** Window of the per-address count, seconds (LOGIN_IP_WINDOW_SECONDS, default 900). */
  loginIpWindowSeconds: number;
  /** A one-time sign-in code (needed past the login limits) stays valid this long, seconds: its window and the next (LOGIN_CODE_TTL_SECONDS, default 900). */
  loginCodeTtlSeconds: number;
  /** Sign-in code e-mails per account per hour (LOGIN_CODE_EMAILS_PER_HOUR, default 3; 0 = no limit). */
  loginCodeEmailsPerHour: number;
  /** Forgot-password requests per client address per hour before 429 (FORGOT_MAX_PER_IP_PER_HOUR, default 20). */
  forgotMaxPerIpPerHour: number;
  /** Reset e-mails sent per account per hour; further requests get the same answer but no e-mail (FORGOT_MAX_EMAILS_PER_HOUR, default 5). */
  forgotMaxEmailsPerHour: number;
  /** Sign-up requests per client address per hour before 429, whatever their answer (SIGNUP_MAX_PER_IP_PER_HOUR, default 10). */
  signupMaxPerIpPerHour: number;
  /** Service providers whose inference keys a user may hold per API key (SERVICE_PROVIDERS, comma-separated). */
  serviceProviders: string[];
  /** Keep verified session keys in memory, invalidated by PostgreSQL NOTIFY (SESSION_CACHE, default true). */
  sessionCache: boolean;
  /** Longest a cached session is trusted without re-reading the database, seconds (SESSION_CACHE_TTL_SECONDS, default 60). */
  sessionCacheTtlSeconds: number;
  // inference, health, feedback
  /** Overall time limit of one model call, polling of async models included, ms (MODEL_CALL_TIMEOUT_MS, default 30000). */
  modelCallTimeoutMs: number;
  /** Largest answer accepted from a model endpoint, bytes (MODEL_MAX_RESPONSE_BYTES, default 20 MiB). */
  modelMaxResponseBytes: number;
  /** Largest answer accepted from a model of a task answering text (all but tts), bytes (MODEL_MAX_TEXT_RESPONSE_BYTES, default 1 MiB). */
  modelMaxTextResponseBytes: number;
  /** Answer bytes all model calls of a process may buffer at once; each call reserves its cap, beyond → 503 (MODEL_ANSWER_BYTES_BUDGET, default 160 MiB; 0 = no limit). */
  modelAnswerBytesBudget: number;
  /** Calls to the models of one owner running at once per process, beyond → 503; reference models excepted (MODEL_OWNER_CONCURRENCY, default 16; 0 = no limit). */
  modelOwnerConcurrency: number;
  /** Models one owner may have published at once (MAX_PUBLISHED_MODELS_PER_OWNER, default 50; 0 = no limit; ADMINs exempt). */
  maxPublishedModelsPerOwner: number;
  /** Calls of one model run at once per API process (MODEL_CONCURRENCY, default 8). */
  modelConcurrency: number;
  /** How long a call waits for a busy model's slot before 503, ms (MODEL_QUEUE_WAIT_MS, default 2000). */
  modelQueueWaitMs: number;
  /** Largest audio or image accepted for inference (content, upload or URI download), bytes (INFERENCE_MAX_MEDIA_BYTES, default 16 MiB). */
  inferenceMaxMediaBytes: number;
  /** Largest model/compute body without media from anonymous and signed-in callers, bytes (COMPUTE_TEXT_BODY_BYTES, default 16 KiB: 25 inputs of 150 characters). */
  computeTextBodyBytes: number;
  /** Largest model/compute body without media with an API key, bytes (COMPUTE_API_TEXT_BODY_BYTES, default 512 KiB: 25 inputs of 5000 characters). */
  computeApiTextBodyBytes: number;
  /** Request body bytes being received at once from one client address (IPv6 per /64); more → 429 before reading (BODY_BYTES_IN_FLIGHT_PER_IP, default 48 MiB; 0 = no limit). */
  bodyBytesInFlightPerIp: number;
  /** Request body bytes being received at once in all; more → 503 before reading (BODY_BYTES_IN_FLIGHT, default 256 MiB; 0 = no limit). */
  bodyBytesInFlight: number;
  /** Largest zip a speech-to-speech batch downloads, bytes (STS_BATCH_MAX_ZIP_BYTES, default 200 MiB; each audio file also within INFERENCE_MAX_MEDIA_BYTES). */
  stsBatchMaxZipBytes: number;
  /** Most audio files in one speech-to-speech batch zip (STS_BATCH_MAX_FILES, default 100; entries of any kind at most 10 times that). */
  stsBatchMaxFiles: number;
  // streaming asr/tts relay (modules/streaming)
  /** Time limit to open a streaming model's socket, handshake included, ms (STREAM_CONNECT_TIMEOUT_MS, default 10000). */
  streamConnectTimeoutMs: number;
  /** A model that owes an answer and stays silent this long ends the stream, ms (STREAM_IDLE_TIMEOUT_MS, default 15000). */
  streamIdleTimeoutMs: number;
  /** Longest streaming session, ms: the 61 s ASR timer plus slack (STREAM_MAX_SESSION_MS, default 75000). */
  streamMaxSessionMs: number;
  /** Largest single message from a streaming model, bytes (STREAM_MAX_MESSAGE_BYTES, default 2 MiB). */
  streamMaxMessageBytes: number;
  /** Messages per second either side may send before the stream is closed (STREAM_MAX_MESSAGES_PER_SECOND, default 50). */
  streamMaxMessagesPerSecond: number;
  /** Concurrent streams of one model per API process (STREAM_MAX_PER_MODEL, default 8). */
  streamMaxPerModel: number;
  /** Concurrent streams of one caller (user, API key or IP address) (STREAM_MAX_PER_CALLER, default 2). */
  streamMaxPerCaller: number;
  /**
   * Minutes between health rounds over every published model (MODEL_HEALTH_INTERVAL_MINUTES,
   * default 15; 0 = no scheduled rounds). modules/model-health/job.ts: each worker process offers one
   * round per interval slot and pg-boss keeps one, so several workers do not multiply the checks.
   */
  modelHealthIntervalMinutes: number;
  /** Time limit of one model's health call, ms, polling included (MODEL_HEALTH_TIMEOUT_MS, default 20000; never above MODEL_CALL_TIMEOUT_MS). */
  modelHealthTimeoutMs: number;
  /** Models checked at once during a health round (MODEL_HEALTH_PARALLEL, default 4). */
  modelHealthParallel: number;
  /** Anonymous model feedback submits per client address per hour before 429 (FEEDBACK_MAX_PER_IP_PER_HOUR, default 30; 0 = no limit). */
  feedbackMaxPerIpPerHour: number;
  /** Feedback submits per signed-in user or API key owner per hour onto models they do not own, before 429 (FEEDBACK_MAX_PER_USER_PER_HOUR, default 60; 0 = no limit). */
  feedbackMaxPerUserPerHour: number;
  /**
   * The shared S3-compatible object store (S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID,
   * S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE), or undefined for the local folder dataDir/objects.
   */
  s3: S3Config | undefined;
  /** Connections of this process's own pool (DB_POOL_SIZE, default 20); docs/operations.md#running-it-in-production adds them up per process. */
  dbPoolSize: number;
  /** Connections of this process's pg-boss pool (BOSS_POOL_SIZE, default 4). */
  bossPoolSize: number;
  /** Bearer token of GET /ulca/metrics and the ops listener's /metrics (METRICS_TOKEN); unset = no metrics endpoint (404). */
  metricsToken: string | undefined;
  /** Port of the small ops listener (/live, /ready, /metrics) on HOST (OPS_PORT; unset = none; worker processes' only HTTP port). */
  opsPort: number | undefined;
  /** Start the offline reference models (docs/product.md#reference-models) on their own loopback listener (REFERENCE_MODELS, default true; false = off). */
  referenceModels: boolean;
  /** TCP port of the reference-model server on 127.0.0.1 (REFERENCE_MODELS_PORT, default 0 = any free port). */
  referenceModelsPort: number;
}

/** Where the S3-compatible object store is (docs/architecture.md#where-state-lives Files; docs/operations.md#scale-out). */
export interface S3Config {
  /** Endpoint URL, e.g. http://minio:9000; undefined = AWS S3 of `region`. */
  endpoint: string | undefined;
  bucket: string;
  /** Region used for signing (S3_REGION, default us-east-1). */
  region: string;
  /** Static credentials; when both are unset the AWS default chain applies (environment, profile, instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Path-style URLs (endpoint/bucket/key) instead of bucket.endpoint (S3_FORCE_PATH_STYLE; default true with S3_ENDPOINT, false without). */
  forcePathStyle: boolean;
}

const GiB = 1024 ** 3;

function bool(v: string | undefined, dflt: boolean): boolean {
  if (v === undefined || v === '') return dflt;
  return ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
}

/** TRUST_PROXY: boolean, hop count, or a comma-separated list of addresses/CIDRs/proxy-addr names. */
function trustProxy(v: string | undefined): Config['trustProxy'] {
  const text = (v ?? '').trim();
  if (text === '') return false;
  if (/^(true|false)$/i.test(text)) return text.toLowerCase() === 'true';
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address: string, hop: number) => hop < hops;
  }
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** LOG_FORMAT: 'json' or 'pretty'; unset = pretty for a person at a terminal, JSON for everything else. */
function logFormat(v: string | undefined): Config['logFormat'] {
  const text = (v ?? '').trim().toLowerCase();
  if (text === 'json' || text === 'pretty') return text;
  if (text !== '') throw new Error(`LOG_FORMAT "${v}" is neither json nor pretty`);
  return process.stdout.isTTY ? 'pretty' : 'json';
}

/** CORS_ORIGINS: comma-separated origins; each must be `http(s)://host[:port]` without a path. Throws otherwise. */
function corsOrigins(v: string | undefined): string[] {
  const list = (v ?? '')
    .split(',')
    .map((s) => s.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  for (const origin of list) {
    let url: URL | undefined;
    try {
      url = new URL(origin);
    } catch {
      url = undefined;
    }
    // An origin is exactly what a browser sends in the Origin header: no path, query or '*'.
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== origin.toLowerCase()) {
      throw new Error(`CORS_ORIGINS entry "${origin}" is not an origin like https://client.example.org`);
    }
  }
  return list.map((o) => o.toLowerCase());
}

/** A non-negative number, `dflt` when unset; throws naming `name` otherwise. */
function num(name: string, v: string | undefined, dflt: number): number {
  if (v === undefined || v === '') return dflt;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} "${v}" is not a non-negative number`);
  return n;
}

/** A whole number at least `min`; throws otherwise (`name` names the variable in the message). */
function int(name: string, v: string | undefined, dflt: number, min: number): number {
  const n = v === undefined || v === '' ? dflt : Number(v);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} "${v}" must be a whole number of at least ${min}`);
  return n;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** ULCA_SECRET: unset, or at least 16 characters (security/crypto.ts turns it into the 32-byte key). */
function secret(v: string | undefined): string | undefined {
  if (v === undefined || v === '') return undefined;
  if (v.length < 16) throw new Error('ULCA_SECRET must be at least 16 characters long (or unset, to use <ULCA_DATA_DIR>/secret.key)');
  return v;
}

/** An e-mail address (name@host); throws naming `name` otherwise. */
function email(name: string, v: string): string {
  if (!/^[^\s@]+@[^\s@]+$/.test(v)) throw new Error(`${name} "${v}" is not an e-mail address`);
  return v;
}

/** METRICS_TOKEN: unset (no metrics endpoint), or at least 16 characters, as it is the only guard of the metrics. */
function metricsToken(v: string | undefined): string | undefined {
  if (v === undefined || v === '') return undefined;
  if (v.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters long (or unset: no metrics endpoint)');
  return v;
}

/** An http(s) URL (PUBLIC_URL, SMTP_URL...) without trailing slashes; throws naming `name` otherwise. */
function httpUrl(name: string, v: string): string {
  let url: URL | undefined;
  try {
    url = new URL(v);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || !url.host)
    throw new Error(`${name} "${v}" must be an http(s) URL like https://ulca.example.org`);
  return v.replace(/\/+$/, '');
}

/** The footer's items from SITE_* (see Config.site); throws on a URL that is not http(s) or an unknown social network. */
function siteFooter(env: NodeJS.ProcessEnv): SiteFooter {
  const text = (v: string | undefined) => (v?.trim() ? v.trim().slice(0, 300) : undefined);
  const url = (name: string, v: string | undefined) => (v?.trim() ? httpUrl(name, v.trim()) : undefined);
  const social = (env.SITE_SOCIAL_LINKS ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      const network = pair.slice(0, at).trim().toLowerCase();
      if (at < 0 || !(SOCIAL_NETWORKS as readonly string[]).includes(network))
        throw new Error(`SITE_SOCIAL_LINKS entry "${pair}" must be network=https://… with network one of ${SOCIAL_NETWORKS.join(', ')}`);
      return { network: network as SiteFooter['social'][number]['network'], url: httpUrl('SITE_SOCIAL_LINKS', pair.slice(at + 1).trim()) };
    });
  return {
    address: text(env.SITE_ADDRESS),
    phone: text(env.SITE_PHONE),
    playStoreUrl: url('SITE_PLAY_STORE_URL', env.SITE_PLAY_STORE_URL),
    appStoreUrl: url('SITE_APP_STORE_URL', env.SITE_APP_STORE_URL),
    social,
  };
}

/** A URL with one of `schemes` (e.g. 'postgres:'), or undefined when unset; throws naming `name` otherwise. */
function urlOf(name: string, v: string | undefined, schemes: string[]): string | undefined {
  if (v === undefined || v === '') return undefined;
  let protocol = '';
  try {
    protocol = new URL(v).protocol;
  } catch {
    protocol = '';
  }
  if (!schemes.includes(protocol)) throw new Error(`${name} must be a URL starting with ${schemes.map((s) => `${s}//`).join(' or ')}`);
  return v;
}

/** A TCP port 0..65535 (0 = any free port); throws otherwise. */
function port16(name: string, v: string | undefined, dflt: number): number {
  const n = num(name, v, dflt);
  if (!Number.isInteger(n) || n > 65535) throw new Error(`${name} "${v}" is not a TCP port (0-65535)`);
  return n;
}

/**
 * S3_* variables: the store is S3 when S3_BUCKET is set (S3_ENDPOINT alone is a mistake and
 * throws, as do credentials given by halves).
 */
function s3Config(env: NodeJS.ProcessEnv): S3Config | undefined {
  const bucket = env.S3_BUCKET?.trim() || undefined;
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (!bucket) {
    if (endpoint) throw new Error('S3_ENDPOINT is set but S3_BUCKET is not: name the bucket the platform keeps its files in.');
    return undefined;
  }
  if (endpoint && !/^https?:\/\//i.test(endpoint)) throw new Error(`S3_ENDPOINT "${endpoint}" must be an http(s) URL.`);
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (!accessKeyId !== !secretAccessKey) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither.');
  return {
    endpoint,
    bucket,
    region: env.S3_REGION?.trim() || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: bool(env.S3_FORCE_PATH_STYLE, endpoint !== undefined),
  };
}

/**
 * Bad settings found by {@link loadConfig}: `problems` holds one plain line per bad setting, naming
 * its variable; the message lists them all, one a line, for main.ts to print without a stack trace.
 */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    // One bad setting is its own line; several are listed under a count.
    super(problems.length === 1 ? problems[0] : `${problems.length} settings are wrong:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads the configuration from `env` (defaults to process.env). Every setting is checked here, so a
 * bad one stops the start before anything runs (docs/configuration.md#server): throws a
 * {@link ConfigError} naming every bad setting, not only the first (a malformed number, port, URL
 * or log level, an ULCA_SECRET shorter than 16 characters, an incomplete S3_* set...).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  // Every setting is read even after a bad one, so one start names them all (ConfigError).
  const problems: string[] = [];
  const ok = <T>(fallback: T, read: () => T): T => {
    try {
      return read();
    } catch (err) {
      problems.push((err as Error).message);
      return fallback;
    }
  };
  const n = (name: string, dflt: number) => ok(dflt, () => num(name, env[name], dflt));
  const p16 = (name: string, dflt: number) => ok(dflt, () => port16(name, env[name], dflt));
  const port = p16('PORT', 8080);
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL "${logLevel}" is not one of ${LOG_LEVELS.join(', ')}`);
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  const cfg: Config = {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.ULCA_DATA_DIR ?? './data'),
    databaseUrl: ok(undefined, () => urlOf('DATABASE_URL', env.DATABASE_URL, ['postgres:', 'postgresql:'])),
    publicUrl: ok('', () => httpUrl('PUBLIC_URL', env.PUBLIC_URL || `http://localhost:${port}`)),
    smtpUrl: ok(undefined, () => urlOf('SMTP_URL', env.SMTP_URL, ['smtp:', 'smtps:'])),
    mailFrom: env.MAIL_FROM ?? 'ULCA <no-reply@ulca.local>',
    site: ok({ social: [] }, () => siteFooter(env)),
    allowedFetchHosts: (env.ALLOWED_FETCH_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    adminEmail: ok('', () => email('ULCA_ADMIN_EMAIL', env.ULCA_ADMIN_EMAIL || 'admin@ulca.local')),
    adminPassword: env.ULCA_ADMIN_PASSWORD || undefined,
    secret: ok(undefined, () => secret(env.ULCA_SECRET)),
    legacyMd5Signatures: bool(env.LEGACY_MD5_SIGNATURES, false),
    corsOrigins: ok([], () => corsOrigins(env.CORS_ORIGINS)),
    signatureWindowSeconds: n('SIGNATURE_WINDOW_SECONDS', 300),
    maxDownloadBytes: n('MAX_DOWNLOAD_BYTES', 2 * GiB),
    downloadTimeoutMs: n('DOWNLOAD_TIMEOUT_MS', 30 * 60 * 1000),
    modelUploadCheckTimeoutMs: n('MODEL_UPLOAD_CHECK_TIMEOUT_MS', 30_000),
    maxUnzippedBytes: n('MAX_UNZIPPED_BYTES', 20 * GiB),
    maxCompressionRatio: n('MAX_COMPRESSION_RATIO', 200),
    maxZipEntries: n('MAX_ZIP_ENTRIES', 200_000),
    requestTimeoutMs: Math.max(1000, n('REQUEST_TIMEOUT_MS', 120_000)),
    requestHeadersTimeoutMs: Math.max(500, n('REQUEST_HEADERS_TIMEOUT_MS', 15_000)),
    maxConnectionsPerIp: n('MAX_CONNECTIONS_PER_IP', 128),
    maxConnections: n('MAX_CONNECTIONS', 0),
    fdReserve: n('FD_RESERVE', 256),
    runHttp: true,
    runWorkers: bool(env.WORKERS, true),
    jobExpireSeconds: n('JOB_EXPIRE_SECONDS', 3600),
    ingestConcurrency: n('INGEST_CONCURRENCY', 2),
    publishChunkRows: Math.max(1, n('PUBLISH_CHUNK_ROWS', 50_000)),
    demoData: bool(env.DEMO_DATA, true),
    dashboardCacheSeconds: n('DASHBOARD_CACHE_SECONDS', 2),
    webDist: path.join(repoRoot, 'apps/web/dist'),
    webRenderer: path.join(repoRoot, 'apps/web/dist-ssr/prerender.js'),
    logLevel,
    logFormat: ok('json', () => logFormat(env.LOG_FORMAT)),
    pgHome: path.resolve(env.ULCA_PG_HOME || '/var/lib/ulca-pg'),
    jobRecoverySeconds: n('JOB_RECOVERY_SECONDS', 30),
    trustProxy: trustProxy(env.TRUST_PROXY),
    activationTokenTtlHours: n('ACTIVATION_TOKEN_TTL_HOURS', 168),
    resetTokenTtlMinutes: n('RESET_TOKEN_TTL_MINUTES', 60),
    loginMaxFailuresPerAccount: n('LOGIN_MAX_FAILURES_PER_ACCOUNT', 5),
    loginAccountWindowSeconds: n('LOGIN_ACCOUNT_WINDOW_SECONDS', 900),
    loginMaxFailuresPerIp: n('LOGIN_MAX_FAILURES_PER_IP', 30),
    loginIpWindowSeconds: n('LOGIN_IP_WINDOW_SECONDS', 900),
    loginCodeTtlSeconds: Math.max(60, n('LOGIN_CODE_TTL_SECONDS', 900)),
    loginCodeEmailsPerHour: n('LOGIN_CODE_EMAILS_PER_HOUR', 3),
    forgotMaxPerIpPerHour: n('FORGOT_MAX_PER_IP_PER_HOUR', 20),
    forgotMaxEmailsPerHour: n('FORGOT_MAX_EMAILS_PER_HOUR', 5),
    signupMaxPerIpPerHour: n('SIGNUP_MAX_PER_IP_PER_HOUR', 10),
    serviceProviders: (env.SERVICE_PROVIDERS ?? 'ulca-reference-models')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    sessionCache: bool(env.SESSION_CACHE, true),
    sessionCacheTtlSeconds: n('SESSION_CACHE_TTL_SECONDS', 60),
    modelCallTimeoutMs: Math.max(1, n('MODEL_CALL_TIMEOUT_MS', 30_000)),
    modelMaxResponseBytes: n('MODEL_MAX_RESPONSE_BYTES', 20 * 1024 * 1024),
    modelMaxTextResponseBytes: n('MODEL_MAX_TEXT_RESPONSE_BYTES', 1024 * 1024),
    modelAnswerBytesBudget: n('MODEL_ANSWER_BYTES_BUDGET', 160 * 1024 * 1024),
    modelOwnerConcurrency: n('MODEL_OWNER_CONCURRENCY', 16),
    maxPublishedModelsPerOwner: n('MAX_PUBLISHED_MODELS_PER_OWNER', 50),
    modelConcurrency: Math.max(1, n('MODEL_CONCURRENCY', 8)),
    modelQueueWaitMs: n('MODEL_QUEUE_WAIT_MS', 2000),
    inferenceMaxMediaBytes: n('INFERENCE_MAX_MEDIA_BYTES', 16 * 1024 * 1024),
    computeTextBodyBytes: Math.max(1024, n('COMPUTE_TEXT_BODY_BYTES', 16 * 1024)),
    computeApiTextBodyBytes: Math.max(1024, n('COMPUTE_API_TEXT_BODY_BYTES', 512 * 1024)),
    bodyBytesInFlightPerIp: n('BODY_BYTES_IN_FLIGHT_PER_IP', 48 * 1024 * 1024),
    bodyBytesInFlight: n('BODY_BYTES_IN_FLIGHT', 256 * 1024 * 1024),
    stsBatchMaxZipBytes: n('STS_BATCH_MAX_ZIP_BYTES', 200 * 1024 * 1024),
    stsBatchMaxFiles: Math.max(1, n('STS_BATCH_MAX_FILES', 100)),
    streamConnectTimeoutMs: Math.max(1, n('STREAM_CONNECT_TIMEOUT_MS', 10_000)),
    streamIdleTimeoutMs: Math.max(1, n('STREAM_IDLE_TIMEOUT_MS', 15_000)),
    streamMaxSessionMs: Math.max(1, n('STREAM_MAX_SESSION_MS', 75_000)),
    streamMaxMessageBytes: Math.max(1024, n('STREAM_MAX_MESSAGE_BYTES', 2 * 1024 * 1024)),
    streamMaxMessagesPerSecond: Math.max(1, n('STREAM_MAX_MESSAGES_PER_SECOND', 50)),
    streamMaxPerModel: Math.max(1, n('STREAM_MAX_PER_MODEL', 8)),
    streamMaxPerCaller: Math.max(1, n('STREAM_MAX_PER_CALLER', 2)),
    modelHealthIntervalMinutes: n('MODEL_HEALTH_INTERVAL_MINUTES', 15),
    modelHealthTimeoutMs: Math.max(1, n('MODEL_HEALTH_TIMEOUT_MS', 20_000)),
    modelHealthParallel: Math.max(1, n('MODEL_HEALTH_PARALLEL', 4)),
    feedbackMaxPerIpPerHour: n('FEEDBACK_MAX_PER_IP_PER_HOUR', 30),
    feedbackMaxPerUserPerHour: n('FEEDBACK_MAX_PER_USER_PER_HOUR', 60),
    s3: ok(undefined, () => s3Config(env)),
    dbPoolSize: ok(20, () => int('DB_POOL_SIZE', env.DB_POOL_SIZE, 20, 2)),
    bossPoolSize: ok(4, () => int('BOSS_POOL_SIZE', env.BOSS_POOL_SIZE, 4, 2)),
    metricsToken: ok(undefined, () => metricsToken(env.METRICS_TOKEN)),
    opsPort: env.OPS_PORT ? p16('OPS_PORT', 0) : undefined,
    referenceModels: bool(env.REFERENCE_MODELS, true),
    referenceModelsPort: p16('REFERENCE_MODELS_PORT', 0),
  };
  if (problems.length) throw new ConfigError(problems);
  return { ...cfg, ...overrides };
}
