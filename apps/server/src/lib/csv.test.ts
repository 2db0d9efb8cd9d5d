import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, SAFE_CSV_OPTIONS, cellText, csvCell, csvCellInto, safeCsvStringifier, type ByteSink } from './csv.ts';

const TEXTS = [
  'plain',
  'हिन्दी वाक्य',
  'a, "b"',
  'line\nbreak',
  '=HYPERLINK("http://evil.example","click")',
  '=1+2',
  '+91 98765 43210',
  '-5',
  "-1+cmd|' /C calc'!A0",
  '@SUM(A1:A2)',
  '\tleading tab',
  '\rleading CR',
  '\uFF1D1+1',
  '\uFF0B1',
  '\uFF0D1',
  '\uFF20x',
  'x=1',
  "it's",
  '',
];

/** Collects what csvCellInto appends. */
function bytesCell(text: string): string {
  const parts: Buffer[] = [];
  const sink: ByteSink = { append: (b) => parts.push(Buffer.from(b)), appendByte: (b) => parts.push(Buffer.from([b])) };
  csvCellInto(Buffer.from(text, 'utf8'), sink);
  return Buffer.concat(parts).toString('utf8');
}

describe('CSV rule (BOM + OWASP formula neutralisation)', () => {
  it("gives formula-like cells a leading ' and quotes; other cells quoted only when needed", () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+1')).toBe(`"'+1"`);
    expect(csvCell('-1')).toBe(`"'-1"`);
    expect(csvCell(-1)).toBe(`"'-1"`);
    expect(csvCell('@x')).toBe(`"'@x"`);
    expect(csvCell('\tx')).toBe(`"'\tx"`);
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('x=1')).toBe('x=1');
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, "b"')).toBe('"a, ""b"""');
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(true)).toBe('true');
  });

  it('csvCell gives exactly what csv-stringify gives with SAFE_CSV_OPTIONS (text values)', () => {
    for (const t of TEXTS) {
      const lib = stringify([[t]], { ...SAFE_CSV_OPTIONS, bom: false, record_delimiter: '' });
      expect(csvCell(t), JSON.stringify(t)).toBe(lib);
    }
  });

  it('the byte path of the search export agrees with csvCell', () => {
    for (const t of TEXTS) expect(bytesCell(t), JSON.stringify(t)).toBe(csvCell(t));
  });

  it('a spreadsheet reading the file back sees the original text after the quote mark', () => {
    const line = TEXTS.map(csvCell).join(',');
    const [cells] = parse(line, { relax_quotes: false }) as string[][];
    expect(cells.map((c, i) => (/^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(TEXTS[i]) ? c.slice(1) : c))).toEqual(TEXTS);
  });

  it('the stream helper starts with a UTF-8 BOM and neutralises every cell it writes', async () => {
    const s = safeCsvStringifier({ header: true, columns: ['stage', 'record'] });
    const out: Buffer[] = [];
    s.on('data', (c: Buffer | string) => out.push(Buffer.from(c)));
    const ended = new Promise((r) => s.on('end', r));
    s.write(['validate', '=cmd']);
    s.write(['ingest', cellText(-3)]);
    s.end();
    await ended;
    const bytes = Buffer.concat(out);
    expect(bytes.subarray(0, 3).equals(CSV_BOM)).toBe(true);
    expect(bytes.subarray(3).toString('utf8')).toBe(`stage,record\nvalidate,"'=cmd"\ningest,"'-3"\n`);
  });
});
