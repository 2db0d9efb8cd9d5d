import { describe, expect, it } from 'vitest';
import { isolateRtl } from './bidi.ts';

describe('right-to-left names in a left-to-right line', () => {
  it('isolates a right-to-left own-script name so its brackets stay in order', () => {
    expect(isolateRtl('उर्दू (اردو)')).toBe('उर्दू (\u2068اردو\u2069)');
    expect(isolateRtl('Urdu')).toBe('Urdu');
  });
});
