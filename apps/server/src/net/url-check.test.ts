import { describe, it, expect } from 'vitest';
import { validateSubmissionUrl } from './url-check.ts';

const message = (url: string) => {
  const r = validateSubmissionUrl(url);
  return r.ok ? null : r.message;
};

describe('validateSubmissionUrl (docs/product.md#validation-rules, dataset submit)', () => {
  it('asks for a URL when the field is empty or blank', () => {
    expect(message('')).toBe('URL cannot be empty');
    expect(message('   ')).toBe('URL cannot be empty');
  });

  it('reports whitespace inside the URL', () => {
    expect(message('https://example.org/my data.zip')).toBe('URL contains space in between');
    expect(message('https://example.org/a\tb.zip')).toBe('URL contains space in between');
  });

  it('refuses a well-formed ftp link at once, saying to use http or https (the downloader speaks http(s) only)', () => {
    expect(message('ftp://ftp.example.org/pub/corpus.zip')).toBe('ftp links are not supported: share the zip file over http or https');
    expect(message('FTP://203.0.113.9/x.zip')).toBe('ftp links are not supported: share the zip file over http or https');
  });

  it('accepts http and https addresses, IPs and ports', () => {
    for (const url of [
      'https://example.org/corpus.zip',
      'http://data.example.co.in:8080/files/hi-en.zip?token=abc',
      'http://203.0.113.7/corpus.zip',
      'http://[2001:db8::1]:8080/corpus.zip',
      'HTTPS://Example.ORG/Corpus.zip',
      '  https://example.org/corpus.zip  ',
      'https://मराठी.example/corpus.zip',
    ]) {
      expect(validateSubmissionUrl(url), url).toEqual({ ok: true });
    }
  });

  it('rejects addresses without a supported scheme or host', () => {
    for (const url of [
      'example.org/corpus.zip',
      'www.example.org',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'mailto:someone@example.org',
      'https://',
      'http://-bad-.example.org/x',
      'http://a..b/x',
      'http://exa_mple.org/x',
      'http://256.1.1.1/x',
      'http://[not-ipv6]/x',
    ]) {
      expect(message(url), url).toBe('Invalid URL');
    }
  });
});
