/**
 * Translation of search criteria into SQL over `dataset_records` (docs/architecture.md#dataset-stages).
 *
 * What is stored: a record row has the searchable dimensions as columns (source_language,
 * target_language, first domain, first collection method, first submitter, duration_seconds,
 * dataset_ids, submitters) and the row's own fields in `data` (jsonb); the dataset-wide values
 * live once in the dataset's params (datasets/service.ts DATASET_PARAMS_RELATION). A record's effective metadata is the params of the
 * dataset that first published it (`dataset_ids[1]`, whose row `data` holds) overridden key by key
 * by its own fields: `coalesce(r.data->'key', s.params->'key')`.
 *
 * Criteria semantics:
 * - Languages: non-pair types match `source_language` against the chosen languages. Text-pair
 *   types (parallel, transliteration, glossary) match a pair stored in the requested direction
 *   (source → one of the targets) and, because a pair reads both ways, also one stored the other
 *   way round (target → source); the export turns such a reversed record around so that every
 *   exported record reads sourceLanguage → targetLanguage as requested. `originalSourceSentence`
 *   keeps only pairs stored in the requested direction.
 * - domain / collectionMethod: any of the record's domains / collection descriptions.
 * - license and the advanced list filters: the effective value is one of the chosen values,
 *   compared without case (tool names are free text in the contribution format).
 * - mixedDataSource / assertLanguage (ASR): apply to mixed-language records only (source language
 *   'mixed'): such a record must come from the data source and assert one of the languages;
 *   records of the other chosen languages are not affected.
 * - submitterName: any submitter of the record (a de-duplicated record lists every contributor),
 *   without case; multipleContributors: more than one submitter.
 * - min/max filters are inclusive bounds on the record's number (alignment score, number of
 *   speakers, SNR); ages bound the speaker's exact age, or both ends of the age range.
 *   A record without the number does not match a bound.
 *
 * Everything is parameterised ($n); `inlineQuery` renders the same query with escaped literals
 * for COPY, which cannot take parameters.
 */
import { escapeLiteral } from 'pg';
import { MEDIA_FIELDS, PAIRED_DATASET_TYPES, type DatasetType, type NormalizedCriteria } from '@ulca/contracts';
import { DATASET_PARAMS_RELATION } from '../datasets/service.ts';

/** What to select, with checked criteria (see RecordQuery in export-writer.ts for the public form). */
export interface ResolvedRecordQuery {
  datasetType: string;
  /** Only records belonging to one of these datasets (ready-made downloads). */
  datasetIds?: string[];
  /** Checked criteria (validateSearchCriteria), or none for every record of the type. */
  criteria?: NormalizedCriteria;
  /** At most this many records (in export order). */
  limit?: number;
}

/** A query with its positional parameters. */
export interface SqlQuery {
  text: string;
  values: unknown[];
}

/** Where a criterion's value sits in a record: top-level key, then a path below it. */
interface FieldPath {
  top: string;
  rest: string[];
}
const at = (top: string, ...rest: string[]): FieldPath => ({ top, rest });
const details = (key: string) => at('collectionMethod', 'collectionDetails', key);

/** List filters on text values: criteria field → record field. */
export const TEXT_FILTER_PATHS: Readonly<Record<string, FieldPath>> = {
  license: at('license'),
  alignmentTool: details('alignmentTool'),
  translationModel: details('translationModel'),
  editingTool: details('editingTool'),
  evaluationMethod: details('evaluationMethodType'),
  asrModel: details('asrModel'),
  ocrTool: details('ocrTool'),
  format: at('format'),
  channel: at('channel'),
  bitsPerSample: at('bitsPerSample'),
  gender: at('gender'),
  dialect: at('dialect'),
  dpi: at('dpi'),
  imageTextType: at('imageTextType'),
  age: at('age'),
  snrTool: at('snr', 'methodDetails', 'snrTool'),
  assertLanguage: at('assertLanguage'),
};

/** List filters on numbers (equal to one of the values). */
export const NUMBER_LIST_PATHS: Readonly<Record<string, FieldPath>> = {
  snr: at('snr', 'methodDetails', 'snr'),
  noOfSpeakers: at('numberOfSpeakers'),
  samplingRate: at('samplingRate'),
};

/** Single-value numeric filters: bound kind and record field. Ages are handled apart. */
export const NUMBER_BOUND_PATHS: Readonly<Record<string, { op: '>=' | '<=' | '='; path: FieldPath }>> = {
  minScore: { op: '>=', path: details('alignmentScore') },
  maxScore: { op: '<=', path: details('alignmentScore') },
  samplingRate: { op: '=', path: at('samplingRate') },
  minNoOfSpeakers: { op: '>=', path: at('numberOfSpeakers') },
  maxNoOfSpeakers: { op: '<=', path: at('numberOfSpeakers') },
  minSnr: { op: '>=', path: at('snr', 'methodDetails', 'snr') },
  maxSnr: { op: '<=', path: at('snr', 'methodDetails', 'snr') },
};

/** Criteria fields handled by dedicated SQL (not through the path tables). */
export const SPECIAL_FILTERS = ['sourceLanguage', 'targetLanguage', 'domain', 'collectionMethod', 'submitterName', 'minAge', 'maxAge'];

const ident = /^[A-Za-z][A-Za-z0-9]*$/;
/** `coalesce(r.data->'top', s.params->'top')`, then `#> '{rest}'`; keys are fixed names from the tables above. */
function effective(p: FieldPath, asText: boolean): string {
  for (const k of [p.top, ...p.rest]) if (!ident.test(k)) throw new Error(`bad field name ${k}`);
  const base = `coalesce(r.data->'${p.top}', s.params->'${p.top}')`;
  const path = `'{${p.rest.join(',')}}'`;
  return asText ? `(${base} #>> ${path})` : `(${base} #> ${path})`;
}
/** The number at `p`, or null when it is absent or not a number. */
function numberAt(p: FieldPath): string {
  const v = effective(p, false);
  return `(CASE WHEN jsonb_typeof(${v}) = 'number' THEN (${v})::numeric END)`;
}

/** True when the criteria need the dataset params (every filter except languages and submitters). */
function needsParams(c: NormalizedCriteria | undefined): boolean {
  if (!c) return false;
  return Object.keys(c.lists).length > 0 || Object.keys(c.numbers).length > 0 || c.mixedDataSource !== null;
}

interface QueryParts {
  /** FROM … WHERE … (no ORDER BY). */
  body: string;
  /** Expression of the dataset whose params apply. */
  pid: string;
  /** Expression: true for a text pair stored the other way round. */
  rev: string;
  values: unknown[];
  param: (v: unknown, cast: string) => string;
}

function buildParts(q: ResolvedRecordQuery): QueryParts {
  const values: unknown[] = [];
  const param = (v: unknown, cast: string) => {
    values.push(v);
    return `$${values.length}::${cast}`;
  };
  const where: string[] = [`r.dataset_type = ${param(q.datasetType, 'text')}`];
  const single = q.datasetIds?.length === 1 ? q.datasetIds[0] : null;
  let pid = 'r.dataset_ids[1]';
  if (q.datasetIds?.length) {
    where.push(`r.dataset_ids && ${param(q.datasetIds, 'uuid[]')}`);
    if (single) pid = param(single, 'uuid');
  }
  let rev = 'false';
  const c = q.criteria;
  if (c) {
    const paired = PAIRED_DATASET_TYPES.includes(c.datasetType as DatasetType);
    if (paired) {
      const src = param(c.sourceLanguage, 'text[]');
      const tgt = param(c.targetLanguage ?? [], 'text[]');
      const forward = `(r.source_language = ANY (${src}) AND r.target_language = ANY (${tgt}))`;
      const backward = `(r.source_language = ANY (${tgt}) AND r.target_language = ANY (${src}))`;
      if (c.originalSourceSentence) where.push(forward);
      else {
        where.push(`(${forward} OR ${backward})`);
        rev = `NOT ${forward}`;
      }
    } else {
      where.push(`r.source_language = ANY (${param(c.sourceLanguage, 'text[]')})`);
    }
    if (c.multipleContributors) where.push('cardinality(r.submitters) > 1');
    // The data source and the asserted language describe mixed-language records only: records of
    // the other chosen languages pass them (a form with Hindi and a data source asks for both).
    const mixed: string[] = [];
    for (const [key, list] of Object.entries(c.lists)) {
      if (key === 'assertLanguage') {
        mixed.push(
          `lower(${effective(TEXT_FILTER_PATHS.assertLanguage, true)}) = ANY (${param(
            list.map((v) => String(v).toLowerCase()),
            'text[]',
          )})`,
        );
      } else if (key === 'domain') where.push(`coalesce(r.data->'domain', s.params->'domain') ?| ${param(list.map(String), 'text[]')}`);
      else if (key === 'collectionMethod') {
        where.push(
          `(coalesce(r.data->'collectionMethod', s.params->'collectionMethod')->'collectionDescription') ?| ${param(list.map(String), 'text[]')}`,
        );
      } else if (key === 'submitterName') {
        where.push(
          `EXISTS (SELECT 1 FROM unnest(r.submitters) AS n WHERE lower(n) = ANY (${param(
            list.map((v) => String(v).toLowerCase()),
            'text[]',
          )}))`,
        );
      } else if (TEXT_FILTER_PATHS[key]) {
        where.push(
          `lower(${effective(TEXT_FILTER_PATHS[key], true)}) = ANY (${param(
            list.map((v) => String(v).toLowerCase()),
            'text[]',
          )})`,
        );
      } else if (NUMBER_LIST_PATHS[key]) {
        where.push(`${numberAt(NUMBER_LIST_PATHS[key])} = ANY (${param(list.map(Number), 'numeric[]')})`);
      } else throw new Error(`no SQL for list filter ${key}`);
    }
    for (const [key, n] of Object.entries(c.numbers)) {
      if (!Number.isFinite(n)) throw new Error(`filter ${key} is not a finite number`);
      if (key === 'minAge' || key === 'maxAge') {
        // The exact age when given, else the range ('21-60'): both ends must lie within the bounds.
        const exact = numberAt(at('exactAge'));
        const range = effective(at('age'), true);
        const end = key === 'minAge' ? `split_part(${range}, '-', 1)` : `split_part(${range}, '-', 2)`;
        const value = `coalesce(${exact}, CASE WHEN ${range} ~ '^[0-9]+-[0-9]+$' THEN (${end})::numeric END)`;
        where.push(`${value} ${key === 'minAge' ? '>=' : '<='} ${param(n, 'numeric')}`);
      } else if (NUMBER_BOUND_PATHS[key]) {
        const b = NUMBER_BOUND_PATHS[key];
        where.push(`${numberAt(b.path)} ${b.op} ${param(n, 'numeric')}`);
      } else throw new Error(`no SQL for numeric filter ${key}`);
    }
    if (c.mixedDataSource === true) mixed.push(`${effective(at('mixedDataSource'), true)} IS NOT NULL`);
    else if (typeof c.mixedDataSource === 'string')
      mixed.push(`${effective(at('mixedDataSource'), true)} = ${param(c.mixedDataSource, 'text')}`);
    if (mixed.length) where.push(`(r.source_language <> 'mixed' OR (${mixed.join(' AND ')}))`);
  }
  const join = needsParams(c) ? ` JOIN ${DATASET_PARAMS_RELATION} s ON s.dataset_id = r.dataset_ids[1]` : '';
  return { body: `FROM dataset_records r${join} WHERE ${where.join(' AND ')}`, pid, rev, values, param };
}

/**
 * The SELECT of an export: columns `data` (the row's own fields, jsonb as text), `pid` (the
 * dataset whose params apply: the one asked for when a single dataset is exported, else the first
 * publisher), `rev` ('true' for a text pair stored the other way round) and `secs` (duration in
 * seconds or null), then `c0…` the given row fields as text (JSON for objects; null when absent), every column as text, in a stable order (the primary key: type, hash). Throws on a criterion without SQL (the
 * caller validates criteria first).
 */
export function buildRecordQuery(q: ResolvedRecordQuery, opts: { rowColumns?: readonly string[] } = {}): SqlQuery {
  const p = buildParts(q);
  const limit = q.limit !== undefined ? ` LIMIT ${p.param(Math.max(0, Math.floor(q.limit)), 'bigint')}` : '';
  // Row fields for CSV cells (text as is, objects as JSON, null when absent), extracted by
  // PostgreSQL so the export need not parse each record's JSON; quoting is left to the writer,
  // which is cheaper there than in SQL. Column names are fixed row-schema names.
  const cells = (opts.rowColumns ?? []).map((c, i) => {
    if (!ident.test(c)) throw new Error(`bad field name ${c}`);
    return `, r.data->>'${c}' AS c${i}`;
  });
  const text = `SELECT r.data::text AS data, ${p.pid}::text AS pid, (${p.rev})::text AS rev, r.duration_seconds::text AS secs${cells.join('')} ${p.body} ORDER BY r.dataset_type, r.hash${limit}`;
  return { text, values: p.values };
}

/**
 * The distinct object-store keys (`media/<sha256>.<ext>`) of the media files of the records a
 * query selects, sorted; the extension is derived from the row's file name as the pipeline
 * derives it when it stores the file (lower-case, 1-8 letters or digits, else 'bin').
 */
export function buildMediaKeyQuery(q: ResolvedRecordQuery): SqlQuery | null {
  const fields = mediaFieldsOf(q.datasetType);
  if (!fields.length) return null;
  const p = buildParts(q);
  const keyOf = (f: string) => {
    if (!ident.test(f)) throw new Error(`bad field name ${f}`);
    return `CASE WHEN r.data ? '${f}Hash' THEN 'media/' || (r.data->>'${f}Hash') || '.' || coalesce(lower(substring(r.data->>'${f}' from '[^/]\\.([A-Za-z0-9]{1,8})$')), 'bin') END`;
  };
  const limit = q.limit !== undefined ? ` LIMIT ${p.param(Math.max(0, Math.floor(q.limit)), 'bigint')}` : '';
  const inner = `SELECT ARRAY[${fields.map(keyOf).join(', ')}] AS keys ${p.body} ORDER BY r.dataset_type, r.hash${limit}`;
  return { text: `SELECT DISTINCT k FROM (${inner}) m, unnest(m.keys) AS k WHERE k IS NOT NULL ORDER BY k`, values: p.values };
}

/** Media fields of a type whose files go into the export zip. */
export function mediaFieldsOf(datasetType: string): readonly string[] {
  return MEDIA_FIELDS[datasetType as DatasetType] ?? [];
}

/** One parameter as an SQL literal; only the kinds buildRecordQuery produces. */
function literal(v: unknown, cast: string): string {
  if (Array.isArray(v)) {
    const items = v.map((x) => literal(x, cast.replace('[]', '')));
    return `ARRAY[${items.join(', ')}]::${cast}`;
  }
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error('non-finite number in query');
    return `${String(v)}::${cast}`;
  }
  if (typeof v === 'string') return `${escapeLiteral(v)}::${cast}`;
  throw new Error(`cannot inline ${typeof v}`);
}

/**
 * The query with every `$n::cast` replaced by an escaped literal (pg's escapeLiteral), for
 * `COPY (…) TO STDOUT`, which takes no parameters. One pass over the text, so a value that
 * itself looks like a placeholder is never replaced again.
 */
export function inlineQuery(q: SqlQuery): string {
  return q.text.replace(/\$(\d+)::([a-z]+(?:\[\])?)/g, (_m, n: string, cast: string) => {
    const i = Number(n);
    if (i < 1 || i > q.values.length) throw new Error(`no value for $${n}`);
    return literal(q.values[i - 1], cast);
  });
}

/** Column filters of a viewer page over a search's records (docs/api.md#dataset-viewer); undefined = any. */
export interface MatchedRecordFilters {
  sourceLanguage?: string;
  targetLanguage?: string;
  domain?: string;
  collectionMethod?: string;
}

/** The matched set of a completed search: its query, and only records published by `publishedBy` (when the search completed). */
function matchedParts(q: ResolvedRecordQuery, publishedBy: Date): QueryParts {
  const p = buildParts(q);
  return { ...p, body: `${p.body} AND r.published_on <= ${p.param(publishedBy.toISOString(), 'timestamptz')}` };
}

/**
 * One viewer page of the records a completed search matched (docs/api.md#dataset-viewer "Search
 * records"): the viewer's record columns, in primary-key order, after the record `after` (keyset)
 * or after skipping `offset`, at most `limit`, narrowed by the column filters.
 */
export function buildMatchedPageQuery(
  q: ResolvedRecordQuery,
  o: { publishedBy: Date; after: Buffer | null; offset: number; limit: number; filters: MatchedRecordFilters },
): SqlQuery {
  const p = matchedParts(q, o.publishedBy);
  const where: string[] = [];
  if (o.after) where.push(`r.hash > ${p.param(o.after, 'bytea')}`);
  const f = o.filters;
  if (f.sourceLanguage) where.push(`r.source_language = ${p.param(f.sourceLanguage, 'text')}`);
  if (f.targetLanguage) where.push(`r.target_language = ${p.param(f.targetLanguage, 'text')}`);
  if (f.domain) where.push(`r.domain = ${p.param(f.domain, 'text')}`);
  if (f.collectionMethod) where.push(`r.collection_method = ${p.param(f.collectionMethod, 'text')}`);
  const text =
    `SELECT r.hash, r.source_language AS "sourceLanguage", r.target_language AS "targetLanguage", r.domain, ` +
    `r.collection_method AS "collectionMethod", r.duration_seconds AS "durationSeconds", r.submitters, ` +
    `r.dataset_ids::text[] AS "datasetIds", r.data ${p.body}${where.map((w) => ` AND ${w}`).join('')} ` +
    `ORDER BY r.dataset_type, r.hash LIMIT ${p.param(Math.max(0, Math.floor(o.limit)), 'bigint')} OFFSET ${p.param(Math.max(0, Math.floor(o.offset)), 'bigint')}`;
  return { text, values: p.values };
}

/**
 * Per-column counts and the length or duration histogram of the records a completed search
 * matched, in one scan (rows: the column values, `bin`, `n` and `g` = GROUPING bits, most
 * significant first: source, target, domain, method, submitter, bin; the same shape as the
 * dataset viewer's aggregates).
 */
export function buildMatchedAggregateQuery(
  q: ResolvedRecordQuery,
  o: { publishedBy: Date; measure: 'characters' | 'seconds'; edges: readonly number[] },
): SqlQuery {
  const p = matchedParts(q, o.publishedBy);
  const value =
    o.measure === 'seconds'
      ? 'coalesce(r.duration_seconds, 0)'
      : `char_length(coalesce(r.data->>'sourceText', r.data->>'text', r.data->>'groundTruth', ''))`;
  const edges = p.param([...o.edges], 'float8[]');
  const text =
    `SELECT source_language, target_language, domain, collection_method, s AS submitter, bin, count(*)::bigint AS n, ` +
    `GROUPING(source_language, target_language, domain, collection_method, s, bin) AS g FROM (` +
    `SELECT r.source_language, coalesce(r.target_language, '') AS target_language, r.domain, r.collection_method, r.submitter AS s, ` +
    `width_bucket((${value})::float8, ${edges}) AS bin ${p.body}) t ` +
    `GROUP BY GROUPING SETS ((source_language), (target_language), (domain), (collection_method), (s), (bin), ())`;
  return { text, values: p.values };
}
