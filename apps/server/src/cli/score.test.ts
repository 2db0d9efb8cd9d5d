// `ulca score`, run as a program: scores, signatures, JSON last line, exit codes.
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastLine, ulca } from '../test/cli.ts';

let dir: string;
const f = (name: string) => path.join(dir, name);
/** The two-reference BLEU files of these tests and --json, as arguments. */
const twoRefsJson = () => ['--refs', f('refs1.txt'), '--refs', f('refs2.txt'), '--hyps', f('hyps.txt'), '--json'];
beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'ulca-score-'));
  // sacrebleu's README example (two reference files), Windows line ends on one of them.
  await fsp.writeFile(f('hyps.txt'), "The dog bit the man.\nIt wasn't surprising.\nThe man had just bitten him.\n");
  await fsp.writeFile(f('refs1.txt'), 'The dog bit the man.\r\nIt was not unexpected.\r\nThe man bit him first.\r\n');
  await fsp.writeFile(f('refs2.txt'), 'The dog had bit the man.\nNo one was surprised.\nThe man had bitten the dog.');
  await fsp.writeFile(f('short.txt'), 'one line\n');
  await fsp.writeFile(f('asr-ref.txt'), 'This is a test\n');
  await fsp.writeFile(f('asr-hyp.txt'), 'This test\n');
  await fsp.writeFile(f('translit-ref.txt'), 'namaste\nbharat\n');
  await fsp.writeFile(f('translit-hyp.txt'), 'namaskar\tnamaste\nbharat\n');
});
afterAll(async () => {
  await fsp.rm(dir, { recursive: true, force: true });
});

describe.concurrent('ulca score', { timeout: 120_000 }, () => {
  it('prints BLEU and its signature; --json ends with the sacrebleu-scale result', async () => {
    const { code, stdout } = await ulca('score', '--metric', 'bleu', ...twoRefsJson());
    expect(code).toBe(0);
    expect(stdout).toMatch(/^bleu = 48\.53/m);
    const r = lastLine(stdout);
    expect(Math.abs((r.score as number) - 48.530827)).toBeLessThan(1e-6);
    expect(r).toMatchObject({
      metric: 'bleu',
      nrefs: 2,
      rows: 3,
      signature: 'nrefs:2|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0|metric:bleu|ulca:1',
    });
  });
  it('passes the tokeniser and lowercase options through', async () => {
    const { code, stdout } = await ulca('score', '--metric', 'bleu', '--tokenize', 'intl', '--lowercase', ...twoRefsJson());
    expect(code).toBe(0);
    expect(lastLine(stdout).signature).toBe('nrefs:2|case:lc|eff:no|tok:intl|smooth:exp|version:2.6.0|metric:bleu|ulca:1');
  });
  it('scores WER on the 0–100 scale (jiwer 0.5 → 50) with a bootstrap interval', async () => {
    const { code, stdout } = await ulca(
      'score',
      '--metric',
      'wer',
      '--refs',
      f('asr-ref.txt'),
      '--hyps',
      f('asr-hyp.txt'),
      '--bootstrap',
      '50',
      '--json',
    );
    expect(code).toBe(0);
    expect(lastLine(stdout)).toMatchObject({ metric: 'wer', score: 50, direction: 'lower', interval: { low: 50, high: 50, samples: 50 } });
  });
  it('reads tab-separated candidates for top5 and accepts meteor as meteor-exact', async () => {
    const top5 = await ulca('score', '--metric', 'top5', '--refs', f('translit-ref.txt'), '--hyps', f('translit-hyp.txt'), '--json');
    expect(lastLine(top5.stdout)).toMatchObject({ metric: 'top5', score: 100 });
    const top1 = await ulca('score', '--metric', 'top1', '--refs', f('translit-ref.txt'), '--hyps', f('translit-hyp.txt'), '--json');
    expect(lastLine(top1.stdout)).toMatchObject({ metric: 'top1', score: 50 });
    const met = await ulca('score', '--metric', 'meteor', '--refs', f('refs1.txt'), '--hyps', f('hyps.txt'), '--json');
    expect(lastLine(met.stdout).metric).toBe('meteor-exact');
  });
  it.each([
    [['--metric', 'bleu', '--refs', 'short.txt', '--hyps', 'hyps.txt'], /short\.txt has 1 lines but .*hyps\.txt has 3/],
    [['--metric', 'bleu', '--refs', 'missing.txt', '--hyps', 'hyps.txt'], /missing\.txt does not exist/],
    [['--metric', 'blue', '--refs', 'refs1.txt', '--hyps', 'hyps.txt'], /Unknown metric "blue"/],
    [['--metric', 'bleu', '--tokenize', 'zh', '--refs', 'refs1.txt', '--hyps', 'hyps.txt'], /Unknown tokeniser "zh"/],
    [['--metric', 'bertscore', '--refs', 'refs1.txt', '--hyps', 'hyps.txt'], /unavailable/],
    [['--metric', 'bleu', '--hyps', 'hyps.txt'], /--refs is required/],
  ])('bad input %j → message and exit 2', async (args, message) => {
    const resolved = args.map((a) => (a.endsWith('.txt') ? f(a) : a));
    const { code, stdout, stderr } = await ulca('score', ...resolved, '--json');
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(lastLine(stdout).error).toMatch(message);
  });
});
