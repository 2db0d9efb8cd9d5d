import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_BENCHMARKS_DIR } from './demo.ts';

/*
 * The web shows a bundled benchmark's name and description from its catalogues, by the
 * benchmark's contentKey (its folder name under demo/benchmarks/): the English catalogue must hold
 * the English of the folder's params.json, which is what the server sends.
 */

const CATALOGUE = path.resolve(import.meta.dirname, '../../../../web/src/lib/i18n/locales/en/platformContent.json');
const texts = (
  JSON.parse(fs.readFileSync(CATALOGUE, 'utf8')) as {
    platformContent: { benchmark: Record<string, { name: string; description: string }> };
  }
).platformContent.benchmark;

const folders = fs.readdirSync(DEMO_BENCHMARKS_DIR).filter((f) => fs.existsSync(path.join(DEMO_BENCHMARKS_DIR, f, 'params.json')));

describe("the English catalogue holds the bundled benchmarks' names and descriptions as the server sends them", () => {
  it('has an entry for every bundled benchmark, and no other', () => {
    expect(Object.keys(texts).sort()).toEqual([...folders].sort());
  });

  for (const folder of folders) {
    it(folder, () => {
      const params = JSON.parse(fs.readFileSync(path.join(DEMO_BENCHMARKS_DIR, folder, 'params.json'), 'utf8')) as {
        name: string;
        description: string;
      };
      expect(texts[folder]!.name).toBe(params.name.trim());
      expect(texts[folder]!.description).toBe(params.description);
    });
  }
});
