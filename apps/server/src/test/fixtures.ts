/**
 * The project's own dataset fixtures (ULCA contribution format: a zip holding params.json,
 * data.json and the media files the rows name) and helpers that zip them, build broken zips and
 * generate large parallel datasets for tests and benchmarks. Expected counts per pipeline stage
 * (docs/architecture.md#dataset-stages) are in FIXTURE_EXPECTATIONS and described in fixtures/datasets/README.md.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import yazl from 'yazl';
import { zipFolder, ZIP_ENTRY_MTIME } from '../lib/zip-folder.ts';
import { mulberry32 } from '../modules/benchmarks/scoring/bootstrap.ts';

export { zipFolder };

/** Folder holding one sub-folder per fixture dataset. */
export const FIXTURES_DIR = path.join(import.meta.dirname, 'fixtures', 'datasets');

/** Names of the fixture folders under FIXTURES_DIR. */
export type FixtureName =
  | 'parallel-valid'
  | 'monolingual-valid'
  | 'transliteration-valid'
  | 'glossary-valid'
  | 'asr-valid'
  | 'asr-unlabeled-valid'
  | 'tts-valid'
  | 'ocr-valid'
  | 'document-layout-valid'
  | 'ner-valid'
  | 'pos-valid'
  | 'parallel-mixed'
  | 'asr-missing-audio'
  | 'ocr-bbox-outside'
  | 'parallel-invalid-params'
  | 'parallel-unknown-param-value'
  | 'parallel-all-invalid';

/** Success and failed record counts of one pipeline stage. */
export interface StageCounts {
  success: number;
  failed: number;
}

/** Each pipeline stage of submission `srn` as [stage, status, success count, failed count], in stage order. */
export async function stageRows(pool: pg.Pool, srn: string): Promise<[string, string, number, number][]> {
  const res = await pool.query<{ stage: string; status: string; success_count: number; failed_count: number }>(
    `SELECT stage, status, success_count, failed_count FROM dataset_stages WHERE service_request_number = $1 ORDER BY ord`,
    [srn],
  );
  return res.rows.map((s) => [s.stage, s.status, s.success_count, s.failed_count]);
}

/**
 * A submission whose params are accepted: every row is counted at ingest; rows that pass ingest
 * are counted at validate; rows that pass validate are counted at publish (on a fresh database).
 */
export interface ProcessedExpectation {
  outcome: 'processed';
  datasetType: string;
  sourceLanguage: string;
  targetLanguage: string | null;
  /** Number of rows in data.json. */
  rows: number;
  ingest: StageCounts;
  validate: StageCounts;
  publish: StageCounts;
  /** Error code → number of rows failing with it (all stages). Codes are this project's names. */
  errors: Record<string, number>;
  /** Total audio length of the published records in seconds (audio types only). */
  publishedAudioSeconds?: number;
}

/**
 * A submission rejected as a whole (DatasetRejected) at `stage` with `code`; nothing is published.
 * (For data-malformed, the 3 rows before the break may have been read and counted before the rejection.)
 */
export interface RejectedExpectation {
  outcome: 'rejected';
  stage: 'download' | 'ingest';
  code: string;
}

export type FixtureExpectation = ProcessedExpectation | RejectedExpectation;

const counts = (success: number, failed: number): StageCounts => ({ success, failed });

/** Expected pipeline outcome of each fixture submitted once to an empty platform (see README.md). */
export const FIXTURE_EXPECTATIONS: Record<FixtureName, FixtureExpectation> = {
  'parallel-valid': {
    outcome: 'processed',
    datasetType: 'parallel-corpus',
    sourceLanguage: 'en',
    targetLanguage: 'hi',
    rows: 6,
    ingest: counts(6, 0),
    validate: counts(6, 0),
    publish: counts(5, 1),
    errors: { DUPLICATE_RECORD: 1 },
  },
  'monolingual-valid': {
    outcome: 'processed',
    datasetType: 'monolingual-corpus',
    sourceLanguage: 'bn',
    targetLanguage: null,
    rows: 5,
    ingest: counts(5, 0),
    validate: counts(5, 0),
    publish: counts(5, 0),
    errors: {},
  },
  'transliteration-valid': {
    outcome: 'processed',
    datasetType: 'transliteration-corpus',
    sourceLanguage: 'en',
    targetLanguage: 'ta',
    rows: 5,
    ingest: counts(5, 0),
    validate: counts(5, 0),
    publish: counts(5, 0),
    errors: {},
  },
  'glossary-valid': {
    outcome: 'processed',
    datasetType: 'glossary-corpus',
    sourceLanguage: 'en',
    targetLanguage: 'mr',
    rows: 5,
    ingest: counts(5, 0),
    validate: counts(5, 0),
    publish: counts(5, 0),
    errors: {},
  },
  'asr-valid': {
    outcome: 'processed',
    datasetType: 'asr-corpus',
    sourceLanguage: 'hi',
    targetLanguage: null,
    rows: 4,
    ingest: counts(4, 0),
    validate: counts(4, 0),
    publish: counts(4, 0),
    errors: {},
    publishedAudioSeconds: 5.30025,
  },
  'asr-unlabeled-valid': {
    outcome: 'processed',
    datasetType: 'asr-unlabeled-corpus',
    sourceLanguage: 'mr',
    targetLanguage: null,
    rows: 3,
    ingest: counts(3, 0),
    validate: counts(3, 0),
    publish: counts(3, 0),
    errors: {},
    publishedAudioSeconds: 4.634125,
  },
  'tts-valid': {
    outcome: 'processed',
    datasetType: 'tts-corpus',
    sourceLanguage: 'ta',
    targetLanguage: null,
    rows: 3,
    ingest: counts(3, 0),
    validate: counts(3, 0),
    publish: counts(3, 0),
    errors: {},
    publishedAudioSeconds: 3.9435,
  },
  'ocr-valid': {
    outcome: 'processed',
    datasetType: 'ocr-corpus',
    sourceLanguage: 'ta',
    targetLanguage: null,
    rows: 3,
    ingest: counts(3, 0),
    validate: counts(3, 0),
    publish: counts(3, 0),
    errors: {},
  },
  'document-layout-valid': {
    outcome: 'processed',
    datasetType: 'document-layout-corpus',
    sourceLanguage: 'hi',
    targetLanguage: null,
    rows: 5,
    ingest: counts(5, 0),
    validate: counts(5, 0),
    publish: counts(5, 0),
    errors: {},
  },
  'ner-valid': {
    outcome: 'processed',
    datasetType: 'ner-corpus',
    sourceLanguage: 'hi',
    targetLanguage: null,
    rows: 4,
    ingest: counts(4, 0),
    validate: counts(4, 0),
    publish: counts(4, 0),
    errors: {},
  },
  'pos-valid': {
    outcome: 'processed',
    datasetType: 'pos-corpus',
    sourceLanguage: 'hi',
    targetLanguage: null,
    rows: 4,
    ingest: counts(4, 0),
    validate: counts(4, 0),
    publish: counts(4, 0),
    errors: {},
  },
  'parallel-mixed': {
    outcome: 'processed',
    datasetType: 'parallel-corpus',
    sourceLanguage: 'en',
    targetLanguage: 'hi',
    rows: 9,
    ingest: counts(6, 3),
    validate: counts(4, 2),
    publish: counts(4, 0),
    errors: { UNKNOWN_FIELD: 1, WRONG_TYPE: 1, INVALID_VALUE: 1, WRONG_SCRIPT: 1, EMPTY_TEXT: 1 },
  },
  'asr-missing-audio': {
    outcome: 'processed',
    datasetType: 'asr-corpus',
    sourceLanguage: 'hi',
    targetLanguage: null,
    rows: 4,
    ingest: counts(4, 0),
    validate: counts(2, 2),
    publish: counts(2, 0),
    errors: { MEDIA_MISSING: 1, MEDIA_UNREADABLE: 1 },
    publishedAudioSeconds: 1.8738125,
  },
  'ocr-bbox-outside': {
    outcome: 'processed',
    datasetType: 'ocr-corpus',
    sourceLanguage: 'bn',
    targetLanguage: null,
    rows: 3,
    ingest: counts(3, 0),
    validate: counts(2, 1),
    publish: counts(2, 0),
    errors: { BOUNDING_BOX_OUTSIDE_IMAGE: 1 },
  },
  'parallel-invalid-params': { outcome: 'rejected', stage: 'ingest', code: 'PARAMS_INVALID' },
  'parallel-unknown-param-value': { outcome: 'rejected', stage: 'ingest', code: 'PARAMS_INVALID' },
  'parallel-all-invalid': {
    outcome: 'processed',
    datasetType: 'parallel-corpus',
    sourceLanguage: 'en',
    targetLanguage: 'hi',
    rows: 3,
    ingest: counts(3, 0),
    validate: counts(0, 3),
    publish: counts(0, 0),
    errors: { WRONG_SCRIPT: 3 },
  },
};

/** Fixture names whose data.json rows are all meant to be accepted (except in-file duplicates). */
export const VALID_FIXTURES: FixtureName[] = (Object.keys(FIXTURE_EXPECTATIONS) as FixtureName[]).filter((n) => n.endsWith('-valid'));

/**
 * Zips the fixture folder `name` into `<destDir>/<name>.zip` (entries at the zip root) and returns
 * that path. Throws if the fixture does not exist.
 */
export async function zipFixture(name: FixtureName | string, destDir: string): Promise<string> {
  const dest = path.join(destDir, `${name}.zip`);
  await zipFolder(path.join(FIXTURES_DIR, name), dest);
  return dest;
}

/** Kinds of whole-submission defects that buildBadZip produces. */
export type BadZipKind =
  | 'not-a-zip'
  | 'zip-slip'
  | 'zip-bomb'
  | 'too-many-entries'
  | 'params-missing'
  | 'params-malformed'
  | 'data-missing'
  | 'data-not-array'
  | 'data-malformed';

/** The rejection each bad zip should meet (codes from DatasetRejected in modules/datasets/stages/types.ts). */
export const BAD_ZIP_EXPECTATIONS: Record<BadZipKind, RejectedExpectation> = {
  'not-a-zip': { outcome: 'rejected', stage: 'ingest', code: 'NOT_A_ZIP' },
  'zip-slip': { outcome: 'rejected', stage: 'ingest', code: 'ZIP_SLIP' },
  'zip-bomb': { outcome: 'rejected', stage: 'ingest', code: 'ZIP_BOMB' },
  'too-many-entries': { outcome: 'rejected', stage: 'ingest', code: 'TOO_MANY_ENTRIES' },
  'params-missing': { outcome: 'rejected', stage: 'ingest', code: 'PARAMS_MISSING' },
  'params-malformed': { outcome: 'rejected', stage: 'ingest', code: 'PARAMS_INVALID' },
  'data-missing': { outcome: 'rejected', stage: 'ingest', code: 'DATA_MISSING' },
  'data-not-array': { outcome: 'rejected', stage: 'ingest', code: 'DATA_NOT_ARRAY' },
  'data-malformed': { outcome: 'rejected', stage: 'ingest', code: 'DATA_MALFORMED_JSON' },
};

/** Entry count of the default too-many-entries zip: one more than the default MAX_ZIP_ENTRIES (200,000). */
export const TOO_MANY_ENTRIES_DEFAULT = 200_001;

/** Uncompressed size of the zip bomb's entry in bytes (50 MiB of zeros, about 1000:1 compressed). */
export const ZIP_BOMB_BYTES = 50 * 1024 * 1024;

const badParams = {
  datasetType: 'parallel-corpus',
  languages: { sourceLanguage: 'en', targetLanguage: 'hi' },
  collectionSource: ['Written for the ULCA test suite'],
  domain: ['general'],
  license: 'cc-by-4.0',
  submitter: { name: 'ULCA Test Fixtures' },
};
const badRows = [
  { sourceText: 'The lift is not working today.', targetText: 'आज लिफ़्ट काम नहीं कर रही है।' },
  { sourceText: 'Switch on the light, please.', targetText: 'कृपया बत्ती जला दीजिए।' },
  { sourceText: 'The guests will arrive at noon.', targetText: 'मेहमान दोपहर को पहुँचेंगे।' },
];
const json = (v: unknown): Buffer => Buffer.from(JSON.stringify(v, null, 2));

/** Writes a zip made of in-memory entries (and optional streams) to `dest`. */
async function writeZip(dest: string, entries: { name: string; data: Buffer | Readable; compress?: boolean }[]): Promise<void> {
  const zip = new yazl.ZipFile();
  for (const e of entries) {
    const opts = { mtime: ZIP_ENTRY_MTIME, compress: e.compress ?? true };
    if (Buffer.isBuffer(e.data)) zip.addBuffer(e.data, e.name, opts);
    else zip.addReadStream(e.data, e.name, opts);
  }
  zip.end();
  await pipeline(zip.outputStream, fs.createWriteStream(dest));
}

/**
 * Writes a zip of `total` stored (uncompressed) entries: `first` and then one-byte filler files,
 * with ZIP64 end records when there are more than 65,535 entries. Written by hand because yazl
 * looks up its next entry with a linear scan (quadratic: 200,000 entries take many minutes).
 */
async function writeStoredZip(dest: string, total: number, first: { name: string; data: Buffer }[]): Promise<void> {
  const DOS_DATE_1980_01_01 = 33;
  const filler = Buffer.from('x');
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (let i = 0; i < total; i++) {
    const e = i < first.length ? first[i] : { name: `filler/${i}.txt`, data: filler };
    const name = Buffer.from(e.name);
    const crc = zlib.crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(DOS_DATE_1980_01_01, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4); // version made by
    cd.writeUInt16LE(20, 6); // version needed
    cd.writeUInt16LE(DOS_DATE_1980_01_01, 14);
    cd.writeUInt32LE(crc, 16);
    cd.writeUInt32LE(e.data.length, 20);
    cd.writeUInt32LE(e.data.length, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(offset, 42);
    parts.push(local, name, e.data);
    central.push(cd, name);
    offset += local.length + name.length + e.data.length;
  }
  const cdOffset = offset;
  const cdSize = central.reduce((n, b) => n + b.length, 0);
  const tail: Buffer[] = [];
  const zip64 = total > 0xffff;
  if (zip64) {
    const rec = Buffer.alloc(56);
    rec.writeUInt32LE(0x06064b50, 0);
    rec.writeBigUInt64LE(44n, 4); // size of the rest of this record
    rec.writeUInt16LE(45, 12);
    rec.writeUInt16LE(45, 14);
    rec.writeBigUInt64LE(BigInt(total), 24);
    rec.writeBigUInt64LE(BigInt(total), 32);
    rec.writeBigUInt64LE(BigInt(cdSize), 40);
    rec.writeBigUInt64LE(BigInt(cdOffset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(cdOffset + cdSize), 8);
    locator.writeUInt32LE(1, 16);
    tail.push(rec, locator);
  }
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(zip64 ? 0xffff : total, 8);
  eocd.writeUInt16LE(zip64 ? 0xffff : total, 10);
  eocd.writeUInt32LE(cdSize, 12);
  eocd.writeUInt32LE(cdOffset, 16);
  tail.push(eocd);
  await fs.promises.writeFile(dest, Buffer.concat([...parts, ...central, ...tail]));
}

/** An endless-looking stream of `total` zero bytes, in 64 KiB chunks, never held whole in memory. */
function zeros(total: number): Readable {
  const chunk = Buffer.alloc(64 * 1024);
  let left = total;
  return new Readable({
    read() {
      if (left <= 0) return void this.push(null);
      const n = Math.min(left, chunk.length);
      left -= n;
      this.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    },
  });
}

/**
 * Builds a broken submission of the given kind as `<destDir>/bad-<kind>.zip` and returns its path.
 * Every kind except the one defect holds valid params.json and data.json, so the defect alone
 * explains the rejection (expected code in BAD_ZIP_EXPECTATIONS):
 * - not-a-zip: plain text with a .zip name;
 * - zip-slip: an extra entry named `../../zip-slip.txt`;
 * - zip-bomb: an extra entry of ZIP_BOMB_BYTES zeros (ratio ≈ 1000:1, above MAX_COMPRESSION_RATIO 200);
 * - too-many-entries: `opts.entries` (default TOO_MANY_ENTRIES_DEFAULT) stored entries in all, the
 *   first two being params.json and data.json (ZIP64 end records above 65,535 entries);
 * - params-missing / data-missing: that file is absent;
 * - params-malformed: params.json is cut off mid-object;
 * - data-not-array: data.json is a JSON object;
 * - data-malformed: data.json's array breaks after three good rows.
 */
export async function buildBadZip(kind: BadZipKind, destDir: string, opts: { entries?: number } = {}): Promise<string> {
  await fs.promises.mkdir(destDir, { recursive: true });
  const dest = path.join(destDir, `bad-${kind}.zip`);
  const params = { name: 'params.json', data: json(badParams) };
  const data = { name: 'data.json', data: json(badRows) };
  switch (kind) {
    case 'not-a-zip':
      await fs.promises.writeFile(dest, 'This is a plain text file that only pretends to be a zip archive.\n');
      break;
    case 'zip-slip': {
      // yazl refuses ".." in names, so write a same-length placeholder and patch the name bytes
      // (local header and central directory); CRCs cover content only, so the zip stays valid.
      const placeholder = 'zz/zz/zip-slip.txt';
      const evil = '../../zip-slip.txt';
      const tmp = `${dest}.tmp`;
      await writeZip(tmp, [params, data, { name: placeholder, data: Buffer.from('escaped the extraction folder\n') }]);
      const buf = await fs.promises.readFile(tmp);
      const from = Buffer.from(placeholder);
      let patched = 0;
      for (let i = buf.indexOf(from); i !== -1; i = buf.indexOf(from, i + from.length)) {
        buf.write(evil, i, 'latin1');
        patched++;
      }
      if (patched !== 2) throw new Error(`zip-slip: expected 2 name copies, patched ${patched}`);
      await fs.promises.writeFile(dest, buf);
      await fs.promises.rm(tmp);
      break;
    }
    case 'zip-bomb':
      await writeZip(dest, [params, data, { name: 'zeros.bin', data: zeros(ZIP_BOMB_BYTES) }]);
      break;
    case 'too-many-entries': {
      const total = opts.entries ?? TOO_MANY_ENTRIES_DEFAULT;
      if (!Number.isInteger(total) || total < 3) throw new RangeError('too-many-entries needs at least 3 entries');
      await writeStoredZip(dest, total, [params, data]);
      break;
    }
    case 'params-missing':
      await writeZip(dest, [data]);
      break;
    case 'params-malformed':
      await writeZip(dest, [
        { name: 'params.json', data: Buffer.from('{\n  "datasetType": "parallel-corpus",\n  "languages": {\n') },
        data,
      ]);
      break;
    case 'data-missing':
      await writeZip(dest, [params]);
      break;
    case 'data-not-array':
      await writeZip(dest, [params, { name: 'data.json', data: json({ rows: badRows }) }]);
      break;
    case 'data-malformed': {
      const good = badRows.map((r) => JSON.stringify(r)).join(',\n  ');
      const broken = `[\n  ${good},\n  {"sourceText": "The road is wet." "targetText": "सड़क गीली है।"},\n  {"sourceText": "Good night.", "targetText": "शुभ रात्रि।"}\n]\n`;
      await writeZip(dest, [params, { name: 'data.json', data: Buffer.from(broken) }]);
      break;
    }
    default: {
      const never: never = kind;
      throw new Error(`unknown bad zip kind: ${String(never)}`);
    }
  }
  return dest;
}

// ---------------------------------------------------------------------------------------------
// Generated parallel datasets (tests and benchmarks)
// ---------------------------------------------------------------------------------------------

/** Languages makeParallelZip can write sentences in. */
export const GENERATED_LANGUAGES = ['en', 'hi', 'mr', 'ta', 'bn'] as const;
type GenLang = (typeof GENERATED_LANGUAGES)[number];

const NAMES: Record<GenLang, string[]> = {
  en: ['Asha', 'Ravi', 'Meena', 'Arjun', 'Kavya', 'Imran', 'Sunita', 'Vikram'],
  hi: ['आशा', 'रवि', 'मीना', 'अर्जुन', 'काव्या', 'इमरान', 'सुनीता', 'विक्रम'],
  mr: ['आशा', 'रवी', 'मीना', 'अर्जुन', 'काव्या', 'इम्रान', 'सुनीता', 'विक्रम'],
  ta: ['ஆஷா', 'ரவி', 'மீனா', 'அர்ஜுன்', 'காவ்யா', 'இம்ரான்', 'சுனிதா', 'விக்ரம்'],
  bn: ['আশা', 'রবি', 'মীনা', 'অর্জুন', 'কাব্যা', 'ইমরান', 'সুনীতা', 'বিক্রম'],
};
const CITIES: Record<GenLang, string[]> = {
  en: ['Delhi', 'Mumbai', 'Chennai', 'Kolkata', 'Pune', 'Jaipur', 'Lucknow', 'Madurai'],
  hi: ['दिल्ली', 'मुंबई', 'चेन्नई', 'कोलकाता', 'पुणे', 'जयपुर', 'लखनऊ', 'मदुरै'],
  mr: ['दिल्ली', 'मुंबई', 'चेन्नई', 'कोलकाता', 'पुणे', 'जयपूर', 'लखनौ', 'मदुराई'],
  ta: ['டெல்லி', 'மும்பை', 'சென்னை', 'கொல்கத்தா', 'புனே', 'ஜெய்ப்பூர்', 'லக்னோ', 'மதுரை'],
  bn: ['দিল্লি', 'মুম্বাই', 'চেন্নাই', 'কলকাতা', 'পুনে', 'জয়পুর', 'লখনউ', 'মাদুরাই'],
};
// Same template index = same meaning in every language; {id} makes each row unique.
const TEMPLATES: Record<GenLang, string[]> = {
  en: [
    '{name} booked ticket number {id} from {a} to {b}.',
    'Parcel number {id} for {name} has reached {a}.',
    "Bus number {id} leaves {a} for {b} at {h} o'clock.",
  ],
  hi: [
    '{name} ने {a} से {b} का टिकट नंबर {id} बुक किया।',
    '{name} का पार्सल नंबर {id} {a} पहुँच गया है।',
    'बस नंबर {id} {h} बजे {a} से {b} के लिए चलती है।',
  ],
  mr: [
    '{name} यांनी {a} ते {b} प्रवासाचे तिकीट क्रमांक {id} काढले.',
    '{name} यांचे पार्सल क्रमांक {id} {a} येथे पोहोचले आहे.',
    'बस क्रमांक {id} {h} वाजता {a} येथून {b} साठी सुटते.',
  ],
  ta: [
    '{name} {a} முதல் {b} வரை பயணச்சீட்டு எண் {id} பதிவு செய்தார்.',
    '{name} அவர்களின் பார்சல் எண் {id} {a} வந்தடைந்தது.',
    'பேருந்து எண் {id} {h} மணிக்கு {a} இலிருந்து {b} நோக்கி புறப்படுகிறது.',
  ],
  bn: [
    '{name} {a} থেকে {b} যাওয়ার টিকিট নম্বর {id} বুক করেছেন।',
    '{name}-এর পার্সেল নম্বর {id} {a} পৌঁছে গেছে।',
    'বাস নম্বর {id} {h}টায় {a} থেকে {b} যায়।',
  ],
};

function isGenLang(l: string): l is GenLang {
  return (GENERATED_LANGUAGES as readonly string[]).includes(l);
}

/** One generated parallel row. */
export interface GeneratedPair {
  sourceText: string;
  targetText: string;
}

/**
 * Yields `rows` distinct sentence pairs, deterministic for a given seed and language pair. Each
 * row carries a number `<tag>-<n>` (tag: 6 digits from the seed's sha-256, n: 1-based row number),
 * so rows are distinct within a dataset and datasets of different seeds do not share rows.
 * Throws RangeError for an unsupported or identical language pair.
 */
export function generateParallelPairs(opts: {
  rows: number;
  seed?: string;
  sourceLanguage?: string;
  targetLanguage?: string;
}): Generator<GeneratedPair> {
  const { rows, seed = 'default', sourceLanguage = 'en', targetLanguage = 'hi' } = opts;
  if (!Number.isInteger(rows) || rows < 0) throw new RangeError(`rows must be a non-negative integer, got ${rows}`);
  if (!isGenLang(sourceLanguage) || !isGenLang(targetLanguage)) {
    throw new RangeError(`generated languages are ${GENERATED_LANGUAGES.join(', ')}; got ${sourceLanguage}→${targetLanguage}`);
  }
  if (sourceLanguage === targetLanguage) throw new RangeError('source and target language must differ');
  const digest = createHash('sha256').update(seed).digest();
  const tag = 100_000 + (digest.readUInt32BE(0) % 900_000);
  const rand = mulberry32(digest.readUInt32BE(4));
  const pick = (n: number) => Math.floor(rand() * n);
  const fill = (lang: GenLang, t: number, v: { name: number; a: number; b: number; h: number; id: string }) =>
    TEMPLATES[lang][t]
      .replace('{name}', NAMES[lang][v.name])
      .replace('{a}', CITIES[lang][v.a])
      .replace('{b}', CITIES[lang][v.b])
      .replace('{h}', String(v.h))
      .replace('{id}', v.id);
  // Arguments are checked above, eagerly; the rows themselves are produced lazily.
  return (function* () {
    for (let i = 0; i < rows; i++) {
      const t = pick(TEMPLATES.en.length);
      const a = pick(CITIES.en.length);
      const v = {
        name: pick(NAMES.en.length),
        a,
        b: (a + 1 + pick(CITIES.en.length - 1)) % CITIES.en.length,
        h: 1 + pick(12),
        id: `${tag}-${i + 1}`,
      };
      yield { sourceText: fill(sourceLanguage, t, v), targetText: fill(targetLanguage, t, v) };
    }
  })();
}

/** A generated parallel dataset's dimensions, the ones the dashboard groups by. */
export interface GeneratedParallel {
  name: string;
  src: string;
  tgt: string;
  rows: number;
  domain: string;
  method: 'machine-translated' | 'manual-translated';
  submitter: string;
}

/**
 * Writes `<zipDir>/<file>` (default `<g.name>.zip`): a parallel-corpus zip with `g`'s languages,
 * domain, collection method and submitter, and `g.rows` rows of generateParallelPairs (seeded by
 * `seed`, default `g.name`); `source` is its collectionSource and submitter description. Returns the
 * file name.
 */
export async function writeGeneratedParallelZip(
  g: GeneratedParallel,
  opts: { zipDir: string; source: string; file?: string; submitter?: string; seed?: string },
): Promise<string> {
  const file = opts.file ?? `${g.name}.zip`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-gen-'));
  const collectionDetails =
    g.method === 'manual-translated'
      ? { contributor: { name: 'Translator', aboutMe: 'Translates' } }
      : { translationModel: 'template generator' };
  const params = {
    datasetType: 'parallel-corpus',
    languages: { sourceLanguage: g.src, targetLanguage: g.tgt },
    collectionSource: [opts.source],
    domain: [g.domain],
    collectionMethod: { collectionDescription: [g.method], collectionDetails },
    license: 'cc-by-4.0',
    submitter: { name: opts.submitter ?? g.submitter, aboutMe: opts.source },
  };
  try {
    fs.writeFileSync(path.join(dir, 'params.json'), JSON.stringify(params, null, 2));
    const rows = generateParallelPairs({ rows: g.rows, seed: opts.seed ?? g.name, sourceLanguage: g.src, targetLanguage: g.tgt });
    fs.writeFileSync(path.join(dir, 'data.json'), JSON.stringify([...rows]));
    await zipFolder(dir, path.join(opts.zipDir, file));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return file;
}

/**
 * Writes `<destDir>/parallel-<rows>-<seed>.zip`: params.json (parallel-corpus, the given language
 * pair, default en→hi) and a data.json of `rows` distinct valid rows from generateParallelPairs.
 * data.json is streamed into the zip in batches, so a million rows need no more memory than one
 * batch. Returns the zip's path.
 */
export async function makeParallelZip(opts: {
  rows: number;
  destDir: string;
  seed?: string;
  sourceLanguage?: string;
  targetLanguage?: string;
}): Promise<string> {
  const { destDir, seed = 'default', sourceLanguage = 'en', targetLanguage = 'hi' } = opts;
  const pairs = generateParallelPairs({ rows: opts.rows, seed, sourceLanguage, targetLanguage });
  await fs.promises.mkdir(destDir, { recursive: true });
  const dest = path.join(destDir, `parallel-${opts.rows}-${seed.replace(/[^A-Za-z0-9_-]+/g, '_')}.zip`);
  const params = {
    ...badParams,
    languages: { sourceLanguage, targetLanguage },
    collectionSource: ['Generated by the ULCA test helpers'],
    collectionMethod: { collectionDescription: ['machine-translated'], collectionDetails: { translationModel: 'template generator' } },
    submitter: { name: 'ULCA Test Fixtures', aboutMe: 'Generated rows for tests and benchmarks' },
  };
  function* chunks(): Generator<Buffer> {
    const BATCH = 1000;
    let batch: string[] = [];
    let first = true;
    yield Buffer.from('[\n');
    for (const pair of pairs) {
      batch.push((first ? '' : ',\n') + JSON.stringify(pair));
      first = false;
      if (batch.length === BATCH) {
        yield Buffer.from(batch.join(''));
        batch = [];
      }
    }
    batch.push('\n]\n');
    yield Buffer.from(batch.join(''));
  }
  await writeZip(dest, [
    { name: 'params.json', data: json(params) },
    { name: 'data.json', data: Readable.from(chunks(), { objectMode: false }) },
  ]);
  return dest;
}
