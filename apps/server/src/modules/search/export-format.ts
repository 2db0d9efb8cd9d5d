/**
 * How an exported record looks: the record's own
 * fields over the params of its dataset (row values override params, docs/architecture.md#dataset-stages), i.e. a
 * contribution-format row that carries its metadata. Media fields name the file inside the
 * export zip (`media/<sha256>.<ext>`, the object-store key) instead of the contributor's path;
 * the internal `<field>Hash` keys are dropped. A text pair found the other way round is turned
 * around (texts and languages swapped) so that every record reads in the requested direction.
 *
 * Speed matters (a million records): in the common case (the row shares no top-level key with
 * its params, no media, not reversed) a record is assembled from byte slices of the COPY output
 * and of the prepared params, never decoded into a JS string: JSON = params without their closing
 * brace + the row without its opening one; CSV cells of row fields come ready from the query.
 * Every other record is parsed, merged and serialised.
 */
import { datasetParamsSchemas, datasetRowSchemas, MEDIA_FIELDS, PAIRED_DATASET_TYPES, type DatasetType } from '@ulca/contracts';
import { csvCell, csvCellInto } from '../../lib/csv.ts';
import type { ByteBuilder } from './byte-builder.ts';

// CSV cells follow the server's one CSV rule (lib/csv.ts: formula neutralisation, quoting).
export { csvCell, csvCellInto };

/** One record as read from the database (see buildRecordQuery), as UTF-8 bytes. */
export interface RawRecord {
  /** The row's own fields, JSON text. */
  data: Buffer;
  /** Dataset whose params apply. */
  pid: string;
  /** A text pair stored the other way round (to be turned around). */
  rev: boolean;
  /** The row's values of `RecordFormatter.rowColumns` as PostgreSQL's `->>` gives them (null: absent). */
  cells?: (Buffer | null)[];
}

/** A dataset's params prepared for fast assembly. */
export interface PreparedParams {
  obj: Record<string, unknown>;
  /** `{"k":v,…, ` (params without the closing brace, then a separator), or null when params are empty. */
  jsonHead: Buffer | null;
  /** The params JSON itself (for a row with no fields). */
  jsonWhole: Buffer;
  /** `"key":` of every params key a row may also carry: a row whose text holds none of them shares no key with params. */
  probes: Buffer[];
  /** CSV cell of each column from params alone (by column index), as bytes. */
  cells: Buffer[];
  /** The params-only runs of the CSV line (see RecordFormatter.segments), commas included. */
  runs: Buffer[];
  /** By segment index: the params cell of a row column the row lacks, followed by the params run after it (one part instead of three). */
  tails: (Buffer | null)[];
}

const LANGUAGE_COLUMNS = ['sourceLanguage', 'targetLanguage'];
const SKIPPED_PARAMS: ReadonlySet<string> = new Set(['version', 'datasetType', 'languages']);
const COMMA = Buffer.from(',');

function shapeKeys(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

/**
 * CSV columns of a type: the row fields, the languages (sourceLanguage, and targetLanguage for
 * text pairs), then the params fields, each once. Objects and lists are JSON in their cell.
 */
export function csvColumns(datasetType: string): string[] {
  const type = datasetType as DatasetType;
  const media = new Set((MEDIA_FIELDS[type] ?? []).map((f) => `${f}Hash`));
  const row = shapeKeys(datasetRowSchemas[type]).filter((k) => !media.has(k));
  const langs = PAIRED_DATASET_TYPES.includes(type) ? LANGUAGE_COLUMNS : LANGUAGE_COLUMNS.slice(0, 1);
  const params = shapeKeys(datasetParamsSchemas[type]).filter((k) => !SKIPPED_PARAMS.has(k));
  return [...new Set([...row, ...langs, ...params])];
}

/** File extension of a media path as the pipeline stores it (lower-case, 1-8 letters/digits, else 'bin'). */
export function mediaExtension(relPath: string): string {
  const m = /[^/]\.([A-Za-z0-9]{1,8})$/.exec(relPath);
  return m ? m[1].toLowerCase() : 'bin';
}

/** A stretch of CSV columns: one row column, or a run of columns that only params fill. */
type Segment = { kind: 'row'; column: number; cell: number } | { kind: 'run'; from: number; to: number; run: number };

/** Formats the records of one dataset type. */
export class RecordFormatter {
  readonly columns: string[];
  /** CSV columns a row may carry itself (the type's row fields); the rest come from params only. */
  readonly rowColumns: string[];
  private readonly segments: Segment[] = [];
  /** Every field a row of the type may carry. */
  private readonly rowKeys: Set<string>;
  private readonly mediaFields: readonly string[];
  private readonly paired: boolean;

  constructor(readonly datasetType: string) {
    this.columns = csvColumns(datasetType);
    this.mediaFields = MEDIA_FIELDS[datasetType as DatasetType] ?? [];
    this.paired = PAIRED_DATASET_TYPES.includes(datasetType as DatasetType);
    const media = new Set(this.mediaFields.map((f) => `${f}Hash`));
    this.rowKeys = new Set([...shapeKeys(datasetRowSchemas[datasetType as DatasetType]), ...media]);
    this.rowColumns = shapeKeys(datasetRowSchemas[datasetType as DatasetType]).filter((k) => !media.has(k) && this.columns.includes(k));
    let runs = 0;
    for (let i = 0; i < this.columns.length; i++) {
      const cell = this.rowColumns.indexOf(this.columns[i]);
      const last = this.segments[this.segments.length - 1];
      if (cell >= 0) this.segments.push({ kind: 'row', column: i, cell });
      else if (last?.kind === 'run') last.to = i;
      else this.segments.push({ kind: 'run', from: i, to: i, run: runs++ });
    }
  }

  /** Prepares a dataset's params (from dataset_submissions.params). */
  prepare(params: Record<string, unknown> | null): PreparedParams {
    const obj = params ?? {};
    const text = JSON.stringify(obj);
    const keys = Object.keys(obj);
    const cells = this.columns.map((col) => Buffer.from(csvCell(this.paramValue(obj, col))));
    // Only a key a row may carry can be shared with params (rows are checked against their schema).
    const shared = keys.filter((k) => this.rowKeys.has(k));
    const runs: Buffer[] = [];
    for (const s of this.segments) {
      if (s.kind !== 'run') continue;
      const parts: Buffer[] = [];
      for (let i = s.from; i <= s.to; i++) parts.push(...(i > 0 ? [COMMA] : []), cells[i]);
      runs[s.run] = Buffer.concat(parts);
    }
    const tails = this.segments.map((seg, i) => {
      const next = this.segments[i + 1];
      if (seg.kind !== 'row' || next?.kind !== 'run') return null;
      return Buffer.concat([...(seg.column > 0 ? [COMMA] : []), cells[seg.column], runs[next.run]]);
    });
    return {
      obj,
      tails,
      jsonHead: keys.length ? Buffer.from(`${text.slice(0, -1)}, `) : null,
      jsonWhole: Buffer.from(text),
      probes: shared.map((k) => Buffer.from(`${JSON.stringify(k)}:`)),
      cells,
      runs,
    };
  }

  private paramValue(obj: Record<string, unknown>, col: string): unknown {
    if (col === 'sourceLanguage' || col === 'targetLanguage') return (obj.languages as Record<string, unknown> | undefined)?.[col];
    return obj[col];
  }

  /** True when the record can be assembled from bytes (no shared key, no media, not reversed, cells given). */
  private fast(rec: RawRecord, p: PreparedParams): boolean {
    if (rec.rev || this.mediaFields.length) return false;
    for (const probe of p.probes) if (rec.data.includes(probe)) return false;
    return true;
  }

  /**
   * The merged record as an object, with media fields rewritten (their keys pushed to `media`)
   * and a reversed pair turned around.
   */
  merged(rec: RawRecord, p: PreparedParams, media?: string[]): Record<string, unknown> {
    const data = JSON.parse(rec.data.toString('utf8')) as Record<string, unknown>;
    const out: Record<string, unknown> = Object.assign({}, p.obj, data);
    for (const f of this.mediaFields) {
      const hash = out[`${f}Hash`];
      if (typeof out[f] === 'string' && typeof hash === 'string') {
        out[f] = `media/${hash}.${mediaExtension(out[f] as string)}`;
        media?.push(out[f] as string);
      }
      delete out[`${f}Hash`];
    }
    if (rec.rev && this.paired) {
      [out.sourceText, out.targetText] = [out.targetText, out.sourceText];
      const l = (out.languages ?? {}) as Record<string, unknown>;
      const swapped: Record<string, unknown> = {};
      for (const [a, b] of [
        ['sourceLanguage', 'targetLanguage'],
        ['sourceLanguageName', 'targetLanguageName'],
        ['sourceScriptCode', 'targetScriptCode'],
      ]) {
        if (l[b] !== undefined) swapped[a] = l[b];
        if (l[a] !== undefined) swapped[b] = l[a];
      }
      out.languages = swapped;
    }
    return out;
  }

  /**
   * Appends the record's JSON text to `out.json` and, when `out.csv` is given, its CSV line (no
   * line break) to `out.csv`. Media keys of the record are pushed to `media` when given.
   */
  formatInto(rec: RawRecord, p: PreparedParams, out: { json: ByteBuilder; csv: ByteBuilder | null }, media?: string[]): void {
    const csv = out.csv;
    if (this.fast(rec, p) && (!csv || rec.cells)) {
      if (p.jsonHead === null) out.json.append(rec.data);
      else if (rec.data.length <= 2) out.json.append(p.jsonWhole);
      else {
        out.json.append(p.jsonHead);
        out.json.appendRange(rec.data, 1, rec.data.length);
      }
      if (!csv) return;
      const segments = this.segments;
      for (let i = 0; i < segments.length; i++) {
        const s = segments[i];
        if (s.kind === 'run') {
          csv.append(p.runs[s.run]);
          continue;
        }
        const v = (rec.cells as (Buffer | null)[])[s.cell];
        if (v === null || v === undefined) {
          const tail = p.tails[i];
          if (tail) {
            csv.append(tail);
            i++; // the run after it is in the tail
            continue;
          }
          if (s.column > 0) csv.appendByte(0x2c);
          csv.append(p.cells[s.column]);
        } else {
          if (s.column > 0) csv.appendByte(0x2c);
          csvCellInto(v, csv);
        }
      }
      return;
    }
    const obj = this.merged(rec, p, media);
    out.json.append(Buffer.from(JSON.stringify(obj)));
    if (csv) csv.append(Buffer.from(this.columns.map((c) => csvCell(this.paramValue(obj, c))).join(',')));
  }

  /** The CSV header line (no line break). */
  header(): string {
    return this.columns.map(csvCell).join(',');
  }
}
