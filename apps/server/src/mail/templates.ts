import type { MailMessage } from './mailer.ts';
import type { MailCatalogue, MailKind, MailParams } from './types.ts';
import { MAIL_EN } from './locales/en.ts';
import { MAIL_HI } from './locales/hi.ts';
import { MAIL_TA } from './locales/ta.ts';

/**
 * The platform's e-mails in the user's interface language (docs/product.md#languages-of-the-interface):
 * one catalogue per language under ./locales/, each a {@link MailCatalogue} (the type makes every
 * language carry every e-mail with the same parts). `{{name}}` placeholders are filled by
 * {@link renderMail}; an unknown or missing language gives English.
 */

/** The languages e-mails are written in (the interface's languages). */
export const MAIL_LANGUAGES = ['en', 'hi', 'ta'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

export type { MailCatalogue, MailKind, MailParams, MailTemplate } from './types.ts';

const CATALOGUES: Record<MailLanguage, MailCatalogue> = { en: MAIL_EN, hi: MAIL_HI, ta: MAIL_TA };

/** `lang` when it is one of MAIL_LANGUAGES (a stored profile value), else English. */
export function mailLanguage(lang: string | null | undefined): MailLanguage {
  return (MAIL_LANGUAGES as readonly string[]).includes(lang ?? '') ? (lang as MailLanguage) : 'en';
}

function fill(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The e-mail `kind` to `to` in `lang` (see {@link mailLanguage}), ready for queueMail. */
export function renderMail<K extends MailKind>(kind: K, lang: string | null | undefined, to: string, params: MailParams[K]): MailMessage {
  const t = CATALOGUES[mailLanguage(lang)][kind];
  const p = params as Record<string, string | number>;
  return { to, subject: fill(t.subject, p), text: [...t.lines.map((l) => fill(l, p)), ''].join('\n') };
}
