import type { InferenceRequest, InferenceResponse, InferenceTask } from '@ulca/contracts';

/**
 * What a reference model's card says about it (docs/product.md#reference-models "Reference models"):
 * honest about the kind of engine and its limits. Shown on the model's detail page.
 */
export interface EngineCard {
  /** Model name as registered, e.g. "Tesseract OCR (reference)". Unique per task. */
  name: string;
  /** One paragraph: what the engine is and how it works. */
  description: string;
  /** What kind of engine: a trained model, or rules / a heuristic (labelled as such on the card). */
  kind: 'trained-model' | 'rule-based' | 'heuristic';
  /** The package(s) it runs on, with versions, e.g. "tesseract.js 7.0.0 + @tesseract.js-data/hin 1.0.0". */
  engine: string;
  /** Known limits, one sentence each (e.g. "no schwa deletion"). */
  limits: string[];
  /** Licence of the engine/weights as a ULCA licence code (e.g. "apache-2.0", "gpl-3.0", "mit"). */
  license: string;
  /** Upstream project page. */
  refUrl: string;
}

/** The language coverage of one registered reference model: source (and target for paired tasks) codes (ISO 639-1 as in LANGUAGE_CODES). */
export interface EngineLanguage {
  sourceLanguage: string;
  targetLanguage?: string;
}

/**
 * A reference engine: one offline inference engine serving one task of the ULCA inference
 * interface (packages/contracts models/inference.ts). The reference-model HTTP server answers
 * `POST /<engine id>` with `infer(request)`; the platform registers one model per engine and calls
 * it through the same inference proxy as any contributor's model.
 */
export interface ReferenceEngine<T extends InferenceTask = InferenceTask> {
  /** Stable identifier, URL-safe, e.g. "ocr-tesseract"; the path the server serves it under. */
  id: string;
  task: T;
  /** Languages (pairs) it serves; one registered model lists them all. */
  languages: EngineLanguage[];
  card: EngineCard;
  /** The example request stored in the registered descriptor (inferenceEndPoint.schema.request); health checks send it. */
  exampleRequest: InferenceRequest<T>;
  /** Loads weights / starts processes once; the first real call must not pay for it. Idempotent. */
  warm(): Promise<void>;
  /**
   * Runs one request (already validated against the task's request schema).
   * @throws EngineInputError for input the engine cannot handle (empty, unsupported language or script, not an image/audio, too large).
   */
  infer(request: InferenceRequest<T>): Promise<InferenceResponse<T>>;
  /** Frees workers / child processes. */
  close(): Promise<void>;
}

/** Input the engine refuses; the server answers 400 `{message}` with this message (written for the person trying the model). */
export class EngineInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineInputError';
  }
}

/** What every engine factory receives: `create<Name>Engine(opts: EngineOptions): ReferenceEngine`. */
export interface EngineOptions {
  /** A folder the engine may write caches to (under the platform's data folder); created by the caller. */
  cacheDir: string;
  /** Logger (pino-compatible subset). */
  log: { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };
}
