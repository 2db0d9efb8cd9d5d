/**
 * Shapes shared by the dataset stages (docs/architecture.md#dataset-stages), the worker and the offline
 * validator (`npm run ulca -- validate`).
 */

/** A stage of a dataset submission as the status page shows it. */
export type Stage = 'download' | 'ingest' | 'validate' | 'publish';
export const STAGES: Stage[] = ['download', 'ingest', 'validate', 'publish'];

/** Whole-submission rejection (zip, params or data file problems). The submission fails at `stage`. */
export class DatasetRejected extends Error {
  constructor(
    public readonly stage: Stage,
    /** e.g. NOT_A_ZIP, ZIP_SLIP, ZIP_BOMB, TOO_MANY_ENTRIES, PARAMS_MISSING, PARAMS_INVALID, DATA_MISSING, DATA_NOT_ARRAY, DATA_MALFORMED_JSON, DOWNLOAD_FAILED, HTTP_404, TOO_LARGE, URL_REFUSED */
    public readonly code: string,
    message: string,
    /** For the server log only, never shown to the contributor (e.g. what a refused host resolved to). */
    public readonly detail?: string,
  ) {
    super(message);
    this.name = 'DatasetRejected';
  }
}

/** A record that passed ingest and validate, ready to stage and publish. */
export interface NormalizedRecord {
  /** 0-based position of the row in data.json / data.csv. */
  seq: number;
  /** sha-256 hex of the type's identity (normalised text, languages, media content): the global de-duplication key. */
  hash: string;
  sourceLanguage: string;
  /** Target language for parallel, transliteration, glossary; null otherwise. */
  targetLanguage: string | null;
  /** First domain of the record (rollup dimension). */
  domain: string;
  /** First collectionMethod.collectionDescription, or 'unspecified'. */
  collectionMethod: string;
  /** submitter.name. */
  submitter: string;
  /** Audio duration in seconds for asr-corpus, asr-unlabeled-corpus, tts-corpus; else null. */
  durationSeconds: number | null;
  /** The row merged over params (row values override params), as stored in records.data. */
  data: Record<string, unknown>;
  /** Media files of the record (audio, image), content-addressed: store them under `key`. */
  media: { key: string; bytes: Buffer }[];
}

/** What the processing of one row produced. */
export type RowEvent =
  | { kind: 'valid'; record: NormalizedRecord }
  | {
      kind: 'invalid';
      stage: 'ingest' | 'validate';
      seq: number;
      code: string;
      message: string;
      snippet: string;
      durationSeconds?: number;
    };
