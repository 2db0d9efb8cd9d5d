import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createReferenceEngines } from './engines/index.ts';
import { referenceContentKey, referenceDescriptor, STREAMING_LEAD, STREAMING_LIMIT } from './service.ts';

/*
 * The web shows a reference model's card texts from its catalogues, by the card's contentKey
 * (apps/web/src/lib/platform-content.ts), in English from the English catalogue: that English must
 * stay the English this server sends, else an English visitor would read an outdated card. An
 * engine line that is only package names and versions has no entry (it reads the same in every
 * language): the web shows the server's.
 */

const CATALOGUE = path.resolve(import.meta.dirname, '../../../../web/src/lib/i18n/locales/en/platformContent.json');

interface Texts {
  trainingData: Record<string, string>;
  referenceModel: Record<string, { description: string; engine?: string; limits: Record<string, string> }>;
}
const texts = (JSON.parse(fs.readFileSync(CATALOGUE, 'utf8')) as { platformContent: Texts }).platformContent;

/** A catalogue message as shown: its `{name}` arguments filled in. */
function shown(message: string, args: Record<string, string> = {}): string {
  return message.replace(/\{(\w+)\}/g, (_, name: string) => args[name] ?? `{${name}}`);
}

const log = { info() {}, warn() {}, error() {} };
const engines = createReferenceEngines({ cacheDir: path.join(os.tmpdir(), 'ulca-catalogue-texts'), log });

describe("the English catalogue holds the reference models' card texts as the server sends them", () => {
  it('has an entry for every reference model and its streaming variant, and no other', () => {
    const keys = engines.flatMap((e) =>
      e.task === 'tts' ? [referenceContentKey(e), referenceContentKey(e, true)] : [referenceContentKey(e)],
    );
    expect(Object.keys(texts.referenceModel).sort()).toEqual(keys.sort());
  });

  for (const engine of engines) {
    it(`${engine.id}: description, engine line, limits and training data`, () => {
      const entry = texts.referenceModel[referenceContentKey(engine)]!;
      expect(shown(entry.description)).toBe(engine.card.description);
      if (entry.engine !== undefined) expect(shown(entry.engine)).toBe(engine.card.engine);
      expect(Object.values(entry.limits).map((l) => shown(l))).toEqual(engine.card.limits);
      const training = (referenceDescriptor(engine, 'http://127.0.0.1/x') as { trainingDataset: { description: string } }).trainingDataset;
      expect(shown(texts.trainingData[engine.card.kind]!, { refUrl: engine.card.refUrl, engine: engine.card.engine })).toBe(
        training.description,
      );
      if (engine.task !== 'tts') return;
      const stream = texts.referenceModel[referenceContentKey(engine, true)]!;
      expect(shown(stream.description)).toBe(`${STREAMING_LEAD} ${engine.card.description}`);
      if (stream.engine !== undefined) expect(shown(stream.engine)).toBe(engine.card.engine);
      expect(Object.values(stream.limits).map((l) => shown(l))).toEqual([STREAMING_LIMIT, ...engine.card.limits]);
    });
  }
});
