/**
 * API benchmark: requests/s and p99 latency of the real app under 50 concurrent
 * connections (autocannon), each target measured right after a bare Fastify route in the same run:
 *
 *   bare Fastify route (baseline)   GET /bare in a bare Fastify process (no plugins, hooks or logger)
 *   app trivial route               GET /ulca/health in the real app (its hooks, helmet, logger)
 *   signed users/me                 a signed call that needs only the session (verification cost)
 *   signed list call                GET /ulca/apis/v0/dataset/listByUserId signed (10 rows of 25; one query)
 *   dashboard store search          POST /ulca/data-metric/v0/store/search (public; when the route exists)
 *   login                           POST /ulca/user-mgmt/v1/users/login (argon2id; 20 users in turn)
 *   … session cache off             the signed calls again on an app process with SESSION_CACHE=false
 *
 * The app is the real server (`apps/server/src/main.ts`, WORKERS=false) listening on a port, in a
 * child process, on a real PostgreSQL (embedded, or DATABASE_URL). Prints each figure, its ratio
 * to the bare route and its error count (errors + timeouts + non-2xx). Target: signed calls ≥ 0.5
 * of the bare route, 0 errors. Options: --duration S (default 5), --connections N (default 50),
 * --targets trivial,me,list,search,pages,login,nocache (default all). The list and the store search are
 * also measured against a bare Fastify route running the same SQL (api-bare-server.ts).
 * `pages` (with a web build): Explore Models as a signed-out visitor gets it, rendered with its 30
 * models by the server and kept (docs/architecture.md#prerendered-pages), and the dashboard the
 * same way, against the dashboard's prerendered file (without data) sent by the same app; and
 * the time of a first render and of a render after the data changed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { PRERENDERED_DIR, prerenderedFile } from '@ulca/contracts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { createDb } from '../apps/server/src/db/pool.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { hashPassword } from '../apps/server/src/modules/accounts/service.ts';
import { insertUsers } from '../apps/server/src/modules/accounts/repo.ts';
import { signedHeaders } from '../apps/server/src/security/signing.ts';
import { insertSubmission } from '../apps/server/src/modules/datasets/repo.ts';
import { arg } from './cli.ts';
import { LANGS } from './dashboard.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'Bench&Pass1';
const LOGIN_USERS = 20;

/** Targets, selectable with --targets a,b (default all); the bare route always runs. */
const TARGETS = ['trivial', 'me', 'list', 'search', 'pages', 'login', 'nocache'] as const;
/** How many published models Explore lists in the `pages` target. */
const PAGE_MODELS = 30;

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** Starts `script` under tsx with `env`; resolves when `url` answers 200. */
export async function startChild(script: string, env: Record<string, string>, url: string): Promise<ChildProcess> {
  // BENCH_CPU_PROF=<dir>: write a V8 CPU profile of each child process there (inspect with Chrome DevTools).
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  const child = spawn(process.execPath, [...prof, '--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(url)).ok) return child;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/**
 * CPU time used so far by process `pid` (user + system, all its threads), ms, from /proc (Linux;
 * NaN elsewhere). The difference over a measured arm divided by its requests is the server's CPU
 * per request: steadier than requests/s on a shared machine, where the other work takes the cores.
 */
export function cpuMsOf(pid: number | undefined): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat (11 and 12 after the command), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** One measured target. */
interface Figure {
  name: string;
  rps: number;
  p99: number;
  errors: number;
  requests: number;
  /** req/s of the bare route measured just before this target. */
  bare?: number;
  /** CPU of the server process per request, ms (cpuMsOf). */
  cpuPerRequest?: number;
  /** The same for the bare route measured just before. */
  bareCpuPerRequest?: number;
}

async function measure(name: string, opts: autocannon.Options, server?: ChildProcess): Promise<Figure> {
  const cpu0 = cpuMsOf(server?.pid);
  const r = await autocannon(opts);
  const cpu = cpuMsOf(server?.pid) - cpu0;
  return {
    cpuPerRequest: cpu / Math.max(1, r.requests.total),
    name,
    rps: r.requests.average,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    requests: r.requests.total,
  };
}

export async function main(args: string[]): Promise<void> {
  const duration = arg(args, 'duration', 5);
  const connections = arg(args, 'connections', 50);
  const ti = args.indexOf('--targets');
  const only = new Set(ti >= 0 ? args[ti + 1].split(',') : TARGETS);
  const want = (t: (typeof TARGETS)[number]) => only.has(t);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-bench-api-'));
  console.log(`api benchmark: ${connections} connections, ${duration} s per target (work dir ${tmp})`);
  const cluster = process.env.DATABASE_URL ? null : await startEmbeddedPostgres(path.join(tmp, 'pg'), { temporary: true });
  const dbUrl = process.env.DATABASE_URL ?? cluster!.url;
  const db = createDb(dbUrl, 4);
  let app: ChildProcess | undefined;
  let appNoCache: ChildProcess | undefined;
  let bare: ChildProcess | undefined;
  try {
    await migrate(db.pool);

    // Users: one contributor with 25 submissions (the list caller) and LOGIN_USERS for the login target.
    const passwordHash = await hashPassword(PASSWORD);
    const stamp = Date.now().toString(36);
    const users = Array.from({ length: LOGIN_USERS }, (_, i) => ({
      userId: crypto.randomUUID().replace(/-/g, ''),
      email: `bench${i}.${stamp}@example.org`,
      firstName: 'Bench User',
      passwordHash,
      roles: ['CONTRIBUTOR-USER'],
      isActive: true,
      activationTokenHash: null,
    }));
    if (!(await insertUsers(db, users))) throw new Error('could not create the bench users');
    const caller = users[0];
    for (let i = 0; i < 25; i++) {
      await insertSubmission(db, {
        srn: `${Date.now()}${String(i).padStart(4, '0')}`,
        datasetId: crypto.randomUUID(),
        userId: caller.userId,
        datasetName: `bench-${stamp}-${i}`,
        url: 'https://example.org/d.zip',
      });
    }
    // Published translation models for Explore (the `pages` target).
    await db.pool.query(
      `INSERT INTO models (model_id, user_id, name, version, task, descriptor, callback_url, status, published_on)
       SELECT gen_random_uuid(), $1, 'Bench model ' || i, 'v1.0', 'translation',
              jsonb_build_object('name', 'Bench model ' || i, 'version', 'v1.0', 'description', 'A model of the benchmark, number ' || i,
                'task', jsonb_build_object('type', 'translation'),
                'languages', jsonb_build_array(jsonb_build_object('sourceLanguage', 'en', 'targetLanguage', 'hi')),
                'license', 'mit', 'domain', jsonb_build_array('general'), 'submitter', jsonb_build_object('name', 'Bench Lab'),
                'trainingDataset', jsonb_build_object('description', 'none'),
                'inferenceEndPoint', jsonb_build_object('callbackUrl', 'http://127.0.0.1:1/t', 'isSyncApi', true,
                  'schema', jsonb_build_object('taskType', 'translation', 'request', jsonb_build_object('input', jsonb_build_array(jsonb_build_object('source', 'hello')))))),
              'http://127.0.0.1:1/t', 'published', now() - i * interval '1 hour'
       FROM generate_series(1, $2::int) i`,
      [caller.userId, PAGE_MODELS],
    );
    // Dashboard rollup: en to each other language of the dashboard bench × 6 domains × 3 collection methods.
    await db.pool.query(
      `INSERT INTO record_rollup (dataset_type, source_language, target_language, domain, collection_method, submitter, record_count)
       SELECT 'parallel-corpus', 'en', l, d, m, 'Bench Lab', (random() * 100000)::bigint
       FROM unnest($1::text[]) l, unnest($2::text[]) d, unnest($3::text[]) m
       ON CONFLICT DO NOTHING`,
      [
        LANGS.filter((l) => l !== 'en'),
        ['general', 'news', 'legal', 'education', 'healthcare', 'tourism'],
        ['auto-aligned', 'crowd-sourced', 'manual-human-translated'],
      ],
    );

    const [appPort, noCachePort, barePort] = [await freePort(), await freePort(), await freePort()];
    const appEnv = (port: number, dataDir: string) => ({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl,
      ULCA_DATA_DIR: dataDir,
      WORKERS: 'false',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      ULCA_ADMIN_PASSWORD: 'Bench&Admin1',
      ULCA_SECRET: 'bench-secret-0123456789',
    });
    app = await startChild('apps/server/src/main.ts', appEnv(appPort, path.join(tmp, 'data')), `http://127.0.0.1:${appPort}/ulca/health`);
    bare = await startChild(
      'bench/api-bare-server.ts',
      { PORT: String(barePort), DATABASE_URL: dbUrl },
      `http://127.0.0.1:${barePort}/bare`,
    );
    const base = `http://127.0.0.1:${appPort}`;

    const loginRes = await fetch(`${base}/ulca/user-mgmt/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ authenticator: 'ULCA', data: { email: caller.email, password: PASSWORD } }),
    });
    if (!loginRes.ok) throw new Error(`login failed: ${await loginRes.text()}`);
    const keys = ((await loginRes.json()) as { data: { userKeys: { publicKey: string; privateKey: string } } }).data.userKeys;
    const listPath = `/ulca/apis/v0/dataset/listByUserId?userId=${caller.userId}&startPage=1&endPage=1`;
    // A signed call is good once (signature v2: timestamp and nonce), so every request is signed
    // afresh, as a real client does; the client-side hashing is part of the figure.
    const signedGet = (url: string): autocannon.Options => ({
      url,
      requests: [
        {
          method: 'GET',
          setupRequest: (req) => ({
            ...req,
            headers: { ...req.headers, ...signedHeaders(keys, { method: 'GET', url: new URL(url).pathname + new URL(url).search }) },
          }),
        },
      ],
    });
    const check = await fetch(`${base}${listPath}`, { headers: { ...signedHeaders(keys, { method: 'GET', url: listPath }) } });
    const checked = (await check.json()) as { data?: unknown[]; count?: number };
    if (!check.ok || checked.data?.length !== 10 || checked.count !== 25)
      throw new Error(`signed list call failed: ${check.status} ${JSON.stringify(checked).slice(0, 300)}`);

    const docs = (await (await fetch(`${base}/ulca/docs/json`)).json()) as { paths: Record<string, unknown> };
    const hasStoreSearch = '/ulca/data-metric/v0/store/search' in docs.paths;
    const searchBody = JSON.stringify({ type: 'parallel-corpus', criterions: [{ field: 'sourceLanguage', value: 'en' }], groupby: null });
    if (hasStoreSearch) {
      const s = await fetch(`${base}/ulca/data-metric/v0/store/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: searchBody,
      });
      if (!s.ok) throw new Error(`store search failed: ${s.status} ${await s.text()}`);
    }

    const common = { connections, duration };
    const bareUrl = `http://127.0.0.1:${barePort}/bare`;
    const mePath = '/ulca/user-mgmt/v1/users/me';
    // Warm-up (JIT, connection pools, session cache), not reported.
    await autocannon({ url: bareUrl, connections, duration: 1 });
    await autocannon({ ...signedGet(`${base}${listPath}`), connections, duration: 1 });
    await autocannon({ ...signedGet(`${base}${mePath}`), connections, duration: 1 });

    // Each target is measured right after the bare route, and its ratio is to that bare figure,
    // so that load changes on a shared machine affect both sides of a ratio alike.
    const figures: Figure[] = [];
    const pair = async (name: string, opts: autocannon.Options, server: ChildProcess | undefined = app) => {
      const bareFigure = await measure('bare', { ...common, url: bareUrl }, bare);
      figures.push({
        ...(await measure(name, { ...common, ...opts }, server)),
        bare: bareFigure.rps,
        bareCpuPerRequest: bareFigure.cpuPerRequest,
      });
    };
    // Issue #26: a call that reads the database against a bare Fastify route running the same SQL.
    const sqlFigures: { name: string; app: Figure; bare: Figure }[] = [];
    const pairSql = async (name: string, bareOpts: autocannon.Options, opts: autocannon.Options) => {
      const bareFigure = await measure(`bare ${name}`, { ...common, ...bareOpts }, bare);
      sqlFigures.push({ name, bare: bareFigure, app: await measure(name, { ...common, ...opts }, app) });
    };
    if (want('trivial')) await pair('app trivial route GET /ulca/health', { url: `${base}/ulca/health` });
    if (want('me')) await pair('signed GET users/me (session only)', signedGet(`${base}${mePath}`));
    const searchOpts: autocannon.Options = {
      url: `${base}/ulca/data-metric/v0/store/search`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: searchBody,
    };
    if (want('list')) await pair('signed list call (listByUserId)', signedGet(`${base}${listPath}`));
    if (hasStoreSearch && want('search')) await pair('dashboard store search', searchOpts);
    if (want('list'))
      await pairSql(
        'signed list call',
        { url: `http://127.0.0.1:${barePort}/bare-list?userId=${caller.userId}` },
        signedGet(`${base}${listPath}`),
      );
    if (hasStoreSearch && want('search')) {
      await pairSql('dashboard store search', { ...searchOpts, url: `http://127.0.0.1:${barePort}/bare-search` }, searchOpts);
    }
    const pageLines: string[] = [];
    let pageErrors = 0;
    const web = path.join(ROOT, 'apps/web');
    if (want('pages') && fs.existsSync(path.join(web, 'dist-ssr/prerender.js')) && fs.existsSync(path.join(web, 'dist/prerendered'))) {
      const visitor = { 'accept-encoding': 'br', 'accept-language': 'en', 'user-agent': 'Mozilla/5.0 (Linux; Android 11) Mobile' };
      const explore = `${base}/ulca/model/explore-models`;
      /** One visit's wall time (ms), with a check that the page came with its models, `name` among them. */
      const visit = async (name: string) => {
        const t = performance.now();
        const res = await fetch(explore, { headers: visitor });
        const html = await res.text();
        const ms = performance.now() - t;
        if (!res.ok || !html.includes(`${name}<`) || !html.includes('ulca-page-data'))
          throw new Error(`Explore was not rendered with its models (${name}): ${res.status}`);
        return ms;
      };
      let name = 'Bench model 1';
      const first = await visit(name);
      const rerenders: number[] = [];
      for (let i = 0; i < 3; i++) {
        const next = `Bench model 1, renamed ${i}`;
        await db.pool.query(
          `UPDATE models SET name = $1, descriptor = jsonb_set(descriptor, '{name}', to_jsonb($1::text)) WHERE name = $2`,
          [next, name],
        );
        name = next;
        // A page's data is loaded at most once a second (live-render.ts): the next visit after that sees the change.
        await new Promise((r) => setTimeout(r, 1100));
        rerenders.push(await visit(name));
      }
      await autocannon({ url: explore, headers: visitor, connections, duration: 1 });
      // The prerendered file itself (the dashboard's path is now rendered with its data too), sent by the static files' route.
      const file = `${base}/ulca/${PRERENDERED_DIR}/${prerenderedFile('dashboard', 'en', 'phone')}`;
      const fileFigure = await measure('dashboard, prerendered file', { ...common, url: file, headers: visitor }, app);
      const pageFigure = await measure('Explore, rendered with its data', { ...common, url: explore, headers: visitor }, app);
      await autocannon({ url: `${base}/ulca/dashboard`, headers: visitor, connections, duration: 1 });
      const dashFigure = await measure(
        'dashboard, rendered with its data',
        { ...common, url: `${base}/ulca/dashboard`, headers: visitor },
        app,
      );
      const line = (label: string, f: typeof pageFigure) =>
        `${label.padEnd(38)} ${f.rps.toFixed(0).padStart(8)} ${f.p99.toFixed(0).padStart(7)} ${fileFigure.rps.toFixed(0).padStart(11)} ${(f.rps / fileFigure.rps).toFixed(2).padStart(6)} ${String(f.errors + fileFigure.errors).padStart(7)} ${(f.cpuPerRequest! * 1000).toFixed(0).padStart(11)} ${(fileFigure.cpuPerRequest! * 1000).toFixed(0).padStart(9)}`;
      pageLines.push(
        line(`Explore rendered with ${PAGE_MODELS} models, kept`, pageFigure),
        line('dashboard rendered with its bars, kept', dashFigure),
        `first visit after start (loads the server-side entry, renders): ${first.toFixed(0)} ms; a visit after a model changed (renders again): ${rerenders.map((x) => x.toFixed(0)).join(' / ')} ms`,
      );
      pageErrors = pageFigure.errors + dashFigure.errors + fileFigure.errors;
    } else if (want('pages')) pageLines.push('pages: no web build with its server-side entry (npm run build:web), not measured');
    let n = 0;
    if (want('login')) {
      await pair('login (argon2id)', {
        url: `${base}/ulca/user-mgmt/v1/users/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        requests: [
          {
            method: 'POST',
            setupRequest: (req) => ({
              ...req,
              body: JSON.stringify({ authenticator: 'ULCA', data: { email: users[n++ % LOGIN_USERS].email, password: PASSWORD } }),
            }),
          },
        ],
      });
    }

    // The same signed calls against an app process without the session cache (before/after).
    await stopChild(app);
    app = undefined;
    if (want('nocache')) {
      appNoCache = await startChild(
        'apps/server/src/main.ts',
        { ...appEnv(noCachePort, path.join(tmp, 'data')), SESSION_CACHE: 'false' },
        `http://127.0.0.1:${noCachePort}/ulca/health`,
      );
      const noCache = `http://127.0.0.1:${noCachePort}`;
      await autocannon({ ...signedGet(`${noCache}${listPath}`), connections, duration: 1 });
      await pair('signed users/me, session cache off', signedGet(`${noCache}${mePath}`), appNoCache);
      await pair('signed list call, session cache off', signedGet(`${noCache}${listPath}`), appNoCache);
    }

    console.log('');
    console.log(
      `${'target'.padEnd(38)} ${'req/s'.padStart(8)} ${'p99 ms'.padStart(7)} ${'bare req/s'.padStart(11)} ${'ratio'.padStart(6)} ${'errors'.padStart(7)} ${'requests'.padStart(9)} ${'CPU µs/req'.padStart(11)} ${'bare CPU'.padStart(9)}`,
    );
    for (const f of figures) {
      console.log(
        `${f.name.padEnd(38)} ${f.rps.toFixed(0).padStart(8)} ${f.p99.toFixed(0).padStart(7)} ${f.bare!.toFixed(0).padStart(11)} ${(f.rps / f.bare!).toFixed(2).padStart(6)} ${String(f.errors).padStart(7)} ${String(f.requests).padStart(9)} ${(f.cpuPerRequest! * 1000).toFixed(0).padStart(11)} ${(f.bareCpuPerRequest! * 1000).toFixed(0).padStart(9)}`,
      );
    }
    if (sqlFigures.length > 0) {
      console.log('');
      console.log(
        `${'against bare Fastify running the same SQL'.padEnd(38)} ${'req/s'.padStart(8)} ${'p99 ms'.padStart(7)} ${'bare req/s'.padStart(11)} ${'ratio'.padStart(6)} ${'errors'.padStart(7)} ${'CPU µs/req'.padStart(11)} ${'bare CPU'.padStart(9)}`,
      );
      for (const f of sqlFigures) {
        console.log(
          `${f.name.padEnd(38)} ${f.app.rps.toFixed(0).padStart(8)} ${f.app.p99.toFixed(0).padStart(7)} ${f.bare.rps.toFixed(0).padStart(11)} ${(f.app.rps / f.bare.rps).toFixed(2).padStart(6)} ${String(f.app.errors + f.bare.errors).padStart(7)} ${(f.app.cpuPerRequest! * 1000).toFixed(0).padStart(11)} ${(f.bare.cpuPerRequest! * 1000).toFixed(0).padStart(9)}   (target ≥ 0.5)`,
        );
      }
    }
    console.log('');
    for (const f of figures.filter((x) => x.name.startsWith('signed') && !x.name.includes('cache off'))) {
      console.log(`ratio ${f.name} / bare route: ${(f.rps / f.bare!).toFixed(2)}   (target ≥ 0.5)`);
    }
    // Issue #26: the signed calls against the app's own trivial route of the same run (≥ 0.5).
    const trivial = figures.find((f) => f.name.startsWith('app trivial route'));
    if (trivial) {
      for (const f of figures.filter((x) => x.name.startsWith('signed') && !x.name.includes('cache off'))) {
        console.log(`ratio ${f.name} / app trivial route: ${(f.rps / trivial.rps).toFixed(2)}   (target ≥ 0.5)`);
      }
    }
    if (pageLines.length > 0) {
      console.log('');
      console.log(
        `${'signed-out page, against a prerendered file of the same app'.padEnd(38)} ${'req/s'.padStart(8)} ${'p99 ms'.padStart(7)} ${'file req/s'.padStart(11)} ${'ratio'.padStart(6)} ${'errors'.padStart(7)} ${'CPU µs/req'.padStart(11)} ${'file CPU'.padStart(9)}`,
      );
      for (const l of pageLines) console.log(l);
    }
    if (!hasStoreSearch) console.log('dashboard store search: route not in this build, not measured');
    const errors =
      figures.reduce((s, f) => s + f.errors, 0) + sqlFigures.reduce((s, f) => s + f.app.errors + f.bare.errors, 0) + pageErrors;
    console.log(`errors: ${errors}`);
  } finally {
    await stopChild(app);
    await stopChild(appNoCache);
    await stopChild(bare);
    await db.close();
    await cluster?.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
