/**
 * How an exported record looks (issue #3 scope 4, "files in the ULCA format"): the record's own
 * fields over the params of its dataset (row values override params, DESIGN.md §6), i.e. a
 * contribution-format row that carries its metadata. Media fields name the file inside the
 * export zip (`media/<sha256>.<ext>`, the object-store key) instead of the contributor's path;
 * the internal `<field>Hash` keys are dropped. A text pair found the other way round is turned
 * around (texts and languages swapped) so that every record reads in the requested direction.
 *
 * JSON is built by string concatenation when the row shares no top-level key with its params
 * (the common case), so most records are never parsed for JSON; CSV needs the values and parses.
 */
import { datasetParamsSchemas, datasetRowSchemas, MEDIA_FIELDS, PAIRED_DATASET_TYPES, type DatasetType } from '@ulca/contracts';

/** One record as read from the database (see buildRecordQuery). */
export interface RawRecord {
  /** The row's own fields, JSON text. */
  data: string;
  /** Dataset whose params apply. */
  pid: string;
  /** A text pair stored the other way round (to be turned around). */
  rev: boolean;
  /** The row's values of `RecordFormatter.rowColumns` as PostgreSQL's `->>` gives them (null: absent). */
  cells?: (string | null)[];
}

/** A dataset's params prepared for fast merging. */
export interface PreparedParams {
  obj: Record<string, unknown>;
  /** `{"k": v, …` without the closing brace, or null when params are empty. */
  jsonHead: string | null;
  /** `"key": ` of every params key: a row whose text holds none of them shares no key. */
  probes: string[];
  /** CSV cells of the params-only columns, by column, built once. */
  cells: Map<string, string>;
}

const LANGUAGE_COLUMNS = ['sourceLanguage', 'targetLanguage'];
const SKIPPED_PARAMS = new Set(['version', 'datasetType', 'languages']);

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

/** One CSV cell: text as is, other values as JSON; quoted when it holds a comma, quote or line break. */
export function csvCell(v: unknown): string {
  if (v === undefined || v === null) return '';
  const s = typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** File extension of a media path as the pipeline stores it (lower-case, 1-8 letters/digits, else 'bin'). */
export function mediaExtension(relPath: string): string {
  const m = /[^/]\.([A-Za-z0-9]{1,8})$/.exec(relPath);
  return m ? m[1].toLowerCase() : 'bin';
}

/** Formats the records of one dataset type. */
export class RecordFormatter {
  readonly columns: string[];
  private readonly mediaFields: readonly string[];
  private readonly paired: boolean;

  /** CSV columns a row may carry itself (the type's row fields); the rest come from params only. */
  readonly rowColumns: string[];
  private readonly rowColumnIndex: Map<string, number>;

  constructor(readonly datasetType: string) {
    this.columns = csvColumns(datasetType);
    const media = new Set((MEDIA_FIELDS[datasetType as DatasetType] ?? []).map((f) => `${f}Hash`));
    this.rowColumns = shapeKeys(datasetRowSchemas[datasetType as DatasetType]).filter((k) => !media.has(k) && this.columns.includes(k));
    this.rowColumnIndex = new Map(this.rowColumns.map((c, i) => [c, i]));
    this.mediaFields = MEDIA_FIELDS[datasetType as DatasetType] ?? [];
    this.paired = PAIRED_DATASET_TYPES.includes(datasetType as DatasetType);
  }

  /** Prepares a dataset's params (from dataset_submissions.params). */
  prepare(params: Record<string, unknown> | null): PreparedParams {
    const obj = params ?? {};
    const text = JSON.stringify(obj);
    const keys = Object.keys(obj);
    const cells = new Map<string, string>();
    for (const col of this.columns) cells.set(col, csvCell(this.paramValue(obj, col)));
    return { obj, jsonHead: keys.length ? text.slice(0, -1) : null, probes: keys.map((k) => `${JSON.stringify(k)}:`), cells };
  }

  private paramValue(obj: Record<string, unknown>, col: string): unknown {
    if (col === 'sourceLanguage' || col === 'targetLanguage') return (obj.languages as Record<string, unknown> | undefined)?.[col];
    return obj[col];
  }

  /** True when the record can be written by concatenation (no shared key, no media, not reversed). */
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
    const data = JSON.parse(rec.data) as Record<string, unknown>;
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
      for (const [a, b] of [['sourceLanguage', 'targetLanguage'], ['sourceLanguageName', 'targetLanguageName'], ['sourceScriptCode', 'targetScriptCode']]) {
        if (l[b] !== undefined) swapped[a] = l[b];
        if (l[a] !== undefined) swapped[b] = l[a];
      }
      out.languages = swapped;
    }
    return out;
  }

  /**
   * The record as JSON text and, when `csv`, as a CSV line (no line break). Media keys of the
   * record are pushed to `media` when given.
   */
  format(rec: RawRecord, p: PreparedParams, csv: boolean, media?: string[]): { json: string; csv: string | null } {
    if (this.fast(rec, p)) {
      const json = p.jsonHead === null ? rec.data : rec.data === '{}' ? `${p.jsonHead}}` : `${p.jsonHead}, ${rec.data.slice(1)}`;
      if (!csv) return { json, csv: null };
      let line = '';
      if (rec.cells) {
        // Row values from the query: text as is, objects as JSON (csvCell of a string only quotes).
        for (let i = 0; i < this.columns.length; i++) {
          const col = this.columns[i];
          const at = this.rowColumnIndex.get(col);
          const v = at === undefined ? null : rec.cells[at];
          line += (i ? ',' : '') + (v === null || v === undefined ? (p.cells.get(col) as string) : csvCell(v));
        }
        return { json, csv: line };
      }
      const data = JSON.parse(rec.data) as Record<string, unknown>;
      for (let i = 0; i < this.columns.length; i++) {
        const col = this.columns[i];
        if (i) line += ',';
        line += Object.hasOwn(data, col) ? csvCell(data[col]) : (p.cells.get(col) as string);
      }
      return { json, csv: line };
    }
    const obj = this.merged(rec, p, media);
    const json = JSON.stringify(obj);
    if (!csv) return { json, csv: null };
    return { json, csv: this.columns.map((c) => csvCell(this.paramValue(obj, c))).join(',') };
  }

  /** The CSV header line (no line break). */
  header(): string {
    return this.columns.map(csvCell).join(',');
  }
}
