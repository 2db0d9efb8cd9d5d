import { describe, expect, it } from 'vitest';
import { MAIL_EN } from './locales/en.ts';
import { MAIL_HI } from './locales/hi.ts';
import { MAIL_TA } from './locales/ta.ts';
import { mailLanguage, renderMail } from './templates.ts';

const placeholders = (lines: string[]) => [...lines.join('\n').matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('e-mails in the user language', () => {
  it('every language has every e-mail with the same placeholders and no English sentence left', () => {
    for (const cat of [MAIL_HI, MAIL_TA]) {
      for (const [kind, en] of Object.entries(MAIL_EN)) {
        const t = cat[kind as keyof typeof MAIL_EN];
        expect(placeholders([t.subject, ...t.lines]), kind).toEqual(placeholders([en.subject, ...en.lines]));
        for (const line of t.lines)
          expect(line === '' || !en.lines.includes(line) || /^\s*\{\{\w+\}\}$/.test(line), `${kind}: ${line}`).toBe(true);
      }
    }
  });

  it('renders the kind in the language, English for an unknown or missing one', () => {
    const ta = renderMail('activation', 'ta', 'a@example.org', { name: 'Kavya', link: 'https://x.example/ulca/activate/1' });
    expect(ta.subject).toBe('உங்கள் ULCA கணக்கைச் செயல்படுத்துங்கள்');
    expect(ta.text).toContain('வணக்கம் Kavya,\n');
    expect(ta.text).toContain('\nhttps://x.example/ulca/activate/1\n');
    expect(renderMail('loginCode', 'xx', 'a@example.org', { name: 'A', code: 'ABCDE-FGHJK', minutes: 15 }).text).toContain(
      'It works for at least 15 minutes.',
    );
    expect(mailLanguage(null)).toBe('en');
    expect(mailLanguage('hi')).toBe('hi');
  });
});
