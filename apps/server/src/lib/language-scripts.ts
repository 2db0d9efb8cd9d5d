/**
 * The writing systems of the ULCA languages: one table for every check of "text in the language's
 * script" (the dataset validate stage, the model health check of an answer).
 *
 * Scripts are Unicode Script property values (`\p{Script=…}`), so the character tables are the
 * regex engine's, not ours. A language written in more than one script lists each; a language
 * without a settled script (mixed, unknown) is absent and not script-checked.
 */

/** Unicode Script property values the table uses. */
export type UnicodeScript =
  | 'Latin'
  | 'Devanagari'
  | 'Dogra'
  | 'Bengali'
  | 'Gurmukhi'
  | 'Gujarati'
  | 'Oriya'
  | 'Tamil'
  | 'Telugu'
  | 'Kannada'
  | 'Tulu_Tigalari'
  | 'Malayalam'
  | 'Sinhala'
  | 'Arabic'
  | 'Thaana'
  | 'Meetei_Mayek'
  | 'Ol_Chiki';

/** Language code → the script(s) its text is commonly written in. */
export const LANGUAGE_SCRIPTS: Readonly<Record<string, readonly UnicodeScript[]>> = {
  en: ['Latin'],
  lus: ['Latin'],
  kha: ['Latin'],
  grt: ['Latin', 'Bengali'],
  njz: ['Latin'],
  pnr: ['Latin'],
  hi: ['Devanagari'],
  mr: ['Devanagari'],
  ne: ['Devanagari'],
  sa: ['Devanagari'],
  mai: ['Devanagari'],
  bho: ['Devanagari'],
  brx: ['Devanagari'],
  doi: ['Devanagari', 'Dogra'],
  kok: ['Devanagari'],
  awa: ['Devanagari'],
  hne: ['Devanagari'],
  mag: ['Devanagari'],
  bns: ['Devanagari'],
  mwr: ['Devanagari'],
  raj: ['Devanagari'],
  anp: ['Devanagari'],
  bih: ['Devanagari'],
  hlb: ['Devanagari'],
  gbm: ['Devanagari'],
  // Goan Konkani is printed in Devanagari, Latin (Romi) and Kannada.
  gom: ['Devanagari', 'Latin', 'Kannada'],
  sjp: ['Devanagari', 'Bengali'],
  bn: ['Bengali'],
  as: ['Bengali'],
  mni: ['Bengali', 'Meetei_Mayek'],
  pa: ['Gurmukhi'],
  gu: ['Gujarati'],
  or: ['Oriya'],
  ta: ['Tamil'],
  te: ['Telugu'],
  kn: ['Kannada'],
  tcy: ['Kannada', 'Malayalam', 'Tulu_Tigalari'],
  ml: ['Malayalam'],
  si: ['Sinhala'],
  ur: ['Arabic'],
  ks: ['Arabic', 'Devanagari'],
  sd: ['Arabic', 'Devanagari'],
  sat: ['Ol_Chiki', 'Devanagari', 'Bengali', 'Oriya'],
};
