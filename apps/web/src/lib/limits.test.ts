import { describe, expect, it } from 'vitest';
import { MAX_TEXT_CHARS, canSendText, canSendUrl, formatSeconds, isValidUrl, textError, urlError } from './limits.ts';

describe('URL pattern (docs/product.md#validation-rules)', () => {
  it.each([
    'https://example.com/a.wav',
    'http://example.com:8080/path/to/file.png?x=1&y=2#top',
    'ftp://files.example.org/audio.mp3',
    'example.com',
    'www.example.co.in/image.jpg',
    '192.168.1.10:9000/speech.wav',
    'https://storage.googleapis.com/bucket/a%20b.wav',
  ])('accepts %s', (url) => expect(isValidUrl(url)).toBe(true));

  it.each(['notaurl', 'http://', 'https://exa mple.com', 'mailto:a@b.com', 'javascript:alert(1)', 'http://localhost'])(
    'refuses %s',
    (url) => {
      expect(isValidUrl(url)).toBe(false);
      expect(urlError(url)).toBe('Invalid URL');
    },
  );

  it('shows no error while empty, but cannot send', () => {
    expect(urlError('')).toBeNull();
    expect(canSendUrl('  ')).toBe(false);
    expect(canSendUrl('https://example.com/a.wav')).toBe(true);
  });
});

describe('text limit (docs/product.md#constants-and-limits: 150 characters)', () => {
  it('allows up to 150 characters, counted as characters not UTF-16 units', () => {
    expect(textError('a'.repeat(MAX_TEXT_CHARS))).toBeNull();
    expect(textError('a'.repeat(MAX_TEXT_CHARS + 1))).toMatch(/150/);
    expect(textError('😀'.repeat(MAX_TEXT_CHARS))).toBeNull();
  });
  it('cannot send blank or over-long text', () => {
    expect(canSendText('')).toBe(false);
    expect(canSendText('   ')).toBe(false);
    expect(canSendText('नमस्ते')).toBe(true);
    expect(canSendText('x'.repeat(151))).toBe(false);
  });
});

describe('formatSeconds', () => {
  it('prints m:ss', () => {
    expect(formatSeconds(0)).toBe('0:00');
    expect(formatSeconds(7.9)).toBe('0:07');
    expect(formatSeconds(60)).toBe('1:00');
  });
});
