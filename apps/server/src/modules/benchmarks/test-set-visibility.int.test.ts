/**
 * One rule for a benchmark's test set (docs/api.md#who-sees-a-benchmarks-rows)
 * on the real app and PostgreSQL: a contributed benchmark is hidden when it publishes; every path
 * that answers rows (run/outputs, run/compare, download, getBenchmark, search, getByTask) is tried
 * as anonymous, another user, the model's owner, the benchmark's owner and an admin, one by one and
 * all at once; then the owner opens it and the rows are public again, and hides it once more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, signedInject, type TestUser } from '../../test/users.ts';
import { insertTranslationDouble, startBenchmarkRig, submitTranslationBenchmark, type BenchmarkRig } from '../../test/benchmark-rig.ts';
import { benchmarkRunFinished } from '../../test/poll.ts';
import { jsonLines } from '../../test/jsonl.ts';

const SOURCES = [
  'बिल्ली छत पर सो रही है',
  'बच्चे बगीचे में खेलते हैं',
  'रात को बारिश गिरती है',
  'चिड़िया पेड़ पर गाती है',
  'कुत्ता रात को भौंकता है',
  'नदी पहाड़ से बहती है',
];
/** References that no model output contains (the test model answers `mr:` + source). */
const REFS = SOURCES.map((s, i) => `mr:${s} संदर्भ${i}`);
const api = (x: string) => `/ulca/apis/v0/benchmark/${x}`;

let rig: BenchmarkRig;
let benchOwner: TestUser;
let modelOwner: TestUser;
let other: TestUser;
let admin: TestUser;

type Who = 'anonymous' | 'other' | 'modelOwner' | 'benchOwner' | 'admin';
const WHO: Who[] = ['anonymous', 'other', 'modelOwner', 'benchOwner', 'admin'];
const userOf = (w: Who): TestUser | null => ({ anonymous: null, other, modelOwner, benchOwner, admin })[w];

function call(w: Who, method: 'GET' | 'POST', url: string, body?: unknown) {
  const u = userOf(w);
  if (u) return signedInject(rig.p.app, u, method, url, body);
  return rig.p.app.inject({ method, url, ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}) });
}

/** True when `text` holds any row's input or reference. */
const hasInputs = (text: string) => SOURCES.some((s) => text.includes(s));
const hasRefs = (text: string) => REFS.some((r) => text.includes(r));

beforeAll(async () => {
  rig = await startBenchmarkRig('ulca-test-set-', { referenceModels: false, benchmarkRun: { batchRows: 6 } });
  ({ contributor: benchOwner, admin } = rig);
  [modelOwner, other] = await Promise.all([
    createSignedInUser(rig.p, ['CONTRIBUTOR-USER']),
    createSignedInUser(rig.p, ['CONTRIBUTOR-USER', 'BENCHMARK-DATASET-CONTRIBUTOR']),
  ]);
}, 60_000);

afterAll(async () => rig?.close());

describe('a hidden benchmark test set', () => {
  let benchmarkId: string;
  /** The address the benchmark was submitted from (its Download for those who may see the rows). */
  let refUrl: string;
  const runs: Record<'good' | 'second' | 'others', string> = { good: '', second: '', others: '' };

  it('is hidden when a contributed benchmark publishes, and runs complete on it', async () => {
    const rows = SOURCES.map((s, i) => ({ sourceText: s, targetText: REFS[i] }));
    const submitted = await submitTranslationBenchmark(
      rig,
      benchOwner,
      { name: 'Hidden hi-mr', description: 'A test set kept hidden' },
      rows,
    );
    expect(submitted.status).toBe('Completed');
    ({ benchmarkId, url: refUrl } = submitted);
    const good = await insertTranslationDouble(rig, modelOwner, 'Good MT');
    const second = await insertTranslationDouble(rig, modelOwner, 'Second MT', 'कुत्ता');
    const others = await insertTranslationDouble(rig, other, 'Other MT');
    for (const [as, model, key] of [
      [modelOwner, good, 'good'],
      [modelOwner, second, 'second'],
      [other, others, 'others'],
    ] as const) {
      const r = await signedInject(rig.p.app, as, 'POST', api('execute'), {
        modelId: model,
        benchmarks: [{ benchmarkId, metric: 'bleu' }],
      });
      expect(r.statusCode, r.body).toBe(200);
      runs[key] = r.json().benchmarkProcessIds[0];
    }
    for (const key of ['good', 'second'] as const)
      expect((await benchmarkRunFinished(rig.p.app, modelOwner, runs[key])).status).toBe('Completed');
    expect((await benchmarkRunFinished(rig.p.app, other, runs.others)).status).toBe('Completed');
    const detail = (await rig.p.app.inject({ method: 'GET', url: api(`getBenchmark?benchmarkId=${benchmarkId}`) })).json();
    expect(detail.visibility).toBe('hidden');
  }, 90_000);

  /** Every path that answers rows, as `w`; asserts what a hidden test set shows them. */
  async function checkHidden(w: Who) {
    const full = w === 'benchOwner' || w === 'admin';
    // Per-example outputs (the JSONL export) of the model owner's run.
    const out = await call(w, 'GET', api(`run/outputs?benchmarkProcessId=${runs.good}`));
    if (full) {
      expect(out.statusCode, out.body).toBe(200);
      const lines = jsonLines(out.body);
      expect(lines.map((l) => l.input)).toEqual(SOURCES);
      expect(lines.map((l) => l.reference)).toEqual(REFS);
    } else if (w === 'modelOwner') {
      expect(out.statusCode, out.body).toBe(200);
      const lines = jsonLines(out.body);
      expect(lines.map((l) => [l.input, l.reference])).toEqual(SOURCES.map(() => [null, null]));
      expect(lines.map((l) => l.hypothesis)).toEqual(SOURCES.map((s) => `mr:${s}`));
      expect(lines.every((l) => typeof l.score === 'number')).toBe(true);
      expect(hasRefs(out.body)).toBe(false);
    } else {
      expect(out.statusCode, out.body).toBe(403);
      expect(out.json().code).toBe('TEST_SET_HIDDEN');
      expect(hasInputs(out.body) || hasRefs(out.body)).toBe(false);
    }

    // The paired comparison of the model owner's two runs.
    const cmp = await call(w, 'POST', api('run/compare'), { benchmarkProcessIds: [runs.good, runs.second], limit: 10 });
    expect(cmp.statusCode, cmp.body).toBe(200);
    const d = cmp.json().data;
    expect(d.visibility).toBe('hidden');
    expect(d.pairs).toHaveLength(1);
    if (full) {
      expect(d.examples.length).toBeGreaterThan(0);
      expect(d.examples.every((e: { input: string; reference: string }) => SOURCES.includes(e.input) && REFS.includes(e.reference))).toBe(
        true,
      );
    } else if (w === 'modelOwner') {
      expect(d.examples.length).toBeGreaterThan(0);
      expect(d.examples.every((e: { input: unknown; reference: unknown }) => e.input === null && e.reference === null)).toBe(true);
      expect(d.examples[0].outputs.some((o: { hypothesis: string | null }) => o.hypothesis !== null)).toBe(true);
      expect(hasRefs(cmp.body)).toBe(false);
    } else {
      expect(d.examples).toEqual([]);
      expect(hasInputs(cmp.body) || hasRefs(cmp.body)).toBe(false);
    }

    // A comparison of another user's run with the model owner's: only one's own hypotheses.
    const mixed = await call(w, 'POST', api('run/compare'), { benchmarkProcessIds: [runs.others, runs.good] });
    expect(mixed.statusCode, mixed.body).toBe(200);
    const m = mixed.json().data;
    if (full) expect(m.examples.length).toBeGreaterThan(0);
    else if (w === 'anonymous') expect(m.examples).toEqual([]);
    else {
      const mine = w === 'other' ? runs.others : runs.good;
      for (const e of m.examples) {
        expect([e.input, e.reference]).toEqual([null, null]);
        for (const o of e.outputs) expect(o.hypothesis === null).toBe(o.benchmarkProcessId !== mine);
      }
      expect(m.examples.length).toBeGreaterThan(0);
      expect(hasRefs(mixed.body)).toBe(false);
    }

    // Download: a contributed benchmark has no zip here; its refUrl (the address it came from) only to its owner and admins.
    const dl = await call(w, 'GET', api(`download?benchmarkId=${benchmarkId}`));
    expect(dl.statusCode).toBe(404);
    expect(hasInputs(dl.body) || hasRefs(dl.body)).toBe(false);

    // The leaderboard detail, the list and the Run Benchmark modal.
    const det = await call(w, 'GET', api(`getBenchmark?benchmarkId=${benchmarkId}`));
    expect(det.statusCode, det.body).toBe(200);
    const b = det.json();
    expect(b.visibility).toBe('hidden');
    expect(b.refUrl).toBe(full ? refUrl : null);
    expect(b.canChangeVisibility).toBe(full);
    expect(hasInputs(det.body) || hasRefs(det.body)).toBe(false);
    const listed = (await call(w, 'POST', api('search'), { task: 'translation' })).json();
    const entry = listed.data.find((x: { benchmarkId: string }) => x.benchmarkId === benchmarkId);
    expect(entry.refUrl).toBeNull();
    if (w === 'modelOwner') {
      const modelId = b.benchmarkPerformance.find((e: { benchmarkProcessId: string }) => e.benchmarkProcessId === runs.good).modelId;
      const byTask = (await call(w, 'POST', api('getByTask'), { modelId })).json();
      expect(byTask.data.find((x: { benchmarkId: string }) => x.benchmarkId === benchmarkId).refUrl).toBeNull();
    }
  }

  for (const w of WHO) it(`shows ${w} only what a hidden test set allows`, () => checkHidden(w));

  it('holds when every caller asks at once', async () => {
    await Promise.all([...WHO, ...WHO, ...WHO].map((w) => checkHidden(w)));
  }, 60_000);

  it('lets only the owner and admins change it; anonymous, another user and the model owner are refused', async () => {
    const set = (w: Who, visibility: string, id = benchmarkId) => call(w, 'POST', api('visibility'), { benchmarkId: id, visibility });
    expect((await set('anonymous', 'open')).statusCode).toBe(401);
    expect((await set('modelOwner', 'open')).statusCode).toBe(403);
    const otherTry = await set('other', 'open');
    expect(otherTry.statusCode).toBe(403);
    expect((await set('benchOwner', 'visible')).statusCode).toBe(400);
    expect((await set('benchOwner', 'open', crypto.randomUUID())).statusCode).toBe(404);
    // Attackers racing the owner change nothing.
    const race = await Promise.all([set('other', 'open'), set('modelOwner', 'open'), set('other', 'open'), set('anonymous', 'open')]);
    expect(race.map((r) => r.statusCode)).toEqual([403, 403, 403, 401]);
    expect((await rig.p.app.inject({ method: 'GET', url: api(`getBenchmark?benchmarkId=${benchmarkId}`) })).json().visibility).toBe(
      'hidden',
    );
  });

  it('opens: every caller sees rows as before; then hidden again', async () => {
    const res = await call('benchOwner', 'POST', api('visibility'), { benchmarkId, visibility: 'open' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ benchmarkId, visibility: 'open' });
    await Promise.all(
      WHO.map(async (w) => {
        const out = await call(w, 'GET', api(`run/outputs?benchmarkProcessId=${runs.good}`));
        expect(out.statusCode, out.body).toBe(200);
        const lines = jsonLines(out.body);
        expect(lines.map((l) => l.input)).toEqual(SOURCES);
        expect(lines.map((l) => l.reference)).toEqual(REFS);
        const cmp = (await call(w, 'POST', api('run/compare'), { benchmarkProcessIds: [runs.good, runs.second] })).json().data;
        expect(cmp.visibility).toBe('open');
        expect(cmp.examples.every((e: { input: string }) => SOURCES.includes(e.input))).toBe(true);
        const det = (await call(w, 'GET', api(`getBenchmark?benchmarkId=${benchmarkId}`))).json();
        expect(det.refUrl).toBe(refUrl);
      }),
    );
    const again = await call('admin', 'POST', api('visibility'), { benchmarkId, visibility: 'hidden' });
    expect(again.statusCode, again.body).toBe(200);
    expect((await call('anonymous', 'GET', api(`run/outputs?benchmarkProcessId=${runs.good}`))).statusCode).toBe(403);
  });
});
