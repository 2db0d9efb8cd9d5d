import { Readable } from 'node:stream';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { copyRows } from './copy-rows.ts';
import { ByteBuilder } from './byte-builder.ts';

/** Binary COPY output (PostgreSQL's layout) of text rows. */
function binaryCopy(rows: (string | null)[][]): Buffer {
  const parts: Buffer[] = [Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)];
  for (const row of rows) {
    const n = Buffer.alloc(2);
    n.writeInt16BE(row.length);
    parts.push(n);
    for (const f of row) {
      const len = Buffer.alloc(4);
      const bytes = f === null ? Buffer.alloc(0) : Buffer.from(f, 'utf8');
      len.writeInt32BE(f === null ? -1 : bytes.length);
      parts.push(len, bytes);
    }
  }
  const trailer = Buffer.alloc(2);
  trailer.writeInt16BE(-1);
  parts.push(trailer);
  return Buffer.concat(parts);
}

/** A stand-in for a pg client whose COPY delivers `chunks` (pg is a library, not our code). */
const clientOf = (chunks: Buffer[]) => ({ query: () => Readable.from(chunks) }) as unknown as pg.PoolClient;

async function collect(chunks: Buffer[], fields: number): Promise<(string | null)[][]> {
  const out: (string | null)[][] = [];
  for await (const b of copyRows(clientOf(chunks), 'SELECT 1', fields)) {
    for (let r = 0; r < b.rows; r++) out.push(Array.from({ length: fields }, (_x, f) => b.text(r, f)));
  }
  return out;
}

describe('copyRows (binary COPY)', () => {
  const rows = [
    ['{"text": "नमस्ते, दुनिया"}', 'a1', null],
    ['', 'tab\there\nnewline "quote" \\ backslash', 'x'],
    ['{"text": "ஆஷா"}', null, 'last'],
  ];

  it('gives the same rows whatever the chunk boundaries', async () => {
    const data = binaryCopy(rows);
    expect(await collect([data], 3)).toEqual(rows);
    for (let cut = 1; cut < data.length; cut++) {
      expect(await collect([data.subarray(0, cut), data.subarray(cut)], 3), `cut at ${cut}`).toEqual(rows);
    }
    expect(
      await collect(
        [...data].map((b) => Buffer.from([b])),
        3,
      ),
    ).toEqual(rows);
  });

  it('refuses output that ends inside a row or is not binary COPY', async () => {
    const data = binaryCopy(rows);
    await expect(collect([data.subarray(0, data.length - 5)], 3)).rejects.toThrow(/ended inside a row/);
    await expect(collect([Buffer.from('a\tb\n'.repeat(10))], 2)).rejects.toThrow(/not binary COPY/);
    await expect(collect([data], 2)).rejects.toThrow(/fields/);
  });
});

describe('ByteBuilder', () => {
  it('grows, keeps what was written and hands it over', () => {
    const b = new ByteBuilder(4);
    b.append(Buffer.from('hello '));
    b.appendRange(Buffer.from('xxworldxx'), 2, 7);
    b.appendByte(0x21);
    const out = b.take();
    expect(out.toString()).toBe('hello world!');
    b.append(Buffer.from('next'));
    expect(out.toString()).toBe('hello world!');
    expect(b.view().toString()).toBe('next');
  });
});
