import { describe, it, expect } from 'vitest';
import {
  checkModelDescriptor,
  DEFAULT_MODEL_VERSION,
  modelDescriptorSchema,
  parseModelDescriptor,
  type DescriptorFieldError,
} from './descriptor.ts';
import { INFERENCE_TASKS, type InferenceTask } from './tasks.ts';

// Our own fixtures, shaped like the published ULCA descriptors (none is read at run time).

const en = { sourceLanguage: 'en' };
const enTa = { sourceLanguage: 'en', targetLanguage: 'ta' };
const wav = { audioUri: 'https://media.example.org/clips/greeting.wav' };
const png = { imageUri: 'https://media.example.org/scans/page-3.png' };

/** The inference schema (example request and sample answer) of each task. */
const schemas: Record<InferenceTask, Record<string, unknown>> = {
  translation: {
    taskType: 'translation',
    request: { input: [{ source: 'The river is calm today.' }], config: { language: enTa } },
    response: { output: [{ source: 'The river is calm today.', target: 'இன்று ஆறு அமைதியாக உள்ளது.' }] },
  },
  transliteration: {
    taskType: 'transliteration',
    request: { input: [{ source: 'vanakkam' }], config: { numSuggestions: 3, isSentence: false, language: enTa } },
    response: { output: [{ source: 'vanakkam', target: ['வணக்கம்', 'வனக்கம்'] }] },
  },
  asr: {
    taskType: 'asr',
    modelProcessingType: { type: 'batch' },
    request: {
      audio: [wav],
      config: { language: { sourceLanguage: 'ta' }, audioFormat: 'wav', samplingRate: 16000, transcriptionFormat: { value: 'transcript' } },
    },
    response: { output: [{ source: 'காலை வணக்கம்' }], status: 'SUCCESS' },
  },
  tts: {
    taskType: 'tts',
    modelProcessingType: { type: 'batch' },
    supportedVoices: ['female', 'male'],
    request: { input: [{ source: 'Welcome to the library.' }], config: { language: en, gender: 'female', audioFormat: 'wav' } },
    response: { audio: [{ audioContent: 'UklGRiQAAABXQVZF' }], config: { language: en, audioFormat: 'wav' } },
  },
  ocr: {
    taskType: 'ocr',
    request: { image: [png], config: { language: { sourceLanguage: 'hi' }, detectionLevel: 'line' } },
    response: { output: [{ source: 'पुस्तकालय सुबह खुलता है' }] },
  },
  ner: {
    taskType: 'ner',
    tagsFormat: 'IOB2',
    request: { input: [{ source: 'Meera moved to Pune in May' }], config: { language: en } },
    response: {
      output: [
        {
          source: 'Meera moved to Pune in May',
          nerPrediction: [
            { token: 'Meera', tag: 'B-PER', tokenStartIndex: 0, tokenEndIndex: 4 },
            { token: 'Pune', tag: 'B-LOC', tokenStartIndex: 15, tokenEndIndex: 18 },
          ],
        },
      ],
    },
  },
  'txt-lang-detection': {
    taskType: 'txt-lang-detection',
    request: { input: [{ source: 'ನಮಸ್ಕಾರ ಗೆಳೆಯರೇ' }] },
    response: { output: [{ source: 'ನಮಸ್ಕಾರ ಗೆಳೆಯರೇ', langPrediction: [{ langCode: 'kn', scriptCode: 'Knda', langScore: 97 }] }] },
  },
  'audio-lang-detection': {
    taskType: 'audio-lang-detection',
    request: { audio: [wav] },
    response: { output: [{ langPrediction: [{ langCode: 'ta', langScore: 88 }] }] },
  },
  'audio-gender-detection': {
    taskType: 'audio-gender-detection',
    request: { audio: [wav], config: { audioFormat: 'wav', samplingRate: 16000 } },
    response: { output: [{ genderPrediction: [{ gender: 'female', genderScore: 0.91 }] }] },
  },
  'img-lang-detection': {
    taskType: 'img-lang-detection',
    request: { image: [png] },
    response: { output: [{ langPrediction: [{ langCode: 'hi', scriptCode: 'Deva' }] }] },
  },
  itn: {
    taskType: 'itn',
    request: { input: [{ source: 'twenty five apples' }], config: { language: en } },
    response: { output: [{ source: 'twenty five apples', target: '25 apples' }] },
  },
  'text-normalization': {
    taskType: 'text-normalization',
    request: { input: [{ source: '25 apples' }], config: { language: en } },
    response: { output: [{ source: '25 apples', target: 'twenty five apples' }] },
  },
};

const languagesOf: Partial<Record<InferenceTask, unknown>> = {
  translation: [enTa],
  transliteration: [enTa],
  asr: [{ sourceLanguage: 'ta' }],
  tts: [en],
  ocr: [{ sourceLanguage: 'hi', sourceScriptCode: 'Deva' }],
  ner: [en],
  itn: [en],
  'text-normalization': [en],
};

/** A complete descriptor of `task`, in our own words (a fresh copy: tests change it). */
function descriptor(task: InferenceTask): Record<string, unknown> {
  return structuredClone({
    name: `Harbour ${task} model`,
    version: 'v2.1',
    description: `A small ${task} model that the harbour lab serves for testing.`,
    refUrl: 'https://lab.example.org/models',
    task: { type: task },
    ...(languagesOf[task] ? { languages: languagesOf[task] } : {}),
    license: 'cc-by-4.0',
    domain: ['general', 'news'],
    submitter: {
      name: 'Harbour Lab',
      aboutMe: 'A university speech and text group',
      team: [{ name: 'Asha Menon', aboutMe: 'Lead', oauthId: { oauthId: 'asha@example.org', provider: 'github' } }],
    },
    inferenceEndPoint: {
      callbackUrl: `https://models.example.org/${task}`,
      inferenceApiKey: { name: 'x-api-key', value: 'sk-test-0001' },
      schema: schemas[task],
    },
    trainingDataset: { description: 'Public news text and read speech' },
  });
}

/** The field errors of a descriptor that must be refused. */
function errorsOf(value: unknown): DescriptorFieldError[] {
  const r = checkModelDescriptor(value);
  if (r.success) throw new Error('expected the descriptor to be refused');
  return r.errors;
}

const paths = (value: unknown) => errorsOf(value).map((e) => e.path);

describe('model descriptor: accepted', () => {
  it.each(INFERENCE_TASKS)('accepts a complete %s descriptor and keeps its fields', (task) => {
    const d = descriptor(task);
    const r = modelDescriptorSchema.safeParse(d);
    expect(r.error?.issues).toBeUndefined();
    expect(r.data).toMatchObject({
      name: d.name,
      version: 'v2.1',
      task: { type: task },
      inferenceEndPoint: { schema: { taskType: task } },
    });
  });

  it('gives version v1.0 when none is stated, and Authorization as the default key header', () => {
    const d = descriptor('translation');
    delete d.version;
    (d.inferenceEndPoint as { inferenceApiKey: object }).inferenceApiKey = { value: 'k-1' };
    const r = modelDescriptorSchema.parse(d);
    expect(r.version).toBe(DEFAULT_MODEL_VERSION);
    expect(r.version).toBe('v1.0');
    expect(r.inferenceEndPoint.inferenceApiKey).toEqual({ name: 'Authorization', value: 'k-1' });
  });

  it('lets detection tasks omit languages, also as JSON null', () => {
    for (const task of ['txt-lang-detection', 'audio-lang-detection', 'audio-gender-detection', 'img-lang-detection'] as const) {
      expect(checkModelDescriptor({ ...descriptor(task), languages: null }).success).toBe(true);
    }
  });

  it('keeps extra fields inside the inference schema and its example request (forwarded to the endpoint)', () => {
    const d = descriptor('asr');
    const s = d.inferenceEndPoint as { schema: Record<string, unknown> };
    s.schema = { ...s.schema, supportedInputAudioFormat: ['wav', 'flac'] };
    (s.schema.request as { config: Record<string, unknown> }).config.inputFormat = { value: 'plain' };
    const r = modelDescriptorSchema.parse(d);
    expect(r.inferenceEndPoint.schema).toMatchObject({
      supportedInputAudioFormat: ['wav', 'flac'],
      request: { config: { inputFormat: { value: 'plain' } } },
    });
  });

  it('accepts a streaming model on a wss:// endpoint', () => {
    const d = descriptor('asr');
    const ep = d.inferenceEndPoint as { callbackUrl: string; schema: Record<string, unknown> };
    ep.callbackUrl = 'wss://stream.example.org/asr';
    ep.schema = { ...ep.schema, modelProcessingType: { type: 'streaming' } };
    expect(checkModelDescriptor(d).success).toBe(true);
  });

  it('accepts a list of per-language schemas of the same task (a multilingual endpoint)', () => {
    const d = descriptor('ner');
    const hi = {
      ...schemas.ner,
      request: { input: [{ source: 'रीना दिल्ली गई' }], config: { language: { sourceLanguage: 'hi' } } },
      response: undefined,
    };
    d.languages = [en, { sourceLanguage: 'hi' }];
    (d.inferenceEndPoint as { schema: unknown }).schema = [schemas.ner, hi];
    expect(checkModelDescriptor(d).success).toBe(true);
  });

  it('accepts an async endpoint whose example request is in asyncApiDetails', () => {
    const d = descriptor('translation');
    d.inferenceEndPoint = {
      callbackUrl: 'https://models.example.org/translate/submit',
      isSyncApi: false,
      asyncApiDetails: {
        pollingUrl: 'https://models.example.org/translate/result',
        pollInterval: 250,
        asyncApiSchema: { type: 'TranslationAsyncInference', request: schemas.translation.request, response: { requestId: 'job-17' } },
        asyncApiPollingSchema: { type: 'TranslationAsyncPollingInference', request: { requestId: 'job-17' } },
      },
    };
    expect(checkModelDescriptor(d).success).toBe(true);
  });

  it('accepts a script conversion (same language, different scripts) and reads license "null" as unknown-license', () => {
    const d = descriptor('translation');
    d.languages = [{ sourceLanguage: 'sd', sourceScriptCode: 'Arab', targetLanguage: 'sd', targetScriptCode: 'Deva' }];
    d.license = 'null';
    const r = modelDescriptorSchema.parse(d);
    expect(r.license).toBe('unknown-license');
  });

  it('parses file text with a byte-order mark', () => {
    const r = parseModelDescriptor(`\uFEFF${JSON.stringify(descriptor('ocr'))}`);
    expect(r.success).toBe(true);
  });
});

describe('model descriptor: refused, with an error per path', () => {
  it('refuses text that is not JSON', () => {
    const r = parseModelDescriptor('{"name": "half');
    expect(r.success).toBe(false);
    expect(!r.success && r.errors[0]).toMatchObject({ path: '', code: 'invalid_json' });
  });

  it('refuses an unknown task', () => {
    const errors = errorsOf({ ...descriptor('translation'), task: { type: 'summarisation' } });
    expect(errors[0]).toMatchObject({ path: 'task.type', code: 'invalid_value' });
    expect(errors[0].message).toContain('unknown task "summarisation"');
  });

  it('refuses an unknown language, in languages and in the example request', () => {
    const d = descriptor('translation');
    d.languages = [{ sourceLanguage: 'en', targetLanguage: 'xx' }];
    expect(errorsOf(d)).toEqual([{ path: 'languages.0.targetLanguage', code: 'invalid_value', message: 'unknown language code "xx"' }]);
    const e = descriptor('asr');
    (e.inferenceEndPoint as { schema: { request: { config: { language: object } } } }).schema.request.config.language = {
      sourceLanguage: 'klingon',
    };
    expect(paths(e)).toEqual(['inferenceEndPoint.schema.request.config.language.sourceLanguage']);
  });

  it('refuses a custom licence without licenseUrl, and a licenseUrl that is not a URL', () => {
    const d = { ...descriptor('tts'), license: 'custom-license' };
    expect(errorsOf(d)).toEqual([
      { path: 'licenseUrl', code: 'custom', message: "missing required field 'licenseUrl' (required when license is 'custom-license')" },
    ]);
    expect(paths({ ...d, licenseUrl: 'see our website' })).toEqual(['licenseUrl']);
    expect(checkModelDescriptor({ ...d, licenseUrl: 'https://lab.example.org/licence' }).success).toBe(true);
  });

  it('refuses a refUrl that is not an http(s) URL (a javascript: link would run in the model page)', () => {
    const d = descriptor('translation');
    expect(paths({ ...d, refUrl: 'javascript:alert(document.cookie)' })).toEqual(['refUrl']);
    expect(paths({ ...d, refUrl: 'data:text/html,<script>1</script>' })).toEqual(['refUrl']);
    expect(paths({ ...d, refUrl: 'see our website' })).toEqual(['refUrl']);
    expect(checkModelDescriptor({ ...d, refUrl: ' https://lab.example.org/about ' }).success).toBe(true);
  });

  it('refuses a callbackUrl that is not an http(s) or ws(s) URL', () => {
    for (const url of ['models.example.org/asr', 'not a url', 'ftp://models.example.org/asr', 'file:///etc/passwd', '']) {
      const d = descriptor('asr');
      (d.inferenceEndPoint as { callbackUrl: string }).callbackUrl = url;
      expect(paths(d)).toEqual(['inferenceEndPoint.callbackUrl']);
    }
  });

  it('refuses a descriptor without inferenceEndPoint, or with one without schema', () => {
    const d = descriptor('ner');
    delete d.inferenceEndPoint;
    expect(errorsOf(d)).toEqual([
      { path: 'inferenceEndPoint', code: 'invalid_type', message: "missing required field 'inferenceEndPoint'" },
    ]);
    const e = descriptor('ner');
    delete (e.inferenceEndPoint as { schema?: unknown }).schema;
    expect(errorsOf(e)[0]).toMatchObject({ path: 'inferenceEndPoint.schema', message: expect.stringContaining('missing required field') });
  });

  it('names each missing required field', () => {
    const d = descriptor('ocr');
    for (const k of ['name', 'description', 'task', 'license', 'domain', 'submitter', 'trainingDataset']) delete d[k];
    const errors = errorsOf(d);
    expect(errors.map((e) => e.path).sort()).toEqual(['description', 'domain', 'license', 'name', 'submitter', 'task', 'trainingDataset']);
    for (const e of errors) expect(e.message).toBe(`missing required field '${e.path}'`);
  });

  it('reports wrong types with the value received', () => {
    const d: Record<string, unknown> = { ...descriptor('itn'), name: 42, domain: 'general', languages: { sourceLanguage: 'en' } };
    (d.inferenceEndPoint as { isSyncApi: unknown }).isSyncApi = 'yes';
    const errors = errorsOf(d);
    expect(errors).toEqual([
      { path: 'name', code: 'invalid_type', message: 'must be a string, got 42' },
      { path: 'languages', code: 'invalid_type', message: 'must be an array, got {"sourceLanguage":"en"}' },
      { path: 'domain', code: 'invalid_type', message: 'must be an array, got "general"' },
      { path: 'inferenceEndPoint.isSyncApi', code: 'invalid_type', message: 'must be a boolean, got "yes"' },
    ]);
  });

  it('refuses unknown fields outside the inference schema', () => {
    expect(errorsOf({ ...descriptor('tts'), colour: 'blue' })).toEqual([
      { path: '', code: 'unrecognized_keys', message: "unknown field 'colour'" },
    ]);
    const d = descriptor('tts');
    (d.submitter as Record<string, unknown>).email = 'lab@example.org';
    (d.inferenceEndPoint as Record<string, unknown>).region = 'south';
    expect(paths(d)).toEqual(['submitter', 'inferenceEndPoint']);
  });

  it('refuses languages missing for a task that needs them, and a translation without a target', () => {
    const d = descriptor('asr');
    delete d.languages;
    expect(errorsOf(d)).toEqual([{ path: 'languages', code: 'custom', message: "missing required field 'languages' (required for asr)" }]);
    expect(paths({ ...descriptor('translation'), languages: [en] })).toEqual(['languages.0.targetLanguage']);
    expect(paths({ ...descriptor('translation'), languages: [{ sourceLanguage: 'ta', targetLanguage: 'ta' }] })).toEqual([
      'languages.0.targetLanguage',
    ]);
  });

  it('refuses a schema of another task, naming the mismatch first', () => {
    const d = descriptor('translation');
    (d.inferenceEndPoint as { schema: unknown }).schema = schemas.asr;
    expect(errorsOf(d)).toEqual([
      { path: 'inferenceEndPoint.schema.taskType', code: 'custom', message: "taskType 'asr' must equal task.type 'translation'" },
    ]);
    const e = descriptor('ner');
    (e.inferenceEndPoint as { schema: unknown }).schema = { ...schemas.translation, taskType: 'ner' };
    const errors = errorsOf({ ...e, task: { type: 'translation' }, languages: [enTa] });
    expect(errors[0].path).toBe('inferenceEndPoint.schema.taskType');
    expect(
      paths({ ...descriptor('ocr'), inferenceEndPoint: { callbackUrl: 'https://x.example.org', schema: { taskType: 'summarise' } } }),
    ).toEqual(['inferenceEndPoint.schema.taskType']);
  });

  it('refuses an example request that does not fit the task, at the request path', () => {
    const d = descriptor('tts');
    const req = (d.inferenceEndPoint as { schema: { request: { input: unknown; config: Record<string, unknown> } } }).schema.request;
    req.input = [{ source: '' }];
    delete req.config.gender;
    expect(paths(d).sort()).toEqual(['inferenceEndPoint.schema.request.config.gender', 'inferenceEndPoint.schema.request.input.0.source']);
    const a = descriptor('audio-gender-detection');
    (a.inferenceEndPoint as { schema: { request: unknown } }).schema.request = { audio: [{}] };
    expect(errorsOf(a)[0]).toMatchObject({
      path: 'inferenceEndPoint.schema.request.audio.0.audioContent',
      message: expect.stringContaining("'audioUri'"),
    });
  });

  it('refuses NER without tagsFormat, and TTS voices outside male/female', () => {
    const d = descriptor('ner');
    delete (d.inferenceEndPoint as { schema: Record<string, unknown> }).schema.tagsFormat;
    expect(paths(d)).toEqual(['inferenceEndPoint.schema.tagsFormat']);
    const t = descriptor('tts');
    (t.inferenceEndPoint as { schema: Record<string, unknown> }).schema.supportedVoices = ['robot'];
    expect(paths(t)).toEqual(['inferenceEndPoint.schema.supportedVoices.0']);
  });

  it('refuses an async endpoint without asyncApiDetails, or with a polling URL that is not a URL', () => {
    const d = descriptor('translation');
    (d.inferenceEndPoint as Record<string, unknown>).isSyncApi = false;
    expect(paths(d)).toEqual(['inferenceEndPoint.asyncApiDetails']);
    (d.inferenceEndPoint as Record<string, unknown>).asyncApiDetails = { pollingUrl: 'later', pollInterval: 1.5 };
    expect(paths(d).sort()).toEqual(['inferenceEndPoint.asyncApiDetails.pollInterval', 'inferenceEndPoint.asyncApiDetails.pollingUrl']);
  });

  it('refuses a name or description outside the reference lengths', () => {
    expect(paths({ ...descriptor('itn'), name: 'abc', description: 'too short' })).toEqual(['name', 'description']);
    expect(errorsOf({ ...descriptor('itn'), name: 'x'.repeat(101) })[0]).toMatchObject({ path: 'name', code: 'too_big' });
  });

  it('refuses values that are not a descriptor at all', () => {
    for (const v of [null, 5, 'model', []]) expect(paths(v)).toEqual(['']);
  });
});
