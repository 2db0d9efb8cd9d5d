/**
 * Worker-thread entry that reads and indexes one language's dictionary (run by piscina from
 * transliteration-sanscript.ts). Reading and romanising a Debian word list takes one to several
 * seconds of CPU (docs/product.md#transliteration-word-ranking): on the API's event loop it would
 * stall every other call of the process for that long.
 */
import { indexLexicon, readLexicon, type LexiconTables } from './transliteration-lexicon.ts';
import { romaniseWords } from './transliteration-sanscript.ts';

/** Reads and indexes `language`'s dictionary; null when none is installed. */
export default function buildLexicon({ language }: { language: string }): LexiconTables | null {
  const words = readLexicon(language);
  if (!words) return null;
  const index = indexLexicon(language, words, (text) => romaniseWords(text, language));
  return { byKey: index.byKey as Map<string, string>, common: index.common as Set<string>, words: words.known.size };
}
