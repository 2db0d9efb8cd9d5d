import { describe, expect, it } from 'vitest';
import { modelFeedbackBody } from '@ulca/contracts';
import { DEFAULT_RATING_QUESTION, buildFeedbackBody, feedbackQuestionsFor } from './feedback.ts';

const qns = [
  { code: 'translation', question: 'How well does the translation keep the meaning of the original?' },
  { code: 'comments', question: 'Anything else you would like to tell us?' },
];

describe('feedback', () => {
  it('takes the task question and the comments prompt from the app config', () => {
    expect(feedbackQuestionsFor('translation', qns)).toEqual({ rating: qns[0].question, comments: qns[1].question });
    expect(feedbackQuestionsFor('ocr', qns).rating).toBe(DEFAULT_RATING_QUESTION);
  });

  it('builds the spec payload, accepted by the contract', () => {
    const body = buildFeedbackBody({
      task: 'translation',
      modelId: 'm1',
      input: 'hello',
      output: 'नमस्ते',
      questions: feedbackQuestionsFor('translation', qns),
      rating: 4,
      comment: '  good  ',
      suggestedOutput: ' नमस्कार ',
    });
    expect(body).toEqual({
      taskType: 'translation',
      modelId: 'm1',
      input: 'hello',
      output: 'नमस्ते',
      feedback: [
        { feedbackQuestion: qns[0].question, feedbackQuestionResponse: 4 },
        { feedbackQuestion: qns[1].question, feedbackQuestionResponse: 'good' },
      ],
      suggestedOutput: 'नमस्कार',
    });
    expect(modelFeedbackBody.parse(body)).toEqual(body);
  });

  it('sends a suggestion alone with null input, output and no blank comment', () => {
    const body = buildFeedbackBody({
      task: 'tts',
      modelId: 'm2',
      input: null,
      output: '',
      questions: feedbackQuestionsFor('tts', qns),
      rating: 0,
      comment: ' ',
      suggestedOutput: 'x',
    });
    expect(body).toMatchObject({ input: null, output: null, feedback: [], suggestedOutput: 'x' });
  });

  it('sends no suggestion when the box still holds the output', () => {
    const body = buildFeedbackBody({
      task: 'ocr',
      modelId: 'm3',
      input: null,
      output: 'पाठ',
      questions: feedbackQuestionsFor('ocr', qns),
      rating: 2,
      comment: '',
      suggestedOutput: ' पाठ ',
    });
    expect(body.suggestedOutput).toBeNull();
  });
});
