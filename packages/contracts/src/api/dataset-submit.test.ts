import { describe, expect, it } from 'vitest';
import { SUBMIT_MESSAGES, datasetNameSchema, datasetUrlProblem, datasetUrlSchema, submitDatasetBody } from './dataset-submit.ts';

describe('datasetUrlProblem (docs/product.md#validation-rules, dataset submit)', () => {
  it('asks for a URL when the field is empty or blank', () => {
    expect(datasetUrlProblem('')).toBe('urlEmpty');
    expect(datasetUrlProblem('   ')).toBe('urlEmpty');
  });

  it('reports whitespace inside the URL', () => {
    expect(datasetUrlProblem('https://example.org/my data.zip')).toBe('urlSpace');
    expect(datasetUrlProblem('https://example.org/a\tb.zip')).toBe('urlSpace');
  });

  it('refuses a well-formed ftp link with its own rule (the downloader speaks http(s) only)', () => {
    expect(datasetUrlProblem('ftp://ftp.example.org/pub/corpus.zip')).toBe('urlFtp');
    expect(datasetUrlProblem('FTP://203.0.113.9/x.zip')).toBe('urlFtp');
  });

  it('accepts http and https addresses, localhost, IPs and ports', () => {
    for (const url of [
      'https://example.org/corpus.zip',
      'http://data.example.co.in:8080/files/hi-en.zip?token=abc',
      'http://203.0.113.7/corpus.zip',
      'http://[2001:db8::1]:8080/corpus.zip',
      'HTTPS://Example.ORG/Corpus.zip',
      '  https://example.org/corpus.zip  ',
      'https://मराठी.example/corpus.zip',
      'http://127.0.0.1:8081/fixture.zip',
      'http://localhost:9000/a.zip',
    ]) {
      expect(datasetUrlProblem(url), url).toBeNull();
    }
  });

  it('rejects addresses without a supported scheme or host', () => {
    for (const url of [
      'example.org/corpus.zip',
      'www.example.org',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'mailto:someone@example.org',
      'http:example.org',
      'https://',
      'https://nodot/a.zip',
      'http://-bad-.example.org/x',
      'http://a..b/x',
      'http://exa_mple.org/x',
      'http://256.1.1.1/x',
      'http://[not-ipv6]/x',
    ]) {
      expect(datasetUrlProblem(url), url).toBe('urlInvalid');
    }
  });
});

describe('the submit schemas', () => {
  it('give one issue per field, with the spec message and the rule as the catalogue key', () => {
    const url = datasetUrlSchema.safeParse('ftp://203.0.113.9/x.zip');
    expect(url.success).toBe(false);
    expect(url.error?.issues).toMatchObject([{ message: SUBMIT_MESSAGES.urlFtp, params: { rule: 'urlFtp' } }]);
    expect(datasetNameSchema.safeParse('   ').error?.issues.map((i) => i.message)).toEqual([SUBMIT_MESSAGES.nameEmpty]);
    expect(datasetNameSchema.safeParse('a'.repeat(257)).error?.issues.map((i) => i.message)).toEqual([SUBMIT_MESSAGES.nameTooLong]);
  });

  it('trims the name and the URL of the request body', () => {
    expect(submitDatasetBody.parse({ datasetName: '  Tamil news ', url: ' https://example.org/a.zip ', userId: 'u' })).toEqual({
      datasetName: 'Tamil news',
      url: 'https://example.org/a.zip',
      userId: 'u',
    });
  });
});
