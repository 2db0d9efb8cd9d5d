// Transliteration word ranking bench (docs/benchmarks.md#transliteration-word-ranking): top-1 accuracy
// of the reference transliteration engine on hand-written lists of common Romanised words
// (bench/roman-words/<lang>.tsv), before (the strict ITRANS reading, the engine's former answer)
// and after (the first suggestion, ranked by the Debian dictionary), measured in the same run.
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { inferenceRequestSchemas } from '@ulca/contracts';
import {
  createTransliterationSanscriptEngine,
  strictReading,
} from '../apps/server/src/modules/reference-models/engines/transliteration-sanscript.ts';

/** The (roman, native) pairs of one list; `#` lines are comments. */
function readList(file: string): [string, string][] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => line.split('\t') as [string, string])
    .map(([roman, native]) => [roman.trim(), native.trim().normalize('NFC')]);
}

/** Runs the bench over every list in bench/data; `--show-misses` prints the words missed after ranking. */
export async function main(args: string[]): Promise<void> {
  const showMisses = args.includes('--show-misses');
  const dir = path.join(import.meta.dirname, 'roman-words');
  const engine = createTransliterationSanscriptEngine({ log: pino({ level: 'warn' }) } as never);
  const warmStart = Date.now();
  const rss = process.memoryUsage().rss;
  await engine.warm?.();
  // With NODE_OPTIONS=--expose-gc the figure is what stays, not the garbage of reading.
  (globalThis as { gc?: () => void }).gc?.();
  const mib = (process.memoryUsage().rss - rss) / 2 ** 20;
  console.log(`engine warm (reads the hi and ta dictionaries): ${Date.now() - warmStart} ms, RSS +${mib.toFixed(0)} MiB`);
  /** The engine's suggestions for one romanised text in `lang` (a request the server would send). */
  const ask = async (roman: string, lang: string): Promise<string[]> => {
    const request = inferenceRequestSchemas.transliteration.parse({
      input: [{ source: roman }],
      config: { language: { sourceLanguage: 'en', targetLanguage: lang }, numSuggestions: 5 },
    });
    const target = (await engine.infer(request)).output[0]!.target;
    return Array.isArray(target) ? target : [target];
  };
  const lists: [string, string, [string, string][]][] = fs
    .readdirSync(dir)
    .filter((f) => /^[a-z]+\.tsv$/.test(f))
    .map((f) => {
      const lang = /^([a-z]+)\.tsv$/.exec(f)![1]!;
      return [lang, lang, readList(path.join(dir, f))];
    });
  // The bundled English-Hindi transliteration benchmark (written by hand before this ranking): a second, independent list.
  const bundled = JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, '../apps/server/demo/benchmarks/transliteration-en-hi/data.json'), 'utf8'),
  ) as { sourceText: string; targetText: string }[];
  lists.push(['hi', 'hi (bundled)', bundled.map((r) => [r.sourceText, r.targetText.normalize('NFC')])]);
  console.log('lang  words  before(strict)  after(top-1)  after(top-5)  ratio  ms/word');
  for (const [lang, name, pairs] of lists) {
    let before = 0;
    let after = 0;
    let top5 = 0;
    const misses: string[] = [];
    // The first request reads the dictionary (unless warm did): timed apart from the per-word figure.
    const load = Date.now();
    await ask('a', lang);
    const loadMs = Date.now() - load;
    const start = performance.now();
    for (const [roman, native] of pairs) {
      if (strictReading(roman, lang) === native) before++;
      const suggestions = await ask(roman, lang);
      if (suggestions[0] === native) after++;
      else misses.push(`${roman}: ${native} ≠ ${suggestions.join(' | ')}`);
      if (suggestions.includes(native)) top5++;
    }
    const ms = (performance.now() - start) / pairs.length;
    const pct = (n: number) => `${n}/${pairs.length} ${((100 * n) / pairs.length).toFixed(1)}%`;
    console.log(
      `${name}    ${pairs.length}    ${pct(before)}    ${pct(after)}    ${pct(top5)}    ×${(after / Math.max(before, 1)).toFixed(1)}    ${ms.toFixed(2)} (dictionary read ${loadMs} ms)`,
    );
    if (showMisses) for (const m of misses) console.log(`  ${m}`);
  }
  await engine.close();
}
