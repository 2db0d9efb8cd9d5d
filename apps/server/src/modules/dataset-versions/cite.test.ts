/**
 * Hostile names, submitters, params and DOIs come out inert in every citation format
 * (docs/api.md#cite-and-describe): each output is read back the way its consumer reads it.
 */
import { DOI_PATTERN } from '@ulca/contracts';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { bibtex, cff, croissant, datacite, datasetCard, oneLine, type CiteFacts } from './cite.ts';

const HOSTILE = [
  'Evil}, note={\\input{/etc/passwd}}, x={',
  '\\immediate\\write18{rm -rf ~} $x^2$ 100% #1 a_b & c',
  '<script>alert(1)</script><img src=x onerror=alert(2)>',
  'key: value\n- item\n---\n&anchor *alias !!python/object "q" \'s\' # c\r\nnext',
  '[link](javascript:alert(1)) ![i](x) `code` *em* | cell | ~~s~~',
  'line\u2028sep\u0085nel\u0000nul',
];
const HOSTILE_DOI = '10.1234/a},note={\\input{/etc/passwd}}';

function facts(name: string, submitter: string, doi: string | null = HOSTILE_DOI): CiteFacts {
  return {
    datasetId: 'ds-1',
    name,
    version: 2,
    datasetType: 'parallel-corpus',
    url: 'https://ulca.example/ulca/datasets/ds-1/versions/2',
    downloadUrl: 'https://ulca.example/ulca/apis/v0/dataset/version/download/ds-1/2',
    recordCount: 12,
    exportSha256: 'a'.repeat(64),
    exportBytes: 1234,
    published: new Date('2026-03-04T05:06:07Z'),
    doi,
    params: {
      submitter: { name: submitter },
      languages: { sourceLanguage: submitter, targetLanguage: 'hi' },
      domain: [name, 'news'],
      license: submitter,
      collectionMethod: { collectionDescription: [name] },
      collectionSource: [submitter],
    },
    fields: ['sourceText', name],
    history: [{ version: 1, recordCount: 10, added: 10, removed: 0, published: new Date('2026-01-01T00:00:00Z') }],
  };
}

/** Fields of one BibTeX entry read as BibTeX reads them: a braced value ends at its matching brace, backslashes or not. */
function bibFields(entry: string): Map<string, string> {
  const out = new Map<string, string>();
  const body = entry.slice(entry.indexOf(',') + 1);
  let i = 0;
  while (i < body.length) {
    const m = /^\s*([A-Za-z]+)\s*=\s*\{/.exec(body.slice(i));
    if (!m) break;
    i += m[0].length;
    let depth = 1;
    const start = i;
    while (depth > 0 && i < body.length) {
      if (body[i] === '{') depth++;
      else if (body[i] === '}') depth--;
      i++;
    }
    expect(depth).toBe(0);
    out.set(m[1].toLowerCase(), body.slice(start, i - 1));
    const rest = /^\s*,?/.exec(body.slice(i))!;
    i += rest[0].length;
  }
  return out;
}

describe('citation formats with hostile contributor text', () => {
  it.each(HOSTILE.map((h, i) => [i, h] as const))('hostile text %i is inert in BibTeX, CFF, DataCite, Croissant and the card', (_, h) => {
    const f = facts(h, h);
    const line = oneLine(h);

    // BibTeX: exactly our fields; no value holds a command other than our text macros, or a raw special.
    const bib = bibtex(f);
    expect(bib.trimEnd().endsWith('}')).toBe(true);
    const fields = bibFields(bib.slice(0, bib.trimEnd().length - 1));
    expect([...fields.keys()]).toEqual(['title', 'author', 'year', 'publisher', 'version', 'howpublished', 'note']);
    for (const key of ['title', 'author']) {
      const v = fields.get(key)!.replace(/^\{(.*)\}$/s, '$1');
      expect(v).not.toMatch(/[\r\n]/);
      const commands = v.match(/\\[A-Za-z]+/g) ?? [];
      for (const c of commands)
        expect([
          '\\textbackslash',
          '\\textbraceleft',
          '\\textbraceright',
          '\\textasciitilde',
          '\\textasciicircum',
          '\\textless',
          '\\textgreater',
          '\\textbar',
        ]).toContain(c);
      // Every special is escaped: strip the escapes, no special is left.
      expect(v.replace(/\\[A-Za-z]+\{\}|\\[&%$#_]/g, '')).not.toMatch(/[\\{}&%$#_^~]/);
    }

    // CFF: YAML reads back the exact (one-line) text in each field, and no other key.
    const doc = parseYaml(cff(f)) as Record<string, unknown>;
    expect(Object.keys(doc)).toEqual([
      'cff-version',
      'message',
      'type',
      'title',
      'version',
      'date-released',
      'url',
      'license',
      'authors',
      'keywords',
    ]);
    expect(doc.title).toBe(line);
    expect(doc.authors).toEqual([{ name: line }]);
    expect(doc.license).toBe(line.toUpperCase());

    // DataCite and Croissant: JSON values, read back as given; the hostile DOI is not there.
    const dc = JSON.parse(JSON.stringify(datacite(f)));
    expect(dc.data.attributes.titles).toEqual([{ title: line }]);
    expect(dc.data.attributes.creators[0].name).toBe(line);
    expect(dc.data.attributes.doi).toBeUndefined();
    const cr = JSON.parse(JSON.stringify(croissant(f)));
    expect(cr.name).toBe(line);
    expect(cr.creator.name).toBe(line);
    expect(cr.identifier).toBeUndefined();
    expect(cr.citeAs).toBe(bib);
    for (const field of cr.recordSet[0].field) expect(field['@id']).toMatch(/^records\/[A-Za-z0-9%._~!*'()-]+$/);

    // Card: no raw HTML, every table row keeps its two cells, the heading stays one line.
    const card = datasetCard(f);
    expect(card).not.toMatch(/<[a-z/!]/i);
    const lines = card.split('\n');
    expect(lines[0].startsWith('# ')).toBe(true);
    expect(lines[1]).toBe('');
    const tableRows = lines.filter((l) => l.startsWith('| ') && !l.startsWith('| Version') && !/^\| \d/.test(l));
    expect(tableRows).toHaveLength(12);
    for (const r of tableRows) expect(r.replace(/\\\|/g, '').split('|')).toHaveLength(4);
    // No Markdown construct survives: every link, image, code and emphasis character is escaped.
    expect(card.replace(/\\[\\`*_[\]()#!|~]/g, '').replace(/^#+ |^- |^\|.*\|$/gm, '')).not.toMatch(/[`*_[\]()!~]/);
    expect(card).toContain('| DOI | — |');
  });

  it('keeps an ordinary citation as it was, and a valid DOI in every format', () => {
    const f = facts('Versioned pairs', 'ULCA team', '10.5555/ulca.versioned-pairs_v2(1):x');
    expect(bibtex(f)).toContain('  title = {Versioned pairs},\n  author = {{ULCA team}},');
    expect(bibtex(f)).toContain('  doi = {10.5555/ulca.versioned-pairs_v2(1):x},');
    expect(parseYaml(cff(f)).doi).toBe('10.5555/ulca.versioned-pairs_v2(1):x');
    expect(datacite(f).data.attributes.doi).toBe('10.5555/ulca.versioned-pairs_v2(1):x');
    expect(croissant(f).identifier).toBe('https://doi.org/10.5555/ulca.versioned-pairs_v2(1):x');
    expect(datasetCard(f)).toContain('# Versioned pairs — version 2');
  });

  it("DOI_PATTERN: Crossref's character set only", () => {
    for (const ok of ['10.1234/abc', '10.5555/ulca.versioned-pairs.v2', '10.1000/182', '10.123456789/A-B_c;d(e)/f:g'])
      expect(DOI_PATTERN.test(ok)).toBe(true);
    for (const bad of [
      HOSTILE_DOI,
      '10.123/abc',
      '10.1234/',
      '10.1234/a b',
      '10.1234/a"b',
      '10.1234/<x>',
      '10.1234/a\\b',
      '10.1234/a\nb',
      'doi:10.1234/x',
    ])
      expect(DOI_PATTERN.test(bad)).toBe(false);
  });
});
