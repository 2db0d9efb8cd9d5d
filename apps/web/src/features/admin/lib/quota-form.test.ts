import { describe, expect, it } from 'vitest';
import { quotaBody } from './quota-form.ts';

describe("the admin's daily-limit form", () => {
  it('sends a key, unit and whole limit; * is every key', () => {
    expect(quotaBody({ key: ' ulca_ab12 ', unit: 'characters', limit: '100000' })).toEqual({
      body: { ulcaApiKey: 'ulca_ab12', unit: 'characters', dailyLimit: 100000 },
    });
    expect(quotaBody({ key: '*', unit: 'calls', limit: '0' })).toEqual({ body: { ulcaApiKey: '*', unit: 'calls', dailyLimit: 0 } });
  });

  it('refuses an empty key and a limit that is not a whole number of 0 or more, field by field', () => {
    expect(quotaBody({ key: '', unit: 'calls', limit: '-1' })).toEqual({ errors: { key: 'keyRequired', limit: 'limitInvalid' } });
    expect(quotaBody({ key: 'ulca_x', unit: 'calls', limit: '2.5' })).toEqual({ errors: { limit: 'limitInvalid' } });
    expect(quotaBody({ key: 'ulca_x', unit: 'calls', limit: '' })).toEqual({ errors: { limit: 'limitInvalid' } });
    expect(quotaBody({ key: 'k'.repeat(201), unit: 'calls', limit: '5' })).toEqual({ errors: { key: 'keyTooLong' } });
  });

  it('removing a limit sends null and does not read the limit field', () => {
    expect(quotaBody({ key: 'ulca_x', unit: 'images', limit: 'abc' }, true)).toEqual({
      body: { ulcaApiKey: 'ulca_x', unit: 'images', dailyLimit: null },
    });
  });
});
