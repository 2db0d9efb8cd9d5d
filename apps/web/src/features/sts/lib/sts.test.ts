import { describe, expect, it } from 'vitest';
import { STS_SELECT_ALL_MESSAGE, type ModelRecord } from '@ulca/contracts';
import {
  EMPTY_SELECTION,
  autoPick,
  buildStsFeedbackBody,
  choose,
  modelOptions,
  optionsFor,
  batchFilesText,
  batchProgressText,
  batchRunning,
  selectionError,
  sourceLanguages,
  targetLanguages,
} from './sts.ts';
import { loadTexts } from '../../../lib/i18n/i18n.ts';

// The feature's catalogue files, as its pages load them (lib/i18n/i18n.ts withTexts).
await loadTexts(['sts', 'search']);

function model(
  modelId: string,
  name: string,
  task: ModelRecord['task']['type'],
  languages: ModelRecord['languages'],
  streaming = false,
): ModelRecord {
  return {
    modelId,
    name,
    version: 'v1.0',
    description: 'x',
    refUrl: null,
    task: { type: task },
    languages,
    license: 'mit',
    licenseUrl: null,
    domain: ['general'],
    submitter: { name: 'Lab' },
    trainingDataset: { description: 'x' },
    inferenceEndPoint: { schema: streaming ? { modelProcessingType: { type: 'streaming' } } : null, isSyncApi: true },
    status: 'published',
    unpublishReason: null,
    submittedOn: 0,
    publishedOn: 0,
    isReferenceModel: false,
    engineCard: null,
    metric: [],
    benchmarkPerformance: [],
  };
}

const options = {
  asr: modelOptions([
    model('asr-plain', 'Hindi ASR', 'asr', [{ sourceLanguage: 'hi' }]),
    model('asr-stream', 'Vakyansh streaming', 'asr', [{ sourceLanguage: 'hi' }], true),
    model('asr-vak', 'Vakyansh Hindi', 'asr', [{ sourceLanguage: 'hi' }]),
    model('asr-ta', 'Tamil ASR', 'asr', [{ sourceLanguage: 'ta' }]),
  ]),
  translation: modelOptions([
    model('tr-apertium', 'Apertium hi-ur', 'translation', [{ sourceLanguage: 'hi', targetLanguage: 'ur' }]),
    model('tr-indic', 'IndicTrans2', 'translation', [
      { sourceLanguage: 'hi', targetLanguage: 'ur' },
      { sourceLanguage: 'hi', targetLanguage: 'ta' },
      { sourceLanguage: 'bn', targetLanguage: 'hi' },
    ]),
  ]),
  tts: modelOptions([
    model('tts-espeak', 'eSpeak', 'tts', [{ sourceLanguage: 'ur' }, { sourceLanguage: 'ta' }]),
    model('tts-vak', 'Vakyansh TTS', 'tts', [{ sourceLanguage: 'ur' }]),
  ]),
};

describe('speech-to-speech pickers (docs/product.md#states-and-transitions)', () => {
  it('offers sources with a translation model and the targets of the chosen source', () => {
    expect(sourceLanguages(options.translation)).toEqual(['bn', 'hi']);
    expect(targetLanguages(options.translation, 'hi')).toEqual(['ta', 'ur']);
    expect(optionsFor('translation', options.translation, { source: 'hi', target: 'ur' }).map((o) => o.value)).toEqual([
      'tr-apertium',
      'tr-indic',
    ]);
  });

  it('auto-picks a batch project ASR, indictrans translation and the same project TTS', () => {
    expect(autoPick(options, { source: 'hi', target: 'ur' })).toEqual({ asr: 'asr-vak', translation: 'tr-indic', tts: 'tts-vak' });
    // No project model: the first one that fits; nothing for a missing language.
    expect(autoPick(options, { source: 'hi', target: 'ta' })).toEqual({ asr: 'asr-vak', translation: 'tr-indic', tts: 'tts-espeak' });
    expect(autoPick(options, { source: 'bn', target: 'hi' })).toEqual({ asr: '', translation: 'tr-indic', tts: '' });
  });

  it('a new source clears the target and models; a new target clears the models; a model choice only itself', () => {
    let sel = choose(EMPTY_SELECTION, 'source', 'hi', options);
    expect(sel).toEqual({ source: 'hi', target: '', asr: 'asr-vak', translation: '', tts: '' });
    sel = choose(sel, 'target', 'ur', options);
    sel = choose(sel, 'translation', 'tr-apertium', options);
    sel = choose(sel, 'tts', 'tts-espeak', options);
    expect(sel).toEqual({ source: 'hi', target: 'ur', asr: 'asr-vak', translation: 'tr-apertium', tts: 'tts-espeak' });
    expect(choose(sel, 'target', 'ta', options)).toEqual({
      source: 'hi',
      target: 'ta',
      asr: 'asr-vak',
      translation: 'tr-indic',
      tts: 'tts-espeak',
    });
    expect(choose(sel, 'source', 'bn', options)).toEqual({ source: 'bn', target: '', asr: '', translation: '', tts: '' });
  });

  it('needs every drop-down (the ASR one only when speaking)', () => {
    const full = { source: 'hi', target: 'ur', asr: 'a', translation: 't', tts: 's' };
    expect(selectionError(full, false)).toBeNull();
    expect(selectionError({ ...full, asr: '' }, false)).toBe(STS_SELECT_ALL_MESSAGE);
    expect(selectionError({ ...full, asr: '' }, true)).toBeNull();
    expect(selectionError({ ...full, tts: '' }, true)).toBe(STS_SELECT_ALL_MESSAGE);
  });
});

describe('speech-to-speech feedback (docs/product.md#entities-and-fields, docs/api.md#route-groups)', () => {
  const base = {
    models: { asr: 'a1', translation: 't1', tts: 's1' },
    sourceText: 'मेरा नाम',
    translation: 'میرا نام',
    question: 'Are you satisfied with this translation?',
    commentsQuestion: 'Add your comments',
    stages: [
      { stage: 'asr' as const, question: 'Rate Speech to Text Quality', rating: 2 },
      { stage: 'translation' as const, question: 'Rate Translated Text Quality', rating: 4 },
      { stage: 'tts' as const, question: 'Rate Translated Speech Quality', rating: 0 },
    ],
    comment: '',
    suggestedOutput: '',
  };

  it('a rating of 3 or less sends the rated stages as detailedFeedback, without user or modelId', () => {
    const body = buildStsFeedbackBody({ ...base, rating: 3 });
    expect(body).toMatchObject({ taskType: 'sts', input: 'मेरा नाम', output: 'میرا نام', suggestedOutput: null });
    expect(body.modelId).toBeUndefined();
    expect(body.userId).toBeUndefined();
    expect(body.feedback).toEqual([{ feedbackQuestion: base.question, feedbackQuestionResponse: 3 }]);
    expect(body.detailedFeedback).toEqual([
      {
        taskType: 'asr',
        modelId: 'a1',
        input: null,
        output: 'मेरा नाम',
        feedback: [{ feedbackQuestion: 'Rate Speech to Text Quality', feedbackQuestionResponse: 2 }],
      },
      {
        taskType: 'translation',
        modelId: 't1',
        input: 'मेरा नाम',
        output: 'میرا نام',
        feedback: [{ feedbackQuestion: 'Rate Translated Text Quality', feedbackQuestionResponse: 4 }],
      },
    ]);
  });

  it('above 3: no stages; the comment and a changed suggestion are sent', () => {
    const body = buildStsFeedbackBody({ ...base, rating: 5, comment: ' good ', suggestedOutput: 'میرا نام ہے' });
    expect(body.detailedFeedback).toEqual([]);
    expect(body.feedback).toEqual([
      { feedbackQuestion: base.question, feedbackQuestionResponse: 5 },
      { feedbackQuestion: 'Add your comments', feedbackQuestionResponse: 'good' },
    ]);
    expect(body.suggestedOutput).toBe('میرا نام ہے');
    expect(buildStsFeedbackBody({ ...base, rating: 5, suggestedOutput: 'میرا نام' }).suggestedOutput).toBeNull();
  });
});

describe('batch texts', () => {
  const b = { status: 'In-Progress' as const, total: 3, done: 1, failed: 1, skipped: 0, message: null };
  it('reads progress, completion, queueing and failure', () => {
    expect(batchProgressText(b)).toBe('2 of 3 files processed (1 converted, 1 failed)…');
    expect(batchProgressText({ ...b, status: 'Completed', done: 2, skipped: 1 })).toBe(
      '3 of 3 files processed (2 converted, 1 failed, 1 other files skipped) — done',
    );
    expect(batchProgressText({ ...b, status: 'Pending' })).toBe('Queued…');
    expect(batchProgressText({ ...b, status: 'Failed', message: 'Not a zip.' })).toBe('Failed: Not a zip.');
    expect(batchProgressText({ ...b, status: 'Failed' })).toBe('Failed: the batch could not be processed.');
  });
  it('shows files done of total, a dash until the zip was read', () => {
    expect(batchFilesText(b)).toBe('1/3');
    expect(batchFilesText({ status: 'Pending', total: 0, done: 0 })).toBe('-');
    expect(batchFilesText({ status: 'Failed', total: 0, done: 0 })).toBe('0/0');
    expect(batchRunning(b)).toBe(true);
    expect(batchRunning({ status: 'Completed' })).toBe(false);
  });
});
