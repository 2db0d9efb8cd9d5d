/**
 * The one CSV rule of every CSV the server writes (search all.csv and sample.csv, ready-made
 * CSV, error summary and detailed error reports; docs/api.md#conventions):
 *
 * - the file starts with a UTF-8 byte order mark, so spreadsheets read Hindi, Tamil… as UTF-8;
 * - a cell that begins with `=`, `+`, `-`, `@`, tab or carriage return (or their full-width forms
 *   U+FF1D, U+FF0B, U+FF0D, U+FF20, which some spreadsheets fold into them) gets a leading `'`
 *   and is quoted, as OWASP recommends against formula injection. The JSON and JSONL files keep
 *   the data unchanged.
 *
 * Streams of rows use csv-stringify with SAFE_CSV_OPTIONS; the search export assembles its CSV
 * from bytes for speed and calls csvCell / csvCellInto, which give the same cells (unit-tested
 * against csv-stringify). Every value is written as text first, so a number like -5 is treated as
 * the text "-5": one rule for every cell, whatever its JSON type (the bytes of the search export
 * do not tell numbers from text).
 */
import { stringify, type Options as StringifyOptions, type Stringifier } from 'csv-stringify';

/** The UTF-8 byte order mark every server-written CSV starts with. */
export const CSV_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** A cell text that a spreadsheet could take for a formula. */
export const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** csv-stringify options of the rule: BOM, formula neutralisation, and quoting of what was neutralised. */
export const SAFE_CSV_OPTIONS = { bom: true, escape_formulas: true, quoted_match: FORMULA_START } as const satisfies StringifyOptions;

/** A value as the text of its cell: strings as they are, numbers and booleans printed, other values as JSON, null/undefined empty. */
export function cellText(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return JSON.stringify(v);
}

/**
 * One CSV cell of `v` under the rule: a formula-like start gets `'` and quotes; a comma, quote or
 * line break gets quotes (inner quotes doubled). Same output as csv-stringify with SAFE_CSV_OPTIONS.
 */
export function csvCell(v: unknown): string {
  let s = cellText(v);
  const formula = FORMULA_START.test(s);
  if (formula) s = `'${s}`;
  if (formula || /[",\r\n]/.test(s)) return `"${s.replace(/"/g, '""')}"`;
  return s;
}

/** Where csvCellInto appends (ByteBuilder of the search export, or anything alike). */
export interface ByteSink {
  append(b: Buffer): void;
  appendByte(b: number): void;
}

/** True when UTF-8 text `b` begins like a formula (see FORMULA_START), checked on the bytes. */
function formulaStartBytes(b: Buffer): boolean {
  if (b.length === 0) return false;
  const c = b[0];
  if (c === 0x3d || c === 0x2b || c === 0x2d || c === 0x40 || c === 0x09 || c === 0x0d) return true;
  // U+FF0B, U+FF0D, U+FF1D = EF BC 8B / 8D / 9D; U+FF20 = EF BC A0.
  return c === 0xef && b.length >= 3 && b[1] === 0xbc && (b[2] === 0x8b || b[2] === 0x8d || b[2] === 0x9d || b[2] === 0xa0);
}

/** Appends csvCell of a text given as UTF-8 bytes; the bytes themselves when nothing needs quoting. */
export function csvCellInto(b: Buffer, out: ByteSink): void {
  if (formulaStartBytes(b) || b.indexOf(0x22) >= 0) out.append(Buffer.from(csvCell(b.toString('utf8'))));
  else if (b.indexOf(0x2c) >= 0 || b.indexOf(0x0a) >= 0 || b.indexOf(0x0d) >= 0) {
    out.appendByte(0x22);
    out.append(b);
    out.appendByte(0x22);
  } else out.append(b);
}

/**
 * A csv-stringify stream under the rule (BOM first, formulas neutralised). Write rows of text
 * (arrays or objects of strings; pass other values through cellText first): csv-stringify spares
 * cells that are JS numbers from the `-` rule, and the rule here has no such exemption, so that
 * the byte-assembled search CSV and this stream agree. `options` may add columns/header.
 */
export function safeCsvStringifier(options: Omit<StringifyOptions, 'bom' | 'escape_formulas' | 'quoted_match'> = {}): Stringifier {
  return stringify({ ...options, ...SAFE_CSV_OPTIONS });
}
