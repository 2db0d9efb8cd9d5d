import { describe, expect, it } from 'vitest';
import { testModel } from '../test/models.ts';
import { modelDetailPath, originPath, readDetailState } from './model-navigation.ts';

const record = testModel({ modelId: 'm1', task: { type: 'ocr' }, languages: [{ sourceLanguage: 'hi' }] });

describe('model page navigation', () => {
  it('builds the paths', () => {
    expect(modelDetailPath('a/b')).toBe('/search-model/a%2Fb');
    expect(modelDetailPath('m1', true)).toBe('/search-model/m1/model');
    expect(modelDetailPath('m1', false, { source: 'hi', target: 'ur' })).toBe('/search-model/m1?source=hi&target=ur');
    expect(modelDetailPath('m1', true, { language: 'ta', source: '' })).toBe('/search-model/m1/model?language=ta');
    expect(originPath('my-contribution')).toBe('/model/my-contribution');
    expect(originPath('explore-models')).toBe('/model/explore-models');
  });
  it('reads the row and origin in either form; explore-models by default', () => {
    expect(readDetailState({ model: record, prevUrl: 'my-contribution' }, 'm1')).toEqual({
      placeholder: record,
      origin: 'my-contribution',
    });
    expect(readDetailState({ ...record, prevUrl: 'explore-models' }, 'm1').placeholder?.modelId).toBe('m1');
    expect(readDetailState(null, 'm1')).toEqual({ placeholder: undefined, origin: 'explore-models' });
    expect(readDetailState({ model: record }, 'other').placeholder).toBeUndefined();
    expect(readDetailState({ model: { modelId: 'm1' } }, 'm1').placeholder).toBeUndefined();
  });
});
