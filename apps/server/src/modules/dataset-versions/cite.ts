/**
 * Citation and description formats of a dataset version (docs/api.md#cite-and-describe): BibTeX,
 * Citation File Format 1.2.0, DataCite metadata (REST API JSON, schema 4.5, ready to submit to mint
 * a DOI), Croissant 1.0 JSON-LD (mlcommons) and a Markdown dataset card. Pure functions of the
 * version's frozen facts, so a version's citation never changes unless its DOI is filled in.
 */

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

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const list = (v: unknown): string[] =>
  Array.isArray(v) ? v.map((x) => String(x)).filter((x) => x !== '') : typeof v === 'string' && v ? [v] : [];

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

const bibEscape = (s: string) => s.replace(/([{}\\&%$#_^~])/g, '\\$1');

/** BibTeX @misc entry. */
export function bibtex(f: CiteFacts): string {
  const p = describeParams(f.params);
  const lines = [
    `@misc{${bibKey(f)},`,
    `  title = {${bibEscape(f.name)}},`,
    `  author = {{${bibEscape(p.submitter)}}},`,
    `  year = {${f.published.getUTCFullYear()}},`,
    `  publisher = {ULCA},`,
    `  version = {${f.version}},`,
    `  howpublished = {\\url{${f.url}}},`,
    ...(f.doi ? [`  doi = {${f.doi}},`] : []),
    `  note = {${f.recordCount} records (${f.datasetType}); export sha-256 ${f.exportSha256}}`,
    `}`,
  ];
  return `${lines.join('\n')}\n`;
}

const yamlString = (s: string) => JSON.stringify(s);

/** CITATION.cff (Citation File Format 1.2.0). */
export function cff(f: CiteFacts): string {
  const p = describeParams(f.params);
  const lines = [
    'cff-version: 1.2.0',
    'message: "If you use this dataset, please cite it as below."',
    'type: dataset',
    `title: ${yamlString(f.name)}`,
    `version: ${yamlString(String(f.version))}`,
    `date-released: ${f.published.toISOString().slice(0, 10)}`,
    `url: ${yamlString(f.url)}`,
    ...(f.doi ? [`doi: ${yamlString(f.doi)}`] : []),
    ...(p.license ? [`license: ${yamlString(p.license.toUpperCase())}`] : []),
    'authors:',
    `  - name: ${yamlString(p.submitter)}`,
    ...(p.domains.length || p.languages.length
      ? ['keywords:', ...[...p.languages, ...p.domains, f.datasetType].map((k) => `  - ${yamlString(k)}`)]
      : []),
  ];
  return `${lines.join('\n')}\n`;
}

/** DataCite metadata as the DataCite REST API takes it (a draft DOI when none is set). */
export function datacite(f: CiteFacts) {
  const p = describeParams(f.params);
  return {
    data: {
      type: 'dois',
      attributes: {
        ...(f.doi ? { doi: f.doi } : {}),
        creators: [{ name: p.submitter, nameType: 'Organizational' }],
        titles: [{ title: f.name }],
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
    name: f.name,
    description: `${f.datasetType} dataset published on ULCA, version ${f.version}: ${f.recordCount} records.`,
    url: f.url,
    version: `${f.version}.0.0`,
    datePublished: f.published.toISOString().slice(0, 10),
    ...(p.license ? { license: p.license } : {}),
    creator: { '@type': 'sc:Organization', name: p.submitter },
    inLanguage: p.languages,
    keywords: [...p.domains, f.datasetType],
    citeAs: bibtex(f),
    ...(f.doi ? { identifier: `https://doi.org/${f.doi}` } : {}),
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
          '@id': `records/${name}`,
          name,
          dataType: /duration|seconds|count|index|rate|bits/i.test(name) ? 'sc:Number' : 'sc:Text',
          source: { fileObject: { '@id': 'records.jsonl' }, extract: { column: name } },
        })),
      },
    ],
  };
}

/** A Markdown dataset card. */
export function datasetCard(f: CiteFacts): string {
  const p = describeParams(f.params);
  const row = (k: string, v: string) => `| ${k} | ${v.replace(/\|/g, '\\|')} |`;
  return [
    `# ${f.name} — version ${f.version}`,
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
    row('DOI', f.doi ?? '—'),
    row('URL', f.url),
    '',
    '## Fields',
    '',
    ...f.fields.map((x) => `- \`${x}\``),
    '',
    '## Version history',
    '',
    '| Version | Published | Records | Added | Removed |',
    '|---|---|---|---|---|',
    ...f.history.map((h) => `| ${h.version} | ${h.published.toISOString().slice(0, 10)} | ${h.recordCount} | ${h.added} | ${h.removed} |`),
    '',
  ].join('\n');
}
