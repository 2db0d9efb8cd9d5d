import { describe, expect, it } from 'vitest';
import type { ModelFeedbackEntry } from '@ulca/contracts';
import { answersText, feedbackCsvName, feedbackRows } from './owner-feedback.ts';

const entry = (over: Partial<ModelFeedbackEntry>): ModelFeedbackEntry => ({
  feedbackId: 'f1',
  modelId: 'm',
  taskType: 'translation',
  input: 'नमस्ते',
  output: 'hello',
  suggestedOutput: 'hi there',
  rating: 2,
  feedback: [
    { feedbackQuestion: 'How would you rate the translation?', feedbackQuestionResponse: 2 },
    { feedbackQuestion: 'Add your comments', feedbackQuestionResponse: 'too formal' },
  ],
  detailedFeedback: null,
  createdOn: 1000,
  ...over,
});

describe("the owner's feedback rows", () => {
  it('keep input, output, rating and suggestion; the other answers in one cell, the rating not repeated', () => {
    expect(feedbackRows([entry({})])).toEqual([
      {
        id: 'f1',
        createdOn: 1000,
        input: 'नमस्ते',
        output: 'hello',
        rating: 2,
        answers: 'Add your comments: too formal',
        suggestedOutput: 'hi there',
      },
    ]);
  });

  it('list the sts stages answers after their task, and ignore malformed answers', () => {
    const sts = entry({
      rating: null,
      feedback: 'nonsense',
      detailedFeedback: [{ taskType: 'asr', feedback: [{ feedbackQuestion: 'Rate the transcript', feedbackQuestionResponse: 4 }] }],
    });
    expect(answersText(sts)).toBe('asr · Rate the transcript: 4');
    expect(answersText(entry({ feedback: [{}], rating: null }))).toBe('');
  });

  it('name the CSV after the model with safe characters', () => {
    expect(feedbackCsvName('IndicTrans hi/en', 'v1.0')).toBe('feedback-IndicTrans_hi_en-v1.0');
  });
});
