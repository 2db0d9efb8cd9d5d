import { describe, it, expect } from 'vitest';
import { INFERENCE_TASKS, inferenceRequestSchemas, inferenceResponseSchemas } from './tasks.ts';

describe('inference schemas', () => {
  it('has a request and a response schema for every task', () => {
    for (const t of INFERENCE_TASKS) {
      expect(inferenceRequestSchemas[t]).toBeDefined();
      expect(inferenceResponseSchemas[t]).toBeDefined();
    }
    expect(INFERENCE_TASKS.length).toBeGreaterThan(0);
  });

  it('translation: needs a target language; answers carry source and target', () => {
    const req = { input: [{ source: 'Where is the station?' }], config: { language: { sourceLanguage: 'en', targetLanguage: 'bn' } } };
    expect(inferenceRequestSchemas.translation.safeParse(req).success).toBe(true);
    const noTarget = inferenceRequestSchemas.translation.safeParse({ ...req, config: { language: { sourceLanguage: 'en' } } });
    expect(noTarget.error?.issues.map((i) => i.path)).toEqual([['config', 'language', 'targetLanguage']]);
    expect(inferenceRequestSchemas.translation.safeParse({ ...req, input: [] }).error?.issues[0]).toMatchObject({
      code: 'too_small',
      path: ['input'],
    });
    expect(inferenceResponseSchemas.translation.safeParse({ output: [{ source: 'a', target: 'b' }], status: 'ok' }).success).toBe(true);
    expect(inferenceResponseSchemas.translation.safeParse({ output: [{ source: 'a' }] }).error?.issues[0].path).toEqual([
      'output',
      0,
      'target',
    ]);
  });

  it('asr: audio by content or URI, an audio format from the list; transcript in output[].source', () => {
    const config = { language: { sourceLanguage: 'mr' }, audioFormat: 'flac', samplingRate: 16000 };
    expect(inferenceRequestSchemas.asr.safeParse({ audio: [{ audioContent: 'ZmxhYw==' }], config }).success).toBe(true);
    expect(inferenceRequestSchemas.asr.safeParse({ audio: [{}], config }).error?.issues[0].path).toEqual(['audio', 0, 'audioContent']);
    expect(
      inferenceRequestSchemas.asr.safeParse({
        audio: [{ audioUri: 'https://a.example.org/x.ogg' }],
        config: { ...config, audioFormat: 'ogg' },
      }).error?.issues[0],
    ).toMatchObject({ code: 'invalid_value', path: ['config', 'audioFormat'] });
    expect(inferenceResponseSchemas.asr.safeParse({ output: [{ source: 'नमस्कार' }] }).success).toBe(true);
  });

  it('tts: gender is required; the answer is audio', () => {
    const req = { input: [{ source: 'Good evening' }], config: { language: { sourceLanguage: 'en' }, gender: 'male' } };
    expect(inferenceRequestSchemas.tts.safeParse(req).success).toBe(true);
    expect(inferenceRequestSchemas.tts.safeParse({ ...req, config: { language: { sourceLanguage: 'en' }, gender: 'robot' } }).success).toBe(
      false,
    );
    expect(inferenceResponseSchemas.tts.safeParse({ audio: [{ audioContent: 'UklGRg==' }] }).success).toBe(true);
    expect(inferenceResponseSchemas.tts.safeParse({ audio: [] }).success).toBe(false);
  });

  it('ocr: an image and a language, given as language or languages', () => {
    const image = [{ imageContent: 'iVBORw0KGgo=' }];
    expect(inferenceRequestSchemas.ocr.safeParse({ image, config: { language: { sourceLanguage: 'te' } } }).success).toBe(true);
    expect(inferenceRequestSchemas.ocr.safeParse({ image, config: { languages: [{ sourceLanguage: 'te' }] } }).success).toBe(true);
    expect(inferenceRequestSchemas.ocr.safeParse({ image, config: {} }).error?.issues[0].path).toEqual(['config', 'language']);
  });

  it('ner, language and gender detection answers', () => {
    expect(
      inferenceResponseSchemas.ner.safeParse({
        output: [
          { source: 'Ravi lives in Kochi', nerPrediction: [{ token: 'Kochi', tag: 'B-LOC', tokenStartIndex: 14, tokenEndIndex: 18 }] },
        ],
      }).success,
    ).toBe(true);
    expect(
      inferenceResponseSchemas.ner.safeParse({ output: [{ source: 'x', nerPrediction: [{ token: 'x' }] }] }).error?.issues[0].path,
    ).toEqual(['output', 0, 'nerPrediction', 0, 'tag']);
    expect(
      inferenceResponseSchemas['txt-lang-detection'].safeParse({
        output: [{ source: 'hello', langPrediction: [{ langCode: 'en', langScore: 99 }] }],
      }).success,
    ).toBe(true);
    expect(inferenceResponseSchemas['audio-lang-detection'].safeParse({ output: [{ langPrediction: [{ langScore: 3 }] }] }).success).toBe(
      false,
    );
    expect(
      inferenceResponseSchemas['audio-gender-detection'].safeParse({
        output: [{ genderPrediction: [{ gender: 'male', genderScore: 0.7 }] }],
      }).success,
    ).toBe(true);
    expect(inferenceResponseSchemas['img-lang-detection'].safeParse({ output: [{ langPrediction: [{ langCode: 'ta' }] }] }).success).toBe(
      true,
    );
  });

  it('itn and text-normalization take text with a source language and answer source and target', () => {
    for (const t of ['itn', 'text-normalization'] as const) {
      expect(
        inferenceRequestSchemas[t].safeParse({ input: [{ source: 'five' }], config: { language: { sourceLanguage: 'hi' } } }).success,
      ).toBe(true);
      expect(inferenceRequestSchemas[t].safeParse({ input: [{ source: 'five' }] }).success).toBe(false);
      expect(inferenceResponseSchemas[t].safeParse({ output: [{ source: 'five', target: '5' }] }).success).toBe(true);
    }
  });

  it('keeps extra request fields (forwarded to the model) and refuses wrong types', () => {
    const r = inferenceRequestSchemas['txt-lang-detection'].parse({
      input: [{ source: 'x' }],
      config: { numSuggestions: 2, beam: 4 },
      trace: true,
    });
    expect(r).toMatchObject({ config: { beam: 4 }, trace: true });
    expect(inferenceRequestSchemas['txt-lang-detection'].safeParse({ input: 'x' }).error?.issues[0]).toMatchObject({
      code: 'invalid_type',
      path: ['input'],
    });
    expect(
      inferenceRequestSchemas.transliteration.safeParse({
        input: [{ source: 'x' }],
        config: { numSuggestions: 1.5, language: { sourceLanguage: 'en', targetLanguage: 'hi' } },
      }).error?.issues[0].path,
    ).toEqual(['config', 'numSuggestions']);
  });
});
