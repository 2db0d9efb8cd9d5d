import { describe, it, expect } from 'vitest';
import {
  COLLECTION_METHOD_LABELS,
  COLLECTION_METHODS_BY_TYPE,
  DATASET_TYPE_LABELS,
  DATASET_TYPES,
  DOMAIN_CODES,
  LANGUAGE_ALIASES,
  LANGUAGE_CODES,
  LICENSE_CODES,
  languageLabel,
} from './enums.ts';
import { ROLES } from './roles.ts';

describe('enumerations', () => {
  it('has unique codes', () => {
    for (const list of [DATASET_TYPES, LANGUAGE_CODES, DOMAIN_CODES, LICENSE_CODES, ROLES]) {
      expect(new Set(list).size).toBe(list.length);
    }
  });

  it('labels every dataset type and every collection method a type allows', () => {
    for (const t of DATASET_TYPES) {
      expect(DATASET_TYPE_LABELS[t]).toBeTruthy();
      expect(COLLECTION_METHODS_BY_TYPE[t].length).toBeGreaterThan(0);
      for (const m of COLLECTION_METHODS_BY_TYPE[t]) expect(COLLECTION_METHOD_LABELS[m], m).toBeTruthy();
    }
  });

  it('maps language aliases to real codes and labels languages', () => {
    for (const target of Object.values(LANGUAGE_ALIASES)) expect(LANGUAGE_CODES).toContain(target);
    expect(languageLabel('or')).toBe('Odia');
    expect(languageLabel('zz')).toBe('zz');
  });

  it('lists the five roles of the spec', () => {
    expect(ROLES).toEqual(['CONTRIBUTOR-USER', 'READONLY-USER', 'BENCHMARK-DATASET-CONTRIBUTOR', 'EXTERNAL-CONSORTIUM-MEMBER', 'ADMIN']);
  });
});

describe('domains', () => {
  it('offers every domain the product lists, including websites, science, stories and wikipedia (docs/product.md#validation-rules)', () => {
    const listed = [
      'agriculture',
      'automobile',
      'education',
      'general',
      'healthcare',
      'legal',
      'news',
      'tourism',
      'parliamentary',
      'government-press-release',
      'financial',
      'movies',
      'subtitles',
      'sports',
      'technology',
      'lifestyle',
      'entertainment',
      'art-and-culture',
      'economy',
      'history',
      'philosophy',
      'religion',
      'national-security-and-defence',
      'literature',
      'geography',
      'websites',
      'science',
      'stories',
      'wikipedia',
    ];
    expect([...DOMAIN_CODES].sort()).toEqual([...listed].sort());
  });
});

describe('model task labels', () => {
  it('are the words of the feedback questions the server answers (one name per task on both sides)', async () => {
    const { FEEDBACK_QUESTIONS, INFERENCE_TASKS, MODEL_TASK_LABELS } = await import('./index.ts');
    for (const task of INFERENCE_TASKS) expect(FEEDBACK_QUESTIONS.find((q) => q.code === task)?.label).toBe(MODEL_TASK_LABELS[task]);
    expect(MODEL_TASK_LABELS['audio-gender-detection']).toBe('Audio Gender Detection');
  });
});
