import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEEDBACK_QUESTIONS, type ModelFeedbackEntry } from '@ulca/contracts';
import { i18n, loadTexts, setLanguage } from '../../../lib/i18n/i18n.ts';
import { answersText, feedbackCsvName, feedbackQuestionText, feedbackRows } from './owner-feedback.ts';

await loadTexts(['modelDetail']);

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

  it("show the platform's stored questions in the interface language, other questions as stored", async () => {
    const comments = FEEDBACK_QUESTIONS.find((q) => q.code === 'comments')!.question;
    const rated = entry({ feedback: [{ feedbackQuestion: comments, feedbackQuestionResponse: 'बहुत अच्छा' }], rating: null });
    const localized = (q: string) => feedbackQuestionText(i18n.t, q);
    expect(answersText(rated, localized)).toBe(`${comments}: बहुत अच्छा`);
    await setLanguage('hi', false);
    try {
      expect(answersText(rated, localized)).toBe(`${i18n.t('modelDetail.feedback.q.comments')}: बहुत अच्छा`);
      expect(answersText(rated, localized)).not.toContain(comments);
      expect(feedbackRows([entry({})], localized)[0]!.answers).toBe('Add your comments: too formal');
    } finally {
      await setLanguage('en', false);
    }
  });

  it('the English catalogue holds each platform question as the server stores it', () => {
    const catalogue = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, '../../../lib/i18n/locales/en/modelDetail.json'), 'utf8'),
    ) as {
      modelDetail: { feedback: { q: Record<string, string> } };
    };
    for (const q of FEEDBACK_QUESTIONS) expect(catalogue.modelDetail.feedback.q[q.code], q.code).toBe(q.question);
  });
});
