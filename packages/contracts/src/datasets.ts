/**
 * The ULCA contribution format as zod 4 schemas: `params.json` and one `data.json` row per
 * dataset type (ulca-reference/specs/dataset-schema.yml, common-schemas.yml).
 *
 * Every object is strict (unknown keys are errors) and every enumerated field is checked.
 * Row schemas describe what a row may say on its own; a row's values override the params
 * (docs/architecture.md#dataset-stages), so a row's `collectionMethod` may carry only `collectionDetails` and inherit
 * `collectionDescription` from the params.
 *
 * Custom (refinement) issues carry `params.ulcaCode` (e.g. MISSING_FIELD) so that a pipeline can
 * report a stable error code.
 *
 * Deviations from the original schema, each needed by the published examples or by the product:
 * - Contributor names need 3..50 characters (the schema says 5; an example team member has 3).
 * - `ka` is accepted as a language and rewritten to `kn` (see LANGUAGE_ALIASES).
 * - document-layout-corpus params may carry `languages` and `domain` (optional).
 * - monolingual-corpus params may carry a `collectionMethod` from the generic list.
 * - `pos-corpus` is ours, modelled on `ner-corpus`, with `posData` of Universal POS tags.
 * - An age band written `60-100` (the reference's speech examples) is read as `61-100` (AGE_RANGE_ALIASES).
 * - A NER token may give only `tokenIndex` (no `token`) when its row has `sourceText`, as the
 *   reference example "Sentences with only index and no words" does.
 * - A field given as JSON `null` counts as absent (see withoutNullFields): callers strip such
 *   fields before parsing, so an optional `null` passes and a required one is reported missing.
 */
import { z } from 'zod';
import {
  AGE_RANGE_ALIASES,
  AGE_RANGES,
  AUDIO_ALIGNMENT_TOOLS,
  AUDIO_CHANNELS,
  AUDIO_FORMATS,
  BITS_PER_SAMPLE,
  COLLECTION_METHODS_BY_TYPE,
  DATASET_TYPES,
  DIALECTS,
  DOMAIN_CODES,
  GENDERS,
  GLOSSARY_LEVELS,
  IMAGE_DPIS,
  IMAGE_FORMATS,
  IMAGE_TEXT_TYPES,
  LANGUAGE_ALIASES,
  LANGUAGE_CODES,
  LAYOUT_CLASSES,
  LICENSE_CODES,
  MIXED_DATA_SOURCES,
  MT_EVALUATION_METHOD_TYPES,
  NER_TAG_FORMATS,
  OAUTH_PROVIDERS,
  OCR_TOOLS,
  PAIRED_DATASET_TYPES,
  SCRIPT_CODES,
  SNR_METHOD_TYPES,
  TEXT_ALIGNMENT_TOOLS,
  TRANSCRIPTION_EVALUATION_METHOD_TYPES,
  UPOS_TAGS,
  type DatasetType,
} from './enums.ts';

/** Maximum items of collectionSource, domain, collectionDescription and languagesSpoken (schema: maxItems 10). */
export const MAX_LIST_ITEMS = 10;

/** Stable codes of refinement issues (`issue.params.ulcaCode`). */
export type UlcaIssueCode = 'MISSING_FIELD' | 'INVALID_VALUE';

// ---------------------------------------------------------------------------------------------
// Shared pieces (common-schemas.yml)

export const datasetTypeSchema = z.enum(DATASET_TYPES);

/**
 * `value` with every object field whose value is `null` left out, at any depth (array items are
 * kept, a `null` item stays invalid). Returns `value` itself when it holds no such field, so the
 * common case allocates nothing. Recursive: call it on values whose nesting is already bounded
 * (the pipeline refuses JSON nested deeper than MAX_JSON_DEPTH while streaming).
 */
export function withoutNullFields<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const v = withoutNullFields(value[i] as unknown);
      if (v !== value[i]) (out ??= value.slice())[i] = v;
    }
    return (out ?? value) as T;
  }
  let out: Record<string, unknown> | null = null;
  const src = value as Record<string, unknown>;
  for (const k of Object.keys(src)) {
    const v = src[k];
    if (v === null) {
      out ??= { ...src };
      delete out[k];
      continue;
    }
    const inner = withoutNullFields(v);
    if (inner !== v) (out ??= { ...src })[k] = inner;
  }
  return (out ?? value) as T;
}

/** An age band of the enumeration; aliases (AGE_RANGE_ALIASES, e.g. `60-100`) are rewritten first. */
export const ageRangeSchema = z.preprocess(
  (v) => (typeof v === 'string' && Object.hasOwn(AGE_RANGE_ALIASES, v) ? AGE_RANGE_ALIASES[v] : v),
  z.enum(AGE_RANGES),
);

/** A ULCA language code; known aliases (LANGUAGE_ALIASES) are rewritten first. */
export const languageCodeSchema = z.preprocess(
  (v) => (typeof v === 'string' && Object.hasOwn(LANGUAGE_ALIASES, v) ? LANGUAGE_ALIASES[v] : v),
  z.enum(LANGUAGE_CODES),
);

/** LanguagePair: targetLanguage is required for paired types, refused for the others (see params refinement). */
export const languagePairSchema = z.strictObject({
  sourceLanguage: languageCodeSchema,
  sourceLanguageName: z.string().optional(),
  sourceScriptCode: z.enum(SCRIPT_CODES).optional(),
  targetLanguage: languageCodeSchema.optional(),
  targetLanguageName: z.string().optional(),
  targetScriptCode: z.enum(SCRIPT_CODES).optional(),
});
export type LanguagePair = z.infer<typeof languagePairSchema>;

/** Source: 1..10 strings (URLs or names of where the data came from). */
export const collectionSourceSchema = z.array(z.string()).min(1).max(MAX_LIST_ITEMS);
export const domainListSchema = z.array(z.enum(DOMAIN_CODES)).min(1).max(MAX_LIST_ITEMS);
export const licenseSchema = z.enum(LICENSE_CODES);

export const oauthIdentitySchema = z.strictObject({
  identifier: z.string().optional(),
  oauthId: z.string().optional(),
  provider: z.enum(OAUTH_PROVIDERS).optional(),
});

export const contributorSchema = z.strictObject({
  name: z.string().min(3).max(50),
  oauthId: oauthIdentitySchema.optional(),
  aboutMe: z.string().optional(),
});

export const submitterSchema = z.strictObject({
  name: z.string().min(3).max(50),
  oauthId: oauthIdentitySchema.optional(),
  aboutMe: z.string().optional(),
  team: z.array(contributorSchema).optional(),
});
export type Submitter = z.infer<typeof submitterSchema>;

/** BoundingBox: the shape only; vertex count and geometry are validate-stage checks. */
export const vertexSchema = z.strictObject({ x: z.number(), y: z.number() });
export const boundingBoxSchema = z.strictObject({ vertices: z.array(vertexSchema) });
export type BoundingBox = z.infer<typeof boundingBoxSchema>;

// ---------------------------------------------------------------------------------------------
// Collection methods

const str = z.string().optional();
const num = z.number().optional();

const manualEditDetails = {
  editingTool: str,
  editingToolVersion: str,
  contributor: contributorSchema.optional(),
  timeSpentInSeconds: num,
  numOfKeysPressed: num,
};
const textAlignedDetails = {
  alignmentTool: z.enum(TEXT_ALIGNMENT_TOOLS).optional(),
  alignmentToolVersion: str,
  alignmentScore: num,
};
/** MTAutomaticEvaluationMethod or MachineTranslatedEvaluationMethod2, merged into one strict object. */
const mtEvaluationMethod = z.strictObject({
  adequacy: z.number().min(1).max(5).optional(),
  fluency: z.number().min(1).max(5).optional(),
  unknownParameter1: num,
  unknownParameter2: num,
  unknownParameter3: num,
});
const mtDetails = {
  translationModel: str,
  translationModelVersion: str,
  evaluationMethod: mtEvaluationMethod.optional(),
  evaluationMethodType: z.enum(MT_EVALUATION_METHOD_TYPES).optional(),
};
const modelDetails = { model: str, modelVersion: str };

const audioDetails = {
  alignmentTool: z.enum(AUDIO_ALIGNMENT_TOOLS).optional(),
  alignmentToolVersion: str,
  alignmentScore: num,
  asrModel: str,
  asrModelVersion: str,
  evaluationMethod: z.strictObject({ wer: num }).optional(),
  evaluationMethodType: z.enum(TRANSCRIPTION_EVALUATION_METHOD_TYPES).optional(),
  contributor: contributorSchema.optional(),
};

/**
 * collectionDetails per type: the schema's `oneOf` variants merged into one strict object whose
 * keys are the union of the variants' keys (a oneOf of mostly-optional objects cannot tell the
 * variants apart, and would give unreadable errors). Required keys are checked per method below.
 */
const DETAILS_BY_TYPE: Record<DatasetType, z.core.$ZodLooseShape> = {
  'parallel-corpus': { ...textAlignedDetails, ...manualEditDetails, ...mtDetails },
  'transliteration-corpus': {
    ...textAlignedDetails,
    ...manualEditDetails,
    ...mtDetails,
    transliterationModel: str,
    transliterationModelVersion: str,
  },
  'glossary-corpus': { ...textAlignedDetails, ...manualEditDetails, ...modelDetails },
  'monolingual-corpus': { ...manualEditDetails },
  'ner-corpus': { ...manualEditDetails, ...modelDetails },
  'pos-corpus': { ...manualEditDetails, ...modelDetails },
  'ocr-corpus': { ocrTool: z.enum(OCR_TOOLS).optional(), ocrToolVersion: str },
  'document-layout-corpus': { ocrTool: z.enum(OCR_TOOLS).optional(), ocrToolVersion: str },
  'asr-corpus': audioDetails,
  'asr-unlabeled-corpus': audioDetails,
  'tts-corpus': audioDetails,
};

/** Detail keys the schema requires for a collection method (checked when details are given). */
const REQUIRED_DETAILS: Record<string, string[]> = {
  'auto-aligned': ['alignmentTool'],
  'auto-aligned-from-parallel-docs': ['alignmentTool'],
  'machine-translated': ['translationModel'],
  'machine-generated': ['model'],
  'web-scraping-ocr': ['ocrTool'],
  'scanned-ocr': ['ocrTool'],
  'screen-capture': ['ocrTool'],
};

function collectionMethodSchema(type: DatasetType, descriptionRequired: boolean) {
  const description = z
    .array(z.enum(COLLECTION_METHODS_BY_TYPE[type] as [string, ...string[]]))
    .min(1)
    .max(MAX_LIST_ITEMS);
  return z
    .strictObject({
      collectionDescription: descriptionRequired ? description : description.optional(),
      collectionDetails: z.strictObject(DETAILS_BY_TYPE[type]).optional(),
    })
    .superRefine((cm, ctx) => {
      const method = cm.collectionDescription?.[0];
      const details = cm.collectionDetails as Record<string, unknown> | undefined;
      if (!method || !details) return;
      for (const key of REQUIRED_DETAILS[method] ?? []) {
        if (details[key] === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: ['collectionDetails', key],
            message: `missing required field 'collectionMethod.collectionDetails.${key}' (required for collection method '${method}')`,
            params: { ulcaCode: 'MISSING_FIELD' satisfies UlcaIssueCode },
          });
        }
      }
    });
}

/** Collection method of params.json for a type (collectionDescription required). */
export const paramsCollectionMethodSchema = (type: DatasetType) => collectionMethodSchema(type, true);
/** Collection method of a data row for a type (collectionDescription may be inherited from params). */
export const rowCollectionMethodSchema = (type: DatasetType) => collectionMethodSchema(type, false);

// ---------------------------------------------------------------------------------------------
// Audio pieces

export const snrSchema = z.strictObject({
  methodType: z.enum(SNR_METHOD_TYPES).optional(),
  methodDetails: z.strictObject({ snr: num, snrTool: str, snrToolVersion: str }).optional(),
});

/** Fields that describe an audio dataset; params may set them for all rows, rows may override most. */
const audioParamsShape = {
  mixedDataSource: z.enum(MIXED_DATA_SOURCES).optional(),
  format: z.enum(AUDIO_FORMATS).optional(),
  channel: z.enum(AUDIO_CHANNELS).optional(),
  /** kHz, e.g. 16, 44.1, 48. */
  samplingRate: z.number().positive().optional(),
  bitsPerSample: z.enum(BITS_PER_SAMPLE).optional(),
  numberOfSpeakers: z.number().min(1).optional(),
  gender: z.enum(GENDERS).optional(),
  age: ageRangeSchema.optional(),
  dialect: z.enum(DIALECTS).optional(),
  snr: snrSchema.optional(),
};

/** AsrCommonSchema of dataset-schema.yml (audioFilename required by every audio row). */
function audioRowShape(type: DatasetType) {
  return {
    audioFilename: z.string(),
    imageFilename: str,
    speaker: str,
    gender: z.enum(GENDERS).optional(),
    /** years */
    exactAge: num,
    age: ageRangeSchema.optional(),
    assertLanguage: languageCodeSchema.optional(),
    languagesSpoken: z.array(z.string()).min(1).max(MAX_LIST_ITEMS).optional(),
    state: str,
    district: str,
    pinCode: num,
    stayYears: str,
    education: str,
    recordingLanguage: str,
    socioEconomic: str,
    /** seconds */
    duration: z.number().nonnegative().optional(),
    collectionSource: collectionSourceSchema.optional(),
    channel: z.enum(AUDIO_CHANNELS).optional(),
    samplingRate: z.number().positive().optional(),
    bitsPerSample: z.enum(BITS_PER_SAMPLE).optional(),
    dialect: z.enum(DIALECTS).optional(),
    snr: snrSchema.optional(),
    /** hh:mm:ss */
    startTime: str,
    endTime: str,
    collectionMethod: rowCollectionMethodSchema(type).optional(),
  };
}

// ---------------------------------------------------------------------------------------------
// Annotation pieces (NER, POS)

/** A NER token; `token` may be left out when `tokenIndex` places it in the row's sourceText (see nerRowSchema). */
export const nerTokenSchema = z.strictObject({
  token: z.string().optional(),
  tag: z.string(),
  tokenIndex: num,
  tokenStartIndex: num,
  tokenEndIndex: num,
});
export const posTokenSchema = z.strictObject({
  token: z.string(),
  tag: z.enum(UPOS_TAGS),
  tokenIndex: num,
  tokenStartIndex: num,
  tokenEndIndex: num,
});

// ---------------------------------------------------------------------------------------------
// Params

const commonParamsShape = (type: DatasetType) => ({
  version: str,
  datasetType: z.literal(type),
  languages: languagePairSchema,
  collectionSource: collectionSourceSchema,
  domain: domainListSchema,
  license: licenseSchema,
  licenseUrl: str,
  submitter: submitterSchema,
});

type AnyParams = {
  license: string;
  licenseUrl?: string;
  languages?: { sourceLanguage: string; targetLanguage?: string };
};

/** Cross-field rules of params: the language pair against the type, the custom licence URL. */
function refineParams(type: DatasetType) {
  return (p: AnyParams, ctx: z.RefinementCtx) => {
    const paired = PAIRED_DATASET_TYPES.includes(type);
    const langs = p.languages;
    if (langs && paired && !langs.targetLanguage) {
      ctx.addIssue({
        code: 'custom',
        path: ['languages', 'targetLanguage'],
        message: `missing required field 'languages.targetLanguage' (required for ${type})`,
        params: { ulcaCode: 'MISSING_FIELD' satisfies UlcaIssueCode },
      });
    }
    if (langs && !paired && langs.targetLanguage) {
      ctx.addIssue({
        code: 'custom',
        path: ['languages', 'targetLanguage'],
        message: `field 'languages.targetLanguage' is only allowed for ${PAIRED_DATASET_TYPES.join(', ')}`,
        params: { ulcaCode: 'INVALID_VALUE' satisfies UlcaIssueCode },
      });
    }
    if (langs && (type === 'parallel-corpus' || type === 'glossary-corpus') && langs.targetLanguage === langs.sourceLanguage) {
      ctx.addIssue({
        code: 'custom',
        path: ['languages', 'targetLanguage'],
        message: `field 'languages.targetLanguage' must differ from sourceLanguage '${langs.sourceLanguage}' for ${type}`,
        params: { ulcaCode: 'INVALID_VALUE' satisfies UlcaIssueCode },
      });
    }
    if (p.license === 'custom-license' && !p.licenseUrl) {
      ctx.addIssue({
        code: 'custom',
        path: ['licenseUrl'],
        message: "missing required field 'licenseUrl' (required when license is 'custom-license')",
        params: { ulcaCode: 'MISSING_FIELD' satisfies UlcaIssueCode },
      });
    }
  };
}

export const parallelParamsSchema = z
  .strictObject({ ...commonParamsShape('parallel-corpus'), collectionMethod: paramsCollectionMethodSchema('parallel-corpus').optional() })
  .superRefine(refineParams('parallel-corpus'));
export const monolingualParamsSchema = z
  .strictObject({
    ...commonParamsShape('monolingual-corpus'),
    collectionMethod: paramsCollectionMethodSchema('monolingual-corpus').optional(),
  })
  .superRefine(refineParams('monolingual-corpus'));
export const transliterationParamsSchema = z
  .strictObject({
    ...commonParamsShape('transliteration-corpus'),
    collectionMethod: paramsCollectionMethodSchema('transliteration-corpus').optional(),
  })
  .superRefine(refineParams('transliteration-corpus'));
export const glossaryParamsSchema = z
  .strictObject({
    ...commonParamsShape('glossary-corpus'),
    level: z.enum(GLOSSARY_LEVELS).optional(),
    collectionMethod: paramsCollectionMethodSchema('glossary-corpus').optional(),
  })
  .superRefine(refineParams('glossary-corpus'));

const audioParams = <T extends 'asr-corpus' | 'asr-unlabeled-corpus' | 'tts-corpus'>(type: T) =>
  z
    .strictObject({ ...commonParamsShape(type), ...audioParamsShape, collectionMethod: paramsCollectionMethodSchema(type).optional() })
    .superRefine(refineParams(type));
export const asrParamsSchema = audioParams('asr-corpus');
export const asrUnlabeledParamsSchema = audioParams('asr-unlabeled-corpus');
export const ttsParamsSchema = audioParams('tts-corpus');

export const ocrParamsSchema = z
  .strictObject({
    ...commonParamsShape('ocr-corpus'),
    format: z.enum(IMAGE_FORMATS),
    dpi: z.enum(IMAGE_DPIS),
    imageTextType: z.enum(IMAGE_TEXT_TYPES),
    collectionMethod: paramsCollectionMethodSchema('ocr-corpus').optional(),
  })
  .superRefine(refineParams('ocr-corpus'));

export const documentLayoutParamsSchema = z
  .strictObject({
    version: str,
    datasetType: z.literal('document-layout-corpus'),
    languages: languagePairSchema.optional(),
    domain: domainListSchema.optional(),
    collectionSource: collectionSourceSchema,
    license: licenseSchema,
    licenseUrl: str,
    submitter: submitterSchema,
    format: z.enum(IMAGE_FORMATS),
    dpi: z.enum(IMAGE_DPIS),
    collectionMethod: paramsCollectionMethodSchema('document-layout-corpus').optional(),
  })
  .superRefine(refineParams('document-layout-corpus'));

export const nerParamsSchema = z
  .strictObject({
    ...commonParamsShape('ner-corpus'),
    tagsFormat: z.enum(NER_TAG_FORMATS),
    isStopwordsRemoved: z.boolean().optional(),
    formatDescription: str,
    collectionMethod: paramsCollectionMethodSchema('ner-corpus').optional(),
  })
  .superRefine(refineParams('ner-corpus'));

export const posParamsSchema = z
  .strictObject({
    ...commonParamsShape('pos-corpus'),
    /** Only Universal POS tags are accepted; the field exists so that NER-style params read naturally. */
    tagsFormat: z.literal('UPOS').optional(),
    isStopwordsRemoved: z.boolean().optional(),
    formatDescription: str,
    collectionMethod: paramsCollectionMethodSchema('pos-corpus').optional(),
  })
  .superRefine(refineParams('pos-corpus'));

/** params.json schema per dataset type. */
export const datasetParamsSchemas = {
  'parallel-corpus': parallelParamsSchema,
  'monolingual-corpus': monolingualParamsSchema,
  'transliteration-corpus': transliterationParamsSchema,
  'glossary-corpus': glossaryParamsSchema,
  'asr-corpus': asrParamsSchema,
  'asr-unlabeled-corpus': asrUnlabeledParamsSchema,
  'tts-corpus': ttsParamsSchema,
  'ocr-corpus': ocrParamsSchema,
  'document-layout-corpus': documentLayoutParamsSchema,
  'ner-corpus': nerParamsSchema,
  'pos-corpus': posParamsSchema,
} as const satisfies Record<DatasetType, z.ZodType>;

export type ParallelParams = z.infer<typeof parallelParamsSchema>;
export type MonolingualParams = z.infer<typeof monolingualParamsSchema>;
export type TransliterationParams = z.infer<typeof transliterationParamsSchema>;
export type GlossaryParams = z.infer<typeof glossaryParamsSchema>;
export type AsrParams = z.infer<typeof asrParamsSchema>;
export type AsrUnlabeledParams = z.infer<typeof asrUnlabeledParamsSchema>;
export type TtsParams = z.infer<typeof ttsParamsSchema>;
export type OcrParams = z.infer<typeof ocrParamsSchema>;
export type DocumentLayoutParams = z.infer<typeof documentLayoutParamsSchema>;
export type NerParams = z.infer<typeof nerParamsSchema>;
export type PosParams = z.infer<typeof posParamsSchema>;
/** Params of any dataset type. */
export type DatasetParams = z.infer<(typeof datasetParamsSchemas)[DatasetType]>;

// ---------------------------------------------------------------------------------------------
// Rows

const pairedRow = (type: 'parallel-corpus' | 'transliteration-corpus') =>
  z.strictObject({
    sourceText: z.string(),
    targetText: z.string(),
    collectionMethod: rowCollectionMethodSchema(type).optional(),
  });

export const parallelRowSchema = pairedRow('parallel-corpus');
export const transliterationRowSchema = pairedRow('transliteration-corpus');
export const glossaryRowSchema = z.strictObject({
  sourceText: z.string(),
  targetText: z.string(),
  level: z.enum(GLOSSARY_LEVELS).optional(),
  collectionMethod: rowCollectionMethodSchema('glossary-corpus').optional(),
});
export const monolingualRowSchema = z.strictObject({ text: z.string() });
export const asrRowSchema = z.strictObject({ ...audioRowShape('asr-corpus'), text: z.string() });
export const ttsRowSchema = z.strictObject({ ...audioRowShape('tts-corpus'), text: z.string() });
export const asrUnlabeledRowSchema = z.strictObject(audioRowShape('asr-unlabeled-corpus'));
export const ocrRowSchema = z.strictObject({
  imageFilename: z.string(),
  groundTruth: z.string(),
  boundingBox: boundingBoxSchema.optional(),
  collectionMethod: rowCollectionMethodSchema('ocr-corpus').optional(),
});
export const documentLayoutRowSchema = z.strictObject({
  imageFilename: z.string(),
  layoutClass: z.enum(LAYOUT_CLASSES),
  boundingBox: boundingBoxSchema,
});
export const nerRowSchema = z
  .strictObject({
    nerData: z.array(nerTokenSchema),
    sourceText: str,
    collectionMethod: rowCollectionMethodSchema('ner-corpus').optional(),
  })
  .superRefine((row, ctx) => {
    // A token without its word is only meaningful as a position in the sentence.
    row.nerData.forEach((t, i) => {
      if (t.token !== undefined || (t.tokenIndex !== undefined && row.sourceText !== undefined)) return;
      ctx.addIssue({
        code: 'custom',
        path: ['nerData', i, 'token'],
        message: `missing required field 'nerData[${i}].token' (a token may give only tokenIndex when the row has sourceText)`,
        params: { ulcaCode: 'MISSING_FIELD' satisfies UlcaIssueCode },
      });
    });
  });
export const posRowSchema = z.strictObject({
  posData: z.array(posTokenSchema),
  sourceText: str,
  collectionMethod: rowCollectionMethodSchema('pos-corpus').optional(),
});

/** data.json row schema per dataset type. */
export const datasetRowSchemas = {
  'parallel-corpus': parallelRowSchema,
  'monolingual-corpus': monolingualRowSchema,
  'transliteration-corpus': transliterationRowSchema,
  'glossary-corpus': glossaryRowSchema,
  'asr-corpus': asrRowSchema,
  'asr-unlabeled-corpus': asrUnlabeledRowSchema,
  'tts-corpus': ttsRowSchema,
  'ocr-corpus': ocrRowSchema,
  'document-layout-corpus': documentLayoutRowSchema,
  'ner-corpus': nerRowSchema,
  'pos-corpus': posRowSchema,
} as const satisfies Record<DatasetType, z.ZodType>;

export type ParallelRow = z.infer<typeof parallelRowSchema>;
export type MonolingualRow = z.infer<typeof monolingualRowSchema>;
export type TransliterationRow = z.infer<typeof transliterationRowSchema>;
export type GlossaryRow = z.infer<typeof glossaryRowSchema>;
export type AsrRow = z.infer<typeof asrRowSchema>;
export type TtsRow = z.infer<typeof ttsRowSchema>;
export type AsrUnlabeledRow = z.infer<typeof asrUnlabeledRowSchema>;
export type OcrRow = z.infer<typeof ocrRowSchema>;
export type DocumentLayoutRow = z.infer<typeof documentLayoutRowSchema>;
export type NerRow = z.infer<typeof nerRowSchema>;
export type PosRow = z.infer<typeof posRowSchema>;
/** A data row of any dataset type. */
export type DatasetRow = z.infer<(typeof datasetRowSchemas)[DatasetType]>;

/** Row fields that name a media file inside the zip, per type. */
export const MEDIA_FIELDS: Readonly<Record<DatasetType, readonly string[]>> = {
  'parallel-corpus': [],
  'monolingual-corpus': [],
  'transliteration-corpus': [],
  'glossary-corpus': [],
  'asr-corpus': ['audioFilename', 'imageFilename'],
  'asr-unlabeled-corpus': ['audioFilename', 'imageFilename'],
  'tts-corpus': ['audioFilename', 'imageFilename'],
  'ocr-corpus': ['imageFilename'],
  'document-layout-corpus': ['imageFilename'],
  'ner-corpus': [],
  'pos-corpus': [],
};
