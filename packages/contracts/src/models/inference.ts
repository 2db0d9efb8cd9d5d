/**
 * The ULCA inference interface: what the platform sends to a model's `callbackUrl` and what the
 * model answers, one request and one response schema per task of docs/product.md#what-the-platform-is, docs/product.md#screens
 * (ulca-reference/specs/model-schema.yml: TranslationRequest, ASRRequest, …; the original ULCA's
 * later tasks audio-gender-detection, img-lang-detection, itn and text-normalization follow the
 * same shapes). The task registry (tasks.ts) pairs each task with its schemas
 * (inferenceRequestSchemas, inferenceResponseSchemas); the inference proxy, the health job, the
 * reference models and the descriptor's example request (descriptor.ts) all use them.
 *
 * Strictness, decided per level:
 * - Language pairs are strict (only the LanguagePair fields; codes from LANGUAGE_CODES).
 * - Requests, their `config`, responses and their items are loose: unknown keys are kept and
 *   passed on, because a request is forwarded to the contributor's endpoint as written (models
 *   take their own options, e.g. `inputFormat`) and real models answer with extra fields
 *   (`status`, `taskType`). Known fields are type-checked.
 * - Lists of inputs need at least one item; every text input at least one character.
 *
 * Deviations from model-schema.yml, each needed by a published example or by real models:
 * - `config` is optional for the language- and gender-detection tasks (their examples omit it).
 * - OCR's config may give `language` (one pair, as 60 of the 61 OCR examples do) or `languages`
 *   (a list, as the schema says); at least one of the two.
 * - A NER prediction's `tokenStartIndex` / `tokenEndIndex` are optional (the ai4bharat NER
 *   examples answer `token` and `tag` only).
 * - A transliteration answer's `target` may be one string or a list of suggestions.
 * - `modelId` in a config is a string or a number (the schema says either, per task).
 */
import { z } from 'zod';
import { AUDIO_CHANNELS, AUDIO_FORMATS, BITS_PER_SAMPLE, DOMAIN_CODES, GENDERS } from '../enums.ts';
import { languagePairSchema } from '../datasets.ts';

// ---------------------------------------------------------------------------------------------
// Shared pieces

/** A text input or output: at least one character (model-schema Sentence.source). */
const text = z.string().min(1);
const modelId = z.union([z.string(), z.number()]).optional().describe('Model identifier as the endpoint knows it');

/** A sentence sent to a model: `{source}`; `target` is a reference translation when given (model-schema Sentence). */
export const sentenceSchema = z.looseObject({ source: text, target: text.optional() });
/** One or more sentences (model-schema Sentences), at least one. */
export const sentencesSchema = z.array(sentenceSchema).min(1);

/** Issue when neither of two alternative fields is present (e.g. audioContent | audioUri). */
function requireOneOf<T extends Record<string, unknown>>(a: keyof T & string, b: keyof T & string) {
  return (v: T, ctx: z.RefinementCtx) => {
    if (v[a] === undefined && v[b] === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [a],
        message: `missing required field: give '${a}' or '${b}'`,
        params: { ulcaCode: 'MISSING_FIELD' },
      });
    }
  };
}

/**
 * An audio file (model-schema AudioFile): `audioContent` (base64 bytes; the original caps speech
 * at 1 minute) or `audioUri` (https, gs:// or s3:// location); at least one.
 */
export const audioFileSchema = z
  .looseObject({
    audioContent: z.string().min(1).optional().describe('Audio bytes, base64'),
    audioUri: z.string().min(1).optional().describe('Location of the audio: https URL or bucket path'),
  })
  .superRefine(requireOneOf('audioContent', 'audioUri'));
export type AudioFile = z.infer<typeof audioFileSchema>;

/** An image file (model-schema ImageFile): `imageContent` (base64 bytes) or `imageUri`; at least one. */
export const imageFileSchema = z
  .looseObject({
    imageContent: z.string().min(1).optional().describe('Image bytes, base64'),
    imageUri: z.string().min(1).optional().describe('Location of the image: https URL or bucket path'),
  })
  .superRefine(requireOneOf('imageContent', 'imageUri'));
export type ImageFile = z.infer<typeof imageFileSchema>;

/** The language of a text task: a LanguagePair with `sourceLanguage` (and no target requirement). */
const languageConfig = z.looseObject({ modelId, language: languagePairSchema });

/** A language pair with `targetLanguage` required (translation, transliteration). */
export const targetedLanguagePairSchema = languagePairSchema.required({ targetLanguage: true });

const audioFormat = z.enum(AUDIO_FORMATS);
const encoding = z.enum(['base64', 'base85', 'base36', 'base32', 'ascii', 'ascii85']);
/** Sampling rate as the model expects it (common-schemas says kHz; deployed models commonly state Hz, e.g. 16000). */
const samplingRate = z.number().positive();

// ---------------------------------------------------------------------------------------------
// Requests

/** translation: `{input:[{source}], config:{language:{sourceLanguage, targetLanguage}}}` (TranslationRequest). */
export const translationRequestSchema = z.looseObject({
  input: sentencesSchema,
  config: z.looseObject({ modelId, language: targetedLanguagePairSchema }),
});

/** transliteration: like translation, config adds `numSuggestions` and `isSentence` (TransliterationRequest). */
export const transliterationRequestSchema = z.looseObject({
  input: sentencesSchema,
  config: z.looseObject({
    modelId,
    numSuggestions: z.int().min(1).optional().describe('Number of suggestions wanted per input'),
    isSentence: z.boolean().optional().describe('true: inputs are sentences; false: single words'),
    language: targetedLanguagePairSchema,
  }),
});

/** Post-processing steps an ASR model may apply (common-schemas AudioPostProcessors). */
export const AUDIO_POST_PROCESSORS = ['itn', 'punctuation', 'numbers-only', 'profainity-filter'] as const;
/** Transcript formats (model-schema TextFormat). */
export const TRANSCRIPTION_FORMATS = ['srt', 'transcript', 'webvtt', 'alternatives'] as const;

/**
 * asr: `{audio:[{audioContent|audioUri}], config:{language, audioFormat, samplingRate, …}}`
 * (ASRRequest, AudioConfig).
 */
export const asrRequestSchema = z.looseObject({
  audio: z.array(audioFileSchema).min(1),
  config: z.looseObject({
    modelId,
    language: languagePairSchema,
    audioFormat,
    channel: z.enum(AUDIO_CHANNELS).optional(),
    samplingRate: samplingRate.optional(),
    bitsPerSample: z.enum(BITS_PER_SAMPLE).optional(),
    transcriptionFormat: z.looseObject({ value: z.enum(TRANSCRIPTION_FORMATS) }).optional(),
    speechContext: z.array(z.looseObject({ phrases: z.array(z.string()).optional(), boost: z.number().optional() })).optional(),
    postProcessors: z.array(z.enum(AUDIO_POST_PROCESSORS)).optional(),
    domain: z.array(z.enum(DOMAIN_CODES)).optional(),
    detailed: z.boolean().optional(),
    bestTokenCount: z.int().min(0).optional(),
    punctuation: z.boolean().optional(),
    model: z.enum(['command_and_search', 'phone_call', 'video', 'default']).optional(),
    encoding: encoding.optional(),
  }),
});

/** TTS audio settings shared by request and response config (TTSRequestConfig, TTSResponseConfig). */
const ttsAudioShape = {
  modelId,
  audioFormat: audioFormat.optional(),
  channel: z.enum(AUDIO_CHANNELS).optional(),
  samplingRate: samplingRate.optional(),
  bitsPerSample: z.enum(BITS_PER_SAMPLE).optional(),
  encoding: encoding.optional(),
  speed: z.number().positive().optional().describe('Speed factor, 1 = normal'),
  duration: z.number().nonnegative().optional().describe('Audio duration in milliseconds'),
};

/** tts: `{input:[{source}], config:{language, gender, audioFormat, …}}` (TTSRequest, TTSRequestConfig). */
export const ttsRequestSchema = z.looseObject({
  input: sentencesSchema,
  config: z.looseObject({ ...ttsAudioShape, language: languagePairSchema, gender: z.enum(GENDERS) }),
});

/** OCR detection levels and image modalities (model-schema OCRConfig). */
export const OCR_DETECTION_LEVELS = ['word', 'line', 'paragraph', 'page'] as const;
export const OCR_MODALITIES = ['print', 'handwritten', 'scenetext'] as const;
const ocrConfigShape = {
  modelId,
  detectionLevel: z.enum(OCR_DETECTION_LEVELS).optional(),
  modality: z.enum(OCR_MODALITIES).optional(),
};

/** ocr: `{image:[{imageContent|imageUri}], config:{language | languages, detectionLevel, modality}}` (OCRRequest). */
export const ocrRequestSchema = z.looseObject({
  image: z.array(imageFileSchema).min(1),
  config: z
    .looseObject({ ...ocrConfigShape, language: languagePairSchema.optional(), languages: z.array(languagePairSchema).min(1).optional() })
    .superRefine(requireOneOf('language', 'languages')),
});

/** ner: `{input:[{source}], config:{language:{sourceLanguage}}}` (NerInference uses TranslationRequest without a target). */
export const nerRequestSchema = z.looseObject({ input: sentencesSchema, config: languageConfig });

/** Options of the language-detection tasks (LangDetectionConfig). */
const langDetectionConfig = z.looseObject({
  modelId,
  isSentence: z.boolean().optional(),
  numSuggestions: z.int().min(1).optional().describe('Number of ranked predictions wanted'),
});

/** txt-lang-detection: `{input:[{source}], config?}` (TxtLangDetectionRequest). */
export const txtLangDetectionRequestSchema = z.looseObject({ input: sentencesSchema, config: langDetectionConfig.optional() });

/** audio-lang-detection: `{audio:[{audioContent|audioUri}], config?}` (AudioLangDetectionRequest). */
export const audioLangDetectionRequestSchema = z.looseObject({
  audio: z.array(audioFileSchema).min(1),
  config: langDetectionConfig.optional(),
});

/** audio-gender-detection: `{audio:[…], config?:{language, audioFormat, samplingRate, encoding}}` (original AudioGenderDetectionRequest). */
export const audioGenderDetectionRequestSchema = z.looseObject({
  audio: z.array(audioFileSchema).min(1),
  config: z
    .looseObject({
      modelId,
      language: languagePairSchema.optional(),
      audioFormat: audioFormat.optional(),
      samplingRate: samplingRate.optional(),
      encoding: encoding.optional(),
    })
    .optional(),
});

/** img-lang-detection: `{image:[…], config?}` (the original reuses OCRRequest; the language is what is asked, so none is required). */
export const imgLangDetectionRequestSchema = z.looseObject({
  image: z.array(imageFileSchema).min(1),
  config: z.looseObject(ocrConfigShape).optional(),
});

/** itn (inverse text normalisation, "twenty five" → "25"): `{input:[{source}], config:{language}}` (the original reuses TranslationRequest). */
export const itnRequestSchema = z.looseObject({ input: sentencesSchema, config: languageConfig });

/** text-normalization ("25" → "twenty five"): the same shape as itn. */
export const textNormalizationRequestSchema = z.looseObject({ input: sentencesSchema, config: languageConfig });

// ---------------------------------------------------------------------------------------------
// Responses

/** A language prediction (model-schema LangDetectionPrediction): `langCode` as the model names it, optional script and score. */
export const langPredictionSchema = z.looseObject({
  langCode: z.string().min(1).describe('Language code (ISO 639-1/639-2 as the model answers it)'),
  scriptCode: z.string().optional().describe('ISO 15924 script code'),
  langScore: z.number().optional().describe('Confidence, in the model’s own scale (examples use 0..100)'),
});

/** A NER prediction (model-schema NerPrediction); character indices into the source, when given. */
export const nerPredictionSchema = z.looseObject({
  token: z.string(),
  tag: z.string().min(1).describe('Tag, e.g. B-PER, I-LOC, O'),
  score: z.number().optional(),
  tokenIndex: z.number().optional().describe('Position of the token in the sentence'),
  tokenStartIndex: z.number().optional().describe('Index of the first character of the token in source'),
  tokenEndIndex: z.number().optional().describe('Index of the last character of the token in source'),
});

/** A gender prediction (original GenderPrediction): `gender` as the model answers it, optional score. */
export const genderPredictionSchema = z.looseObject({
  gender: z.string().min(1).describe('male, female, … (common-schemas Gender)'),
  genderScore: z.number().optional(),
});

/** Output items with `source` and `target` (translation, itn, text-normalization). */
const targetedOutput = z.array(z.looseObject({ source: z.string(), target: z.string() }));

/** translation answer: `{output:[{source, target}]}` (TranslationResponse). */
export const translationResponseSchema = z.looseObject({ output: targetedOutput });

/** transliteration answer: `{output:[{source, target:[suggestions]}]}` (TransliterationResponse, SentencesList). */
export const transliterationResponseSchema = z.looseObject({
  output: z.array(z.looseObject({ source: z.string(), target: z.union([z.string(), z.array(z.string())]) })),
});

/** asr answer: `{output:[{source}]}`, the transcript in `source` (ASRResponse, AudioTranscription). */
export const asrResponseSchema = z.looseObject({
  output: z.array(z.looseObject({ source: z.string(), nBestTokens: z.array(z.looseObject({})).optional() })),
});

/** tts answer: `{audio:[{audioContent|audioUri}], config?}` (TTSResponse); audioContent is base64 (wav by default). */
export const ttsResponseSchema = z.looseObject({
  audio: z.array(audioFileSchema).min(1),
  config: z.looseObject({ ...ttsAudioShape, language: languagePairSchema.optional(), gender: z.enum(GENDERS).optional() }).optional(),
});

/** ocr answer: `{output:[{source}]}`, the recognised text in `source` (OCRResponse). */
export const ocrResponseSchema = z.looseObject({ output: z.array(z.looseObject({ source: z.string() })) });

/** ner answer: `{output:[{source, nerPrediction:[{token, tag, tokenStartIndex, tokenEndIndex}]}]}` (NerResponse). */
export const nerResponseSchema = z.looseObject({
  output: z.array(z.looseObject({ source: z.string(), nerPrediction: z.array(nerPredictionSchema) })),
});

/** txt-lang-detection answer: `{output:[{source, langPrediction:[{langCode, langScore}]}]}` (TxtLangDetectionResponse). */
export const txtLangDetectionResponseSchema = z.looseObject({
  output: z.array(z.looseObject({ source: z.string(), langPrediction: z.array(langPredictionSchema) })),
});

/** audio-lang-detection answer: `{output:[{langPrediction:[…]}]}` (AudioLangDetectionResponse). */
export const audioLangDetectionResponseSchema = z.looseObject({
  output: z.array(z.looseObject({ langPrediction: z.array(langPredictionSchema) })),
});

/** audio-gender-detection answer: `{output:[{audio?, genderPrediction:[{gender, genderScore}]}]}` (original AudioGenderDetectionResponse). */
export const audioGenderDetectionResponseSchema = z.looseObject({
  output: z.array(z.looseObject({ audio: z.looseObject({}).optional(), genderPrediction: z.array(genderPredictionSchema) })),
});

/** img-lang-detection answer: `{output:[{image?, langPrediction:[…]}]}` (original ImgLangDetectionResponse). */
export const imgLangDetectionResponseSchema = z.looseObject({
  output: z.array(z.looseObject({ image: z.looseObject({}).optional(), langPrediction: z.array(langPredictionSchema) })),
});

/** itn answer: `{output:[{source, target}]}`, the normalised-back text in target. */
export const itnResponseSchema = z.looseObject({ output: targetedOutput });

/** text-normalization answer: `{output:[{source, target}]}`, the spoken form in target. */
export const textNormalizationResponseSchema = z.looseObject({ output: targetedOutput });
