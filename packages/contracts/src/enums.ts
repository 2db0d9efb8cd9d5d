/**
 * Enumerations of the ULCA contribution format and of the platform.
 *
 * Values follow ulca-reference/specs/common-schemas.yml, specs/dataset-schema.yml and
 * master-data/prod/*.json. Where the schema and the master data disagree, the union is accepted
 * (old submissions used either list). `pos-corpus` is ours: it is named in the product spec
 * (docs/product.md#states-and-transitions) but absent from the schema, so it is modelled on `ner-corpus`.
 */

/** A code with its human label, as the master-data lists publish them. */
export interface CodeLabel<C extends string = string> {
  code: C;
  label: string;
}

const codes = <C extends string>(list: readonly CodeLabel<C>[]): C[] => list.map((x) => x.code);

// ---------------------------------------------------------------------------------------------
// Dataset types

/** Dataset types (common-schemas DatasetType, plus pos-corpus from docs/product.md). */
export const DATASET_TYPES = [
  'parallel-corpus',
  'monolingual-corpus',
  'transliteration-corpus',
  'glossary-corpus',
  'asr-corpus',
  'asr-unlabeled-corpus',
  'tts-corpus',
  'ocr-corpus',
  'document-layout-corpus',
  'ner-corpus',
  'pos-corpus',
] as const;
export type DatasetType = (typeof DATASET_TYPES)[number];

/** Labels of dataset types (master-data datasetTypes.json). */
export const DATASET_TYPE_LABELS: Record<DatasetType, string> = {
  'parallel-corpus': 'Parallel Dataset',
  'monolingual-corpus': 'Monolingual Dataset',
  'transliteration-corpus': 'Transliteration Dataset',
  'glossary-corpus': 'Glossary Dataset',
  'asr-corpus': 'ASR Dataset',
  'asr-unlabeled-corpus': 'ASR Unlabeled Dataset',
  'tts-corpus': 'TTS Dataset',
  'ocr-corpus': 'OCR Dataset',
  'document-layout-corpus': 'Document Layout Dataset',
  'ner-corpus': 'NER Dataset',
  'pos-corpus': 'POS Dataset',
};

/**
 * The dataset types every picker of the interface offers, in one order (the dashboard's type
 * picker, the search form's type menu, the ready-made tabs): {@link DATASET_TYPES} without
 * document-layout-corpus, which has no search filters and no language to count by (it can still be
 * submitted and is listed in Dataset Metrics). See docs/product.md#what-the-platform-is.
 */
export const PICKER_DATASET_TYPES: readonly DatasetType[] = DATASET_TYPES.filter((t) => t !== 'document-layout-corpus');

/** Types whose records pair a source and a target language (targetLanguage is a dimension). */
export const PAIRED_DATASET_TYPES: readonly DatasetType[] = ['parallel-corpus', 'transliteration-corpus', 'glossary-corpus'];

/** Types whose records carry an audio file (duration is a dimension, in seconds). */
export const AUDIO_DATASET_TYPES: readonly DatasetType[] = ['asr-corpus', 'asr-unlabeled-corpus', 'tts-corpus'];

/** True for the types whose counts are also reported in audio time (docs/product.md#entities-and-fields: seconds / 3600, 'hrs'). */
export function isAudioDatasetType(type: string | null | undefined): boolean {
  return (AUDIO_DATASET_TYPES as readonly string[]).includes(type ?? '');
}

// ---------------------------------------------------------------------------------------------
// Languages and scripts

/** Supported languages (master-data languages.json; the same codes as SupportedLanguages). */
export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'hi', label: 'Hindi' },
  { code: 'mr', label: 'Marathi' },
  { code: 'ta', label: 'Tamil' },
  { code: 'te', label: 'Telugu' },
  { code: 'kn', label: 'Kannada' },
  { code: 'gu', label: 'Gujarati' },
  { code: 'pa', label: 'Punjabi' },
  { code: 'bn', label: 'Bengali' },
  { code: 'ml', label: 'Malayalam' },
  { code: 'as', label: 'Assamese' },
  { code: 'brx', label: 'Bodo' },
  { code: 'doi', label: 'Dogri' },
  { code: 'ks', label: 'Kashmiri' },
  { code: 'kok', label: 'Konkani' },
  { code: 'mai', label: 'Maithili' },
  { code: 'mni', label: 'Manipuri' },
  { code: 'ne', label: 'Nepali' },
  { code: 'or', label: 'Odia' },
  { code: 'sd', label: 'Sindhi' },
  { code: 'si', label: 'Sinhala' },
  { code: 'ur', label: 'Urdu' },
  { code: 'sat', label: 'Santali' },
  { code: 'lus', label: 'Lushai' },
  { code: 'njz', label: 'Ngungwel' },
  { code: 'pnr', label: 'Panim' },
  { code: 'kha', label: 'Khasi' },
  { code: 'grt', label: 'Garo' },
  { code: 'sa', label: 'Sanskrit' },
  { code: 'bho', label: 'Bhojpuri' },
  { code: 'raj', label: 'Rajasthani' },
  { code: 'gom', label: 'Goan Konkani' },
  { code: 'awa', label: 'Awadhi' },
  { code: 'hne', label: 'Chhattisgarhi' },
  { code: 'mag', label: 'Magahi' },
  { code: 'bns', label: 'Bundeli' },
  { code: 'mwr', label: 'Marwari' },
  { code: 'anp', label: 'Angika' },
  { code: 'bih', label: 'Bihari' },
  { code: 'hlb', label: 'Halbi' },
  { code: 'tcy', label: 'Tulu' },
  { code: 'gbm', label: 'Garhwali' },
  { code: 'sjp', label: 'Sarjapuri' },
  { code: 'unknown', label: 'Unknown' },
  { code: 'mixed', label: 'Mixed' },
] as const satisfies readonly CodeLabel[];
export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_CODES = codes<LanguageCode>(LANGUAGES);

/**
 * Codes seen in published ULCA examples that are not ULCA language codes, mapped to the code
 * that was meant (`ka` is ISO 639-1 Georgian, used by mistake for Kannada). Params are rewritten
 * to the mapped code so that records land under the right language.
 */
export const LANGUAGE_ALIASES: Readonly<Record<string, LanguageCode>> = { ka: 'kn' };

/** Label of a language code, or the code itself when unknown. */
export function languageLabel(code: string): string {
  return LANGUAGES.find((l) => l.code === code)?.label ?? code;
}

/** ISO 15924 script codes of the contribution format (common-schemas SupportedScripts). */
export const SCRIPT_CODES = [
  'Beng',
  'Deva',
  'Thaa',
  'Gujr',
  'Aran',
  'Orya',
  'Guru',
  'Arab',
  'Sinh',
  'Knda',
  'Mlym',
  'Taml',
  'Telu',
  'Mtei',
  'Olck',
  'Latn',
] as const;
export type ScriptCode = (typeof SCRIPT_CODES)[number];

// ---------------------------------------------------------------------------------------------
// Domains, licences

/** Domains (master-data domains.json = common-schemas Domain). */
export const DOMAINS = [
  { code: 'general', label: 'General' },
  { code: 'news', label: 'News' },
  { code: 'education', label: 'Education' },
  { code: 'legal', label: 'Legal' },
  { code: 'government-press-release', label: 'Government Press Release' },
  { code: 'healthcare', label: 'Healthcare' },
  { code: 'agriculture', label: 'Agriculture' },
  { code: 'automobile', label: 'Automobile' },
  { code: 'tourism', label: 'Tourism' },
  { code: 'financial', label: 'Financial' },
  { code: 'movies', label: 'Movies' },
  { code: 'subtitles', label: 'Subtitles' },
  { code: 'sports', label: 'Sports' },
  { code: 'technology', label: 'Technology' },
  { code: 'lifestyle', label: 'Lifestyle' },
  { code: 'entertainment', label: 'Entertainment' },
  { code: 'art-and-culture', label: 'Art and Culture' },
  { code: 'parliamentary', label: 'Parliamentary' },
  { code: 'economy', label: 'Economy' },
  { code: 'history', label: 'History' },
  { code: 'philosophy', label: 'Philosophy' },
  { code: 'religion', label: 'Religion' },
  { code: 'national-security-and-defence', label: 'National Security and Defence' },
  { code: 'literature', label: 'Literature' },
  { code: 'geography', label: 'Geography' },
  { code: 'websites', label: 'Websites' },
  { code: 'science', label: 'Science' },
  { code: 'stories', label: 'Stories' },
  { code: 'wikipedia', label: 'Wikipedia' },
] as const satisfies readonly CodeLabel[];
export type Domain = (typeof DOMAINS)[number]['code'];
export const DOMAIN_CODES = codes<Domain>(DOMAINS);

/** Licences: union of common-schemas License and master-data licenses.json. */
export const LICENSES = [
  { code: 'cc0', label: 'CC0' },
  { code: 'cc-by-4.0', label: 'CC-BY-4.0' },
  { code: 'cc-by-sa-4.0', label: 'CC-BY-SA-4.0' },
  { code: 'cc-by-nd-2.0', label: 'CC-BY-ND-2.0' },
  { code: 'cc-by-nd-3.0', label: 'CC-BY-ND-3.0' },
  { code: 'cc-by-nd-4.0', label: 'CC-BY-ND-4.0' },
  { code: 'cc-by-nc-3.0', label: 'CC-BY-NC-3.0' },
  { code: 'cc-by-nc-4.0', label: 'CC-BY-NC-4.0' },
  { code: 'cc-by-nc-sa-4.0', label: 'CC-BY-NC-SA-4.0' },
  { code: 'mit', label: 'MIT' },
  { code: 'gpl-3.0', label: 'GPL-3.0' },
  { code: 'bsd-3-clause', label: 'BSD-3-CLAUSE' },
  { code: 'private-commercial', label: 'PRIVATE-COMMERCIAL' },
  { code: 'unknown-license', label: 'UNKNOWN-LICENSE' },
  { code: 'custom-license', label: 'CUSTOM-LICENSE' },
] as const satisfies readonly CodeLabel[];
export type License = (typeof LICENSES)[number]['code'];
export const LICENSE_CODES = codes<License>(LICENSES);

// ---------------------------------------------------------------------------------------------
// Collection methods

/** Labels of every collection method (master-data collectionMethods.json, plus schema-only ones). */
export const COLLECTION_METHOD_LABELS: Readonly<Record<string, string>> = {
  'auto-aligned': 'Auto Aligned',
  'algorithm-auto-aligned': 'Algorithm Auto Aligned',
  'auto-aligned-from-parallel-docs': 'Auto Aligned From Parallel Docs',
  'manual-aligned': 'Manually Aligned',
  'machine-translated': 'Machine Translated',
  'machine-translated-post-edited': 'Machine Translated Post Edited',
  'manual-translated': 'Manually Translated',
  'manual-human-translated': 'Manual Human Translated',
  'algorithm-back-translated': 'Algorithm Back Translated',
  'human-validated': 'Human Validated',
  'crowd-sourced': 'Crowd Sourced',
  'phone-recording': 'Phone Recording',
  'web-scrapping-machine-readable': 'Web Scrapping Machine Readable',
  'web-scrapping-ocr': 'Web Scrapping OCR',
  'web-scraping-ocr': 'Web Scraping OCR',
  'scanned-ocr': 'Scanned OCR',
  'screen-capture': 'Screen Capture',
  'machine-generated-transcript': 'Machine Generated Transcript',
  'manual-transcribed': 'Manual Transcribed',
  'studio-recorded': 'Studio Recorded',
  'image-prompted-recording': 'Image Prompted Recording',
  'manual-curated': 'Manually Curated',
  'machine-generated': 'Machine Generated',
  'machine-generated-post-edited': 'Machine Generated Post Edited',
  'machine-transliterated': 'Machine Transliterated',
  'machine-transliterated-post-edited': 'Machine Transliterated Post Edited',
  'manual-transliterated': 'Manually Transliterated',
};

const AUDIO_METHODS = [
  'auto-aligned',
  'algorithm-auto-aligned',
  'machine-generated-transcript',
  'manual-transcribed',
  'studio-recorded',
  'image-prompted-recording',
] as const;
const OCR_METHODS = ['web-scraping-ocr', 'scanned-ocr', 'screen-capture', 'web-scrapping-machine-readable'] as const;
const ANNOTATION_METHODS = ['manual-curated', 'machine-generated', 'machine-generated-post-edited'] as const;

/**
 * Allowed `collectionMethod.collectionDescription` values per dataset type: the type's
 * collection-method enum in dataset-schema.yml, plus the master-data entries for that type.
 * Monolingual has no collection method in the schema; the generic CollectionMethod enum of
 * common-schemas is accepted for it.
 */
export const COLLECTION_METHODS_BY_TYPE: Readonly<Record<DatasetType, readonly string[]>> = {
  'parallel-corpus': [
    'auto-aligned',
    'auto-aligned-from-parallel-docs',
    'manual-aligned',
    'machine-translated',
    'machine-translated-post-edited',
    'manual-translated',
    'algorithm-auto-aligned',
    'manual-human-translated',
  ],
  'monolingual-corpus': [
    'web-scrapping-machine-readable',
    'web-scrapping-ocr',
    'manual-human-translated',
    'manual-transliterated',
    'algorithm-auto-aligned',
    'algorithm-back-translated',
    'human-validated',
    'phone-recording',
    'crowd-sourced',
  ],
  'transliteration-corpus': ['auto-aligned', 'machine-transliterated', 'machine-transliterated-post-edited', 'manual-transliterated'],
  'glossary-corpus': ['auto-aligned', 'manual-curated', 'machine-generated', 'machine-generated-post-edited'],
  'asr-corpus': AUDIO_METHODS,
  'asr-unlabeled-corpus': AUDIO_METHODS,
  'tts-corpus': AUDIO_METHODS,
  'ocr-corpus': OCR_METHODS,
  'document-layout-corpus': OCR_METHODS,
  'ner-corpus': ANNOTATION_METHODS,
  'pos-corpus': ANNOTATION_METHODS,
};

// ---------------------------------------------------------------------------------------------
// Audio, image and annotation attributes

export const AUDIO_FORMATS = ['wav', 'pcm', 'mp3', 'flac', 'sph', 'webm', 'm4a'] as const;
export const AUDIO_CHANNELS = ['mono', 'stereo'] as const;
export const BITS_PER_SAMPLE = ['sixteen', 'eight'] as const;
/** Gender: union of common-schemas Gender and master-data gender.json. */
export const GENDERS = ['male', 'female', 'transgender', 'non-specified', 'others'] as const;
/** Speaker age ranges (dataset-schema AsrCommonSchema.age). */
export const AGE_RANGES = ['1-10', '11-20', '21-60', '61-100'] as const;
/**
 * Other spellings of an age band, mapped to the band they mean. The reference's own speech
 * examples write the top band as `60-100` while its enumeration says `61-100`; both are read as
 * `61-100`, the value stored.
 */
export const AGE_RANGE_ALIASES: Readonly<Record<string, (typeof AGE_RANGES)[number]>> = { '60-100': '61-100' };
export const DIALECTS = ['hi-thethi', 'hi-magahi', 'ta-madurai'] as const;
export const MIXED_DATA_SOURCES = ['vaani'] as const;
export const SNR_METHOD_TYPES = ['WadaSnr'] as const;
export const IMAGE_FORMATS = ['jpeg', 'bmp', 'png', 'tiff'] as const;
export const IMAGE_DPIS = ['300_dpi', '72_dpi'] as const;
export const IMAGE_TEXT_TYPES = ['scene-text', 'typewriter-typed-text', 'computer-typed-text', 'handwritten-text'] as const;
export const LAYOUT_CLASSES = ['paragraph', 'line', 'word', 'signatureImage'] as const;
export const OCR_TOOLS = [
  'google cloud vision',
  'tesseract',
  'anuvaad ocr',
  'microsoft azure computer vision',
  'calamari',
  'ocropus',
  'amazon textract',
  'abbyy cloud ocr',
  'unknown',
] as const;
/** Text alignment tools (parallel, transliteration, glossary). */
export const TEXT_ALIGNMENT_TOOLS = ['LaBSE', 'LASER'] as const;
/** Audio-text alignment tools (ASR types). */
export const AUDIO_ALIGNMENT_TOOLS = ['AENAES'] as const;
export const MT_EVALUATION_METHOD_TYPES = ['MTAutomaticEvaluationMethod', 'MachineTranslatedEvaluationMethod2'] as const;
export const TRANSCRIPTION_EVALUATION_METHOD_TYPES = ['TranscriptionEvaluationMethod1'] as const;
export const OAUTH_PROVIDERS = ['custom', 'github', 'facebook', 'instagram', 'google', 'yahoo'] as const;
/** Glossary entry level: word, phrase, sentence. */
export const GLOSSARY_LEVELS = ['w', 'p', 's'] as const;
/** NER tag formats (common-schemas SupportedTagsFormat). */
export const NER_TAG_FORMATS = ['IOB', 'IOB2', 'BIOES', 'basic', 'custom'] as const;
/** Universal POS tags (Universal Dependencies v2), the tag set of pos-corpus. */
export const UPOS_TAGS = [
  'ADJ',
  'ADP',
  'ADV',
  'AUX',
  'CCONJ',
  'DET',
  'INTJ',
  'NOUN',
  'NUM',
  'PART',
  'PRON',
  'PROPN',
  'PUNCT',
  'SCONJ',
  'SYM',
  'VERB',
  'X',
] as const;
export type UposTag = (typeof UPOS_TAGS)[number];

// ---------------------------------------------------------------------------------------------
// Accounts and processing

/** Pipeline stages as the status page shows them (docs/architecture.md#dataset-stages). */
export const PIPELINE_STAGES = ['download', 'ingest', 'validate', 'publish'] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];

/** Status of a submission as the contribution list shows it (docs/product.md#entities-and-fields); stages add 'Not Run' (STAGE_STATUSES). */
export const SUBMISSION_STATUSES = ['Pending', 'In-Progress', 'Completed', 'Failed'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** Process states of master-data processStates.json (lower-case codes). */
export const PROCESS_STATES = ['pending', 'in-progress', 'completed', 'failed', 'published', 'na', 'submitted'] as const;
export type ProcessState = (typeof PROCESS_STATES)[number];
