import { describe, expect, it } from 'vitest';
import { canGenerateKey, formatKeyCreatedOn, matchesApiKeySearch, normaliseAppName, providerKeyText, searchApiKeys } from './api-keys.ts';

const keys = [
  { appName: 'Translator Bot', ulcaApiKey: 'ulca_0123456789ab', serviceProviderKeys: [{ serviceProviderName: 'ulca-reference-models' }] },
  { appName: 'Kisan Helpline', ulcaApiKey: 'ulca_ba9876543210', serviceProviderKeys: [] },
];

describe('API key search', () => {
  it('matches app name, key identifier and provider names, case-insensitively', () => {
    expect(searchApiKeys(keys, 'KISAN').map((k) => k.appName)).toEqual(['Kisan Helpline']);
    expect(searchApiKeys(keys, 'ba98').map((k) => k.appName)).toEqual(['Kisan Helpline']);
    expect(searchApiKeys(keys, 'reference').map((k) => k.appName)).toEqual(['Translator Bot']);
    expect(searchApiKeys(keys, 'nothing like it')).toEqual([]);
  });
  it('keeps every row for a blank term', () => {
    expect(searchApiKeys(keys, '   ')).toHaveLength(2);
    expect(matchesApiKeySearch(keys[0], '')).toBe(true);
  });
});

describe('Generate dialog', () => {
  it('is enabled only once the app name has a non-blank character', () => {
    expect(canGenerateKey('')).toBe(false);
    expect(canGenerateKey('   ')).toBe(false);
    expect(canGenerateKey(' a ')).toBe(true);
  });
  it('sends the trimmed name', () => {
    expect(normaliseAppName('  My App ')).toBe('My App');
  });
});

describe('formatting', () => {
  it('shows the creation time with the month named, 24-hour', () => {
    expect(formatKeyCreatedOn('2026-11-21T18:05:00Z', 'UTC')).toBe('21 Nov 2026, 18:05:00');
    expect(formatKeyCreatedOn(null)).toBe('-');
    expect(formatKeyCreatedOn('not a date')).toBe('-');
  });
  it('says when a provider key has not been generated', () => {
    expect(providerKeyText(null)).toBe('Not generated');
    expect(providerKeyText({ name: 'ulca-reference-models', value: '••••••1a2b' })).toBe('••••••1a2b');
  });
});
