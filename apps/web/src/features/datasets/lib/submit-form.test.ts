import { describe, expect, it } from 'vitest';
import { formFieldOf, SUBMIT_MESSAGES, submitDatasetFormSchema, submitMessageKey } from './submit-form.ts';

function messages(input: { datasetName: string; url: string }) {
  const r = submitDatasetFormSchema.safeParse({ ...input, benchmark: false });
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const i of r.error.issues) (out[String(i.path[0])] ??= []).push(i.message);
  return out;
}

describe('submit dataset form (docs/product.md#validation-rules)', () => {
  it('accepts a trimmed name and a direct http(s) link; an ftp link is refused with its own message', () => {
    const r = submitDatasetFormSchema.parse({
      datasetName: '  Tamil news sentences ',
      url: ' https://files.example.org/ta-news.zip ',
      benchmark: false,
    });
    expect(r).toEqual({ datasetName: 'Tamil news sentences', url: 'https://files.example.org/ta-news.zip', benchmark: false });
    expect(messages({ datasetName: 'x', url: 'ftp://203.0.113.9/pub/x.zip' })).toEqual({
      url: ['ftp links are not supported: share the zip file over http or https'],
    });
    expect(messages({ datasetName: 'x', url: 'http://127.0.0.1:8081/fixture.zip' })).toEqual({});
    expect(messages({ datasetName: 'x', url: 'http://localhost:9000/a.zip' })).toEqual({});
  });

  it('shows the empty-field messages', () => {
    expect(messages({ datasetName: '   ', url: '' })).toEqual({ datasetName: ['Name cannot be empty'], url: ['URL cannot be empty'] });
  });

  it('limits the name to 256 characters', () => {
    expect(messages({ datasetName: 'a'.repeat(256), url: 'https://example.org/a.zip' })).toEqual({});
    expect(messages({ datasetName: 'a'.repeat(257), url: 'https://example.org/a.zip' })).toEqual({
      datasetName: ['Max 256 characters allowed'],
    });
  });

  it('reports a space inside the URL once, with its own message', () => {
    expect(messages({ datasetName: 'x', url: 'https://example.org/my file.zip' })).toEqual({ url: ['URL contains space in between'] });
  });

  it('rejects addresses that are not http, https or ftp URLs', () => {
    for (const bad of [
      'example.org/a.zip',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'http:example.org',
      'https://nodot/a.zip',
      'https://999.1.1.1/a.zip',
      'mailto:a@b.org',
    ]) {
      expect(messages({ datasetName: 'x', url: bad }), bad).toEqual({ url: ['Invalid URL'] });
    }
    expect(messages({ datasetName: 'x', url: 'https://[2001:db8::1]/a.zip' })).toEqual({});
  });

  it('maps server field names to form fields', () => {
    expect(formFieldOf('datasetName')).toBe('datasetName');
    expect(formFieldOf('body.url')).toBe('url');
    expect(formFieldOf('/url')).toBe('url');
    expect(formFieldOf('userId')).toBeNull();
  });
  it('knows the catalogue key of every spec message, and of no other text', () => {
    for (const m of Object.values(SUBMIT_MESSAGES)) expect(submitMessageKey(m)).toMatch(/^datasets\.validation\./);
    expect(submitMessageKey('A dataset with this name already exists.')).toBe('datasets.validation.nameTaken');
    expect(submitMessageKey('Something new from the server')).toBeUndefined();
  });
});
