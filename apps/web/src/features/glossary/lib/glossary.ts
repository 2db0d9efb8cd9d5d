import { localizedLanguageName } from '../../../lib/i18n/names.ts';
import { GLOSSARY_LANGUAGES, GLOSSARY_MESSAGES, LANGUAGES, glossaryEntrySchema, type GlossaryEntry } from '@ulca/contracts';

/** The 23 glossary languages (docs/product.md#constants-and-limits) with their labels, in label order. */
export const GLOSSARY_LANGUAGE_OPTIONS: { code: string; label: string }[] = GLOSSARY_LANGUAGES.map((code) => ({
  code,
  label: LANGUAGES.find((l) => l.code === code)?.label ?? code,
})).sort((a, b) => a.label.localeCompare(b.label));

/** The label of a language code (the code itself when unknown). */
export function languageLabel(code: string): string {
  const english = LANGUAGES.find((l) => l.code === code)?.label;
  return english ? localizedLanguageName(code, english) : code;
}

/** The add form's values (empty strings while unset). */
export interface GlossaryForm {
  sourceLanguage: string;
  targetLanguage: string;
  sourceText: string;
  targetText: string;
}

/**
 * Checks the add form with the server's own rules (packages/contracts glossaryEntrySchema; docs/product.md#validation-rules: all four fields, target ≠ source, texts trimmed, no markup). Returns the entry to send, or
 * the first message per field.
 */
export function checkGlossaryForm(f: GlossaryForm): { entry: GlossaryEntry } | { errors: Partial<Record<keyof GlossaryForm, string>> } {
  const parsed = glossaryEntrySchema.safeParse(f);
  if (parsed.success) return { entry: parsed.data };
  const errors: Partial<Record<keyof GlossaryForm, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof GlossaryForm;
    // An empty field reads 'Required field' like the other forms, not the API's 'sourceText is required'.
    errors[field] ??= f[field].trim() === '' ? 'Required field' : issue.message;
  }
  return { errors };
}

/** The success text of a delete of `count` entries (docs/product.md#messages), when the server sends none. */
export function deletedText(count: number): string {
  return count > 1 ? GLOSSARY_MESSAGES.deletedMany : GLOSSARY_MESSAGES.deleted;
}

/** A stable row id of an entry: its languages and source text (unique per app and provider). */
export function entryId(e: { sourceLanguage: string; targetLanguage: string; sourceText: string }): string {
  return `${e.sourceLanguage}|${e.targetLanguage}|${e.sourceText}`;
}
