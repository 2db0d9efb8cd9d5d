/**
 * Test model descriptors, one per task, as a contributor would upload them (nothing read from the
 * published ULCA examples): shared by the chain integration test and the e2e model journey. Each
 * one's endpoint is the given callbackUrl, normally the test model server's path for the task
 * (model-server.ts), and its example request is what the upload check sends.
 */
import type { InferenceTask } from '@ulca/contracts';

/** A 1×1 PNG (image inputs of the test descriptors and tries). */
export const TEST_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const lang = (sourceLanguage: string, targetLanguage?: string) => ({ sourceLanguage, ...(targetLanguage ? { targetLanguage } : {}) });
/** The language pairs the test descriptors declare (a pair for translation and transliteration, Hindi otherwise). */
export const TEST_MODEL_LANGUAGES: Record<InferenceTask, { sourceLanguage: string; targetLanguage?: string }[]> = {
  translation: [lang('en', 'hi')],
  transliteration: [lang('en', 'hi')],
  asr: [lang('hi')],
  tts: [lang('hi')],
  ocr: [lang('hi')],
  ner: [lang('hi')],
  'txt-lang-detection': [lang('hi')],
  'audio-lang-detection': [lang('hi')],
  'audio-gender-detection': [lang('hi')],
  'img-lang-detection': [lang('hi')],
  itn: [lang('hi')],
  'text-normalization': [lang('hi')],
};

/** The example request of each task's test descriptor (what the upload check sends; audio and images inline). */
export function testExampleRequest(task: InferenceTask, audioContent: string): Record<string, unknown> {
  const language = TEST_MODEL_LANGUAGES[task][0];
  const text = {
    translation: 'Good morning',
    transliteration: 'namaste',
    tts: 'नमस्ते',
    ner: 'Meera moved to Pune',
    itn: 'twenty five apples',
    'text-normalization': '25 apples',
    'txt-lang-detection': 'नमस्ते दोस्तों',
  } as Partial<Record<InferenceTask, string>>;
  if (text[task]) return { input: [{ source: text[task] }], config: { language, ...(task === 'tts' ? { gender: 'female' } : {}) } };
  if (task === 'ocr' || task === 'img-lang-detection')
    return { image: [{ imageContent: TEST_PNG.toString('base64') }], config: { language } };
  return { audio: [{ audioContent }], config: { language, audioFormat: 'wav', samplingRate: 16000 } };
}

/**
 * A complete model descriptor of `task` named `name` (version v1.0) whose endpoint is `callbackUrl`,
 * as a contributor would upload it (the upload, chain and e2e tests share it). `audioContent` is the
 * base64 WAV of the speech tasks' example request.
 */
export function testDescriptor(task: InferenceTask, name: string, callbackUrl: string, audioContent: string): Record<string, unknown> {
  return {
    name,
    version: 'v1.0',
    description: `A small ${task} model the harbour lab serves for testing the model pages.`,
    refUrl: 'https://lab.example.org/models',
    task: { type: task },
    languages: TEST_MODEL_LANGUAGES[task],
    license: 'cc-by-4.0',
    domain: ['general'],
    submitter: { name: 'Harbour Lab', aboutMe: 'A university speech and text group' },
    inferenceEndPoint: {
      callbackUrl,
      schema: { taskType: task, ...(task === 'ner' ? { tagsFormat: 'IOB' } : {}), request: testExampleRequest(task, audioContent) },
    },
    trainingDataset: { description: 'Public news text and read speech' },
  };
}
