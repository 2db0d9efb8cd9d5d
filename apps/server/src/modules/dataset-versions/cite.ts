/**
 * Citation and description formats of a dataset version (docs/api.md#cite-and-describe): BibTeX,
 * Citation File Format 1.2.0, DataCite metadata (REST API JSON, schema 4.5, ready to submit to mint
 * a DOI), Croissant 1.0 JSON-LD (mlcommons) and a Markdown dataset card. Pure functions of the
 * version's frozen facts, so a version's citation never changes unless its DOI is filled in.
 *
 * Names, submitters, licences and the other params are the contributor's text: every field is
 * escaped for its format (docs/api.md#cite-and-describe), so nothing in them runs or restructures
 * the file for whoever cites the dataset: BibTeX with balanced-brace text macros, CFF written by the
 * `yaml` library, JSON by JSON.stringify, the Markdown card with HTML entities and backslash
 * escapes. A DOI is used only when it matches Crossref's pattern (DOI_PATTERN), also one stored
 * before that rule.
 */
import { DOI_PATTERN } from '@ulca/contracts';
import { stringify as toYaml } from 'yaml';

/** What every format is built from. */
export interface CiteFacts {
  datasetId: string;
  name: string;
  version: number;
  datasetType: string;
  /** The version's stable page URL and its export's download URL (absolute). */
  url: string;
  downloadUrl: string;
  recordCount: number;
  exportSha256: string;
  exportBytes: number;
  published: Date;
  doi: string | null;
  params: Record<string, unknown>;
  /** Top-level fields of the records (from the export). */
  fields: string[];
  history: { version: number; recordCount: number; added: number; removed: number; published: Date }[];
}

/** One line of text: control characters (newlines included) and Unicode line/paragraph separators become spaces. */
export function oneLine(s: string): string {
  return s
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}
const str = (v: unknown): string | null => (typeof v === 'string' && oneLine(v) !== '' ? oneLine(v) : null);
const list = (v: unknown): string[] =>
  (Array.isArray(v) ? v : typeof v === 'string' ? [v] : [])
    .filter((x) => typeof x === 'string' || typeof x === 'number')
    .map((x) => oneLine(String(x)))
    .filter((x) => x !== '');

/** The version's DOI when it is one (DOI_PATTERN), else null: a value stored before the rule is never cited. */
function doiOf(f: CiteFacts): string | null {
  return f.doi !== null && DOI_PATTERN.test(f.doi) ? f.doi : null;
}

/** The facts of params.json the formats use. */
export function describeParams(params: Record<string, unknown>) {
  const submitter = (params.submitter ?? {}) as Record<string, unknown>;
  const languages = (params.languages ?? {}) as Record<string, unknown>;
  const method = (params.collectionMethod ?? {}) as Record<string, unknown>;
  return {
    submitter: str(submitter.name) ?? 'Unknown submitter',
    languages: [str(languages.sourceLanguage), str(languages.targetLanguage)].filter((x): x is string => x !== null),
    domains: list(params.domain),
    license: str(params.license),
    collectionMethods: list(method.collectionDescription),
    collectionSources: list(params.collectionSource),
  };
}

/** A BibTeX key: letters and digits of the name, then the version. */
function bibKey(f: CiteFacts): string {
  const base =
    f.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 40) || 'dataset';
  return `ulca_${base}_v${f.version}`;
}

/**
 * BibTeX text: BibTeX counts braces without regard to backslashes (`\}` still closes a field), so
 * braces and backslashes become text macros whose own braces balance; the other LaTeX specials
 * are escaped, and nothing the contributor typed can end the field or start a command.
 */
const BIB_TEXT: Record<string, string> = {
  '\\': '\\textbackslash{}',
  '{': '\\textbraceleft{}',
  '}': '\\textbraceright{}',
  '~': '\\textasciitilde{}',
  '^': '\\textasciicircum{}',
  '<': '\\textless{}',
  '>': '\\textgreater{}',
  '|': '\\textbar{}',
  '&': '\\&',
  '%': '\\%',
  $: '\\$',
  '#': '\\#',
  _: '\\_',
};
const bibEscape = (s: string) => oneLine(s).replace(/[\\{}~^<>|&%$#_]/g, (c) => BIB_TEXT[c]);
/** A URL inside \url{…}: braces, backslashes and spaces percent-encoded (the rest is taken verbatim by url.sty). */
const bibUrl = (s: string) => s.replace(/[{}\\\s%#]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

/** BibTeX @misc entry. */
export function bibtex(f: CiteFacts): string {
  const p = describeParams(f.params);
  const doi = doiOf(f);
  const lines = [
    `@misc{${bibKey(f)},`,
    `  title = {${bibEscape(f.name)}},`,
    `  author = {{${bibEscape(p.submitter)}}},`,
    `  year = {${f.published.getUTCFullYear()}},`,
    `  publisher = {ULCA},`,
    `  version = {${f.version}},`,
    `  howpublished = {\\url{${bibUrl(f.url)}}},`,
    // Verbatim for biblatex; DOI_PATTERN admits no brace, backslash or space.
    ...(doi ? [`  doi = {${doi}},`] : []),
    `  note = {${f.recordCount} records (${bibEscape(f.datasetType)}); export sha-256 ${bibEscape(f.exportSha256)}}`,
    `}`,
  ];
  return `${lines.join('\n')}\n`;
}

/** CITATION.cff (Citation File Format 1.2.0), written by the `yaml` library (it quotes what YAML would read otherwise). */
export function cff(f: CiteFacts): string {
  const p = describeParams(f.params);
  const doi = doiOf(f);
  const keywords = p.domains.length || p.languages.length ? [...p.languages, ...p.domains, f.datasetType] : [];
  const doc = {
    'cff-version': '1.2.0',
    message: 'If you use this dataset, please cite it as below.',
    type: 'dataset',
    title: oneLine(f.name),
    version: String(f.version),
    'date-released': f.published.toISOString().slice(0, 10),
    url: f.url,
    ...(doi ? { doi } : {}),
    ...(p.license ? { license: p.license.toUpperCase() } : {}),
    authors: [{ name: p.submitter }],
    ...(keywords.length ? { keywords } : {}),
  };
  return toYaml(doc, { lineWidth: 0 });
}

/** DataCite metadata as the DataCite REST API takes it (a draft DOI when none is set). */
export function datacite(f: CiteFacts) {
  const p = describeParams(f.params);
  const doi = doiOf(f);
  return {
    data: {
      type: 'dois',
      attributes: {
        ...(doi ? { doi } : {}),
        creators: [{ name: p.submitter, nameType: 'Organizational' }],
        titles: [{ title: oneLine(f.name) }],
        publisher: { name: 'ULCA' },
        publicationYear: f.published.getUTCFullYear(),
        types: { resourceTypeGeneral: 'Dataset', resourceType: f.datasetType },
        subjects: p.domains.map((subject) => ({ subject })),
        language: p.languages[0],
        version: String(f.version),
        sizes: [`${f.recordCount} records`, `${f.exportBytes} bytes`],
        formats: ['application/jsonl'],
        rightsList: p.license ? [{ rights: p.license }] : [],
        descriptions: [
          {
            description: `${f.datasetType} dataset, version ${f.version}, ${f.recordCount} records; languages ${p.languages.join(', ') || 'unknown'}.`,
            descriptionType: 'Abstract',
          },
        ],
        dates: [{ date: f.published.toISOString().slice(0, 10), dateType: 'Issued' }],
        url: f.url,
      },
    },
  };
}

/** Croissant 1.0 JSON-LD: the export as a FileObject and one RecordSet with a Field per record field. */
export function croissant(f: CiteFacts) {
  const p = describeParams(f.params);
  const doi = doiOf(f);
  return {
    '@context': {
      '@language': 'en',
      '@vocab': 'https://schema.org/',
      sc: 'https://schema.org/',
      cr: 'http://mlcommons.org/croissant/',
      dct: 'http://purl.org/dc/terms/',
      citeAs: 'cr:citeAs',
      column: 'cr:column',
      conformsTo: 'dct:conformsTo',
      data: { '@id': 'cr:data', '@type': '@json' },
      dataType: { '@id': 'cr:dataType', '@type': '@vocab' },
      extract: 'cr:extract',
      field: 'cr:field',
      fileObject: 'cr:fileObject',
      recordSet: 'cr:recordSet',
      source: 'cr:source',
      md5: 'cr:md5',
    },
    '@type': 'sc:Dataset',
    conformsTo: 'http://mlcommons.org/croissant/1.0',
    name: oneLine(f.name),
    description: `${f.datasetType} dataset published on ULCA, version ${f.version}: ${f.recordCount} records.`,
    url: f.url,
    version: `${f.version}.0.0`,
    datePublished: f.published.toISOString().slice(0, 10),
    ...(p.license ? { license: p.license } : {}),
    creator: { '@type': 'sc:Organization', name: p.submitter },
    inLanguage: p.languages,
    keywords: [...p.domains, f.datasetType],
    citeAs: bibtex(f),
    ...(doi ? { identifier: `https://doi.org/${doi}` } : {}),
    distribution: [
      {
        '@type': 'cr:FileObject',
        '@id': 'records.jsonl',
        name: 'records.jsonl',
        contentUrl: f.downloadUrl,
        contentSize: `${f.exportBytes} B`,
        encodingFormat: 'application/jsonlines',
        sha256: f.exportSha256,
      },
    ],
    recordSet: [
      {
        '@type': 'cr:RecordSet',
        '@id': 'records',
        name: 'records',
        field: f.fields.map((name) => ({
          '@type': 'cr:Field',
          '@id': `records/${encodeURIComponent(name)}`,
          name,
          dataType: /duration|seconds|count|index|rate|bits/i.test(name) ? 'sc:Number' : 'sc:Text',
          source: { fileObject: { '@id': 'records.jsonl' }, extract: { column: name } },
        })),
      },
    ],
  };
}

/**
 * Markdown text that renders as itself: on one line, HTML's `& < > "` as entities (no raw HTML
 * reaches a renderer) and the inline Markdown punctuation backslash-escaped (no link, image,
 * emphasis, code or table cell made of it).
 */
export function mdText(s: string): string {
  return oneLine(s)
    .replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)
    .replace(/[\\`*_[\]()#!|~]/g, '\\$&');
}

/** A Markdown dataset card; every value is {@link mdText}. */
export function datasetCard(f: CiteFacts): string {
  const p = describeParams(f.params);
  const row = (k: string, v: string) => `| ${k} | ${mdText(v)} |`;
  return [
    `# ${mdText(f.name)} — version ${f.version}`,
    '',
    '| | |',
    '|---|---|',
    row('Type', f.datasetType),
    row('Languages', p.languages.join(', ') || '—'),
    row('Domains', p.domains.join(', ') || '—'),
    row('Licence', p.license ?? '—'),
    row('Collection method', p.collectionMethods.join(', ') || '—'),
    row('Collection source', p.collectionSources.join(', ') || '—'),
    row('Submitter', p.submitter),
    row('Size', `${f.recordCount} records, ${f.exportBytes} bytes (JSON Lines)`),
    row('Export sha-256', f.exportSha256),
    row('DOI', doiOf(f) ?? '—'),
    row('URL', f.url),
    '',
    '## Fields',
    '',
    ...f.fields.map((x) => `- ${mdText(x)}`),
    '',
    '## Version history',
    '',
    '| Version | Published | Records | Added | Removed |',
    '|---|---|---|---|---|',
    ...f.history.map((h) => `| ${h.version} | ${h.published.toISOString().slice(0, 10)} | ${h.recordCount} | ${h.added} | ${h.removed} |`),
    '',
  ].join('\n');
}
