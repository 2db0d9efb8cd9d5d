/**
 * Glossary API (docs/product.md#glossary "Glossary page", docs/product.md#entities-and-fields "Glossary entry", docs/product.md#validation-rules, docs/api.md#glossary, docs/product.md#messages, docs/product.md#constants-and-limits): per
 * application (API key) and service provider, a list of
 * `{sourceLanguage, targetLanguage, sourceText, targetText}` that translations requested with that
 * application's key honour. One definition for the server's validation, the web form and the docs.
 */
import { z } from 'zod';

/** Paths of the glossary routes (the original ULCA's, docs/api.md#glossary). */
export const GLOSSARY_API = {
  fetchAll: '/ulca/user-mgmt/v1/users/glossary/fetch-all',
  create: '/ulca/user-mgmt/v1/users/glossary/create',
  delete: '/ulca/user-mgmt/v1/users/glossary/delete',
} as const;

/** Glossary languages (docs/product.md#constants-and-limits: 23 codes). */
export const GLOSSARY_LANGUAGES = [
  'as',
  'bn',
  'brx',
  'doi',
  'en',
  'gom',
  'gu',
  'hi',
  'kn',
  'ks',
  'mai',
  'ml',
  'mni',
  'mr',
  'ne',
  'or',
  'pa',
  'sa',
  'sat',
  'sd',
  'ta',
  'te',
  'ur',
] as const;
export type GlossaryLanguage = (typeof GLOSSARY_LANGUAGES)[number];

/** Longest sourceText or targetText, in characters. */
export const GLOSSARY_TEXT_MAX_CHARS = 500;
/** Most entries one application may hold per service provider. */
export const GLOSSARY_MAX_ENTRIES = 1000;
/** Most entries one delete call may name. */
export const GLOSSARY_DELETE_MAX = 1000;

/** Success texts (docs/product.md#messages) and the server's own for adding. */
export const GLOSSARY_MESSAGES = {
  added: 'Glossary Added Successfully',
  updated: 'Glossary Updated Successfully',
  deleted: 'Glossary Deleted Successfully',
  deletedMany: 'Multiple Glossaries Deleted Successfully',
  sameLanguage: 'Target language cannot be the same as source language.',
  markup: 'HTML or markup is not allowed in glossary text.',
} as const;

/**
 * Markup the glossary refuses: a tag start (`<b`, `</`, `<!--`, `<?`) or a character entity
 * (`&amp;`, `&#60;`). A bare '<' or '&' between words ("a < b", "R&D") is plain text.
 */
export const MARKUP_PATTERN = /<\s*[A-Za-z!/?]|&(?:#\d+|#x[0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);/;

/** A C0 control character other than tab and line feed, or DEL. */
const isControl = (c: string) => {
  const code = c.charCodeAt(0);
  return (code < 0x20 && code !== 0x09 && code !== 0x0a) || code === 0x7f;
};

/** A glossary text: required, trimmed (docs/product.md#validation-rules right-trims; a leading blank could never match a word either), capped, no markup. */
function glossaryText(field: 'sourceText' | 'targetText') {
  return z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(GLOSSARY_TEXT_MAX_CHARS, `${field} is too long (at most ${GLOSSARY_TEXT_MAX_CHARS} characters).`)
    .refine((s) => !MARKUP_PATTERN.test(s), GLOSSARY_MESSAGES.markup)
    .refine((s) => ![...s].some(isControl), `${field} must not contain control characters.`);
}

function glossaryLanguage(field: 'sourceLanguage' | 'targetLanguage') {
  return z.enum(GLOSSARY_LANGUAGES, { error: `${field} is required: one of ${GLOSSARY_LANGUAGES.join(', ')}` });
}

/** One glossary entry (docs/product.md#entities-and-fields); target language ≠ source (docs/product.md#validation-rules). */
export const glossaryEntrySchema = z
  .object({
    sourceLanguage: glossaryLanguage('sourceLanguage'),
    targetLanguage: glossaryLanguage('targetLanguage'),
    sourceText: glossaryText('sourceText'),
    targetText: glossaryText('targetText'),
  })
  .refine((e) => e.sourceLanguage !== e.targetLanguage, { message: GLOSSARY_MESSAGES.sameLanguage, path: ['targetLanguage'] });
export type GlossaryEntry = z.output<typeof glossaryEntrySchema>;

const appName = z.string({ error: 'appName is required' }).trim().min(1, 'appName is required').max(100, 'appName is not valid');
const serviceProviderName = z
  .string({ error: 'serviceProviderName is required' })
  .trim()
  .min(1, 'serviceProviderName is required')
  .max(100, 'serviceProviderName is not valid');

/** Query of fetch-all. */
export const glossaryQuery = z.object({ appName, serviceProviderName });

/** Body of create: exactly one entry (docs/api.md#route-groups). An entry with the same languages and sourceText replaces the old targetText. */
export const glossaryCreateBody = z.object({
  appName,
  serviceProviderName,
  glossary: z.array(glossaryEntrySchema, { error: 'glossary is required' }).length(1, 'glossary must hold exactly one entry'),
});

/** Body of delete: the entries to remove, matched by sourceLanguage, targetLanguage and sourceText. */
export const glossaryDeleteBody = z.object({
  appName,
  serviceProviderName,
  glossary: z
    .array(
      z.object({
        sourceLanguage: glossaryLanguage('sourceLanguage'),
        targetLanguage: glossaryLanguage('targetLanguage'),
        sourceText: z.string({ error: 'sourceText is required' }).trim().min(1, 'sourceText is required').max(GLOSSARY_TEXT_MAX_CHARS),
        targetText: z.string().max(GLOSSARY_TEXT_MAX_CHARS).optional(),
      }),
      { error: 'glossary is required' },
    )
    .min(1, 'glossary must name at least one entry')
    .max(GLOSSARY_DELETE_MAX, `At most ${GLOSSARY_DELETE_MAX} entries per call.`),
});

/** A stored entry as listed. */
export const glossaryListedEntry = z.object({
  sourceLanguage: z.string(),
  targetLanguage: z.string(),
  sourceText: z.string(),
  targetText: z.string(),
  createdOn: z.string(),
});
export type GlossaryListedEntry = z.output<typeof glossaryListedEntry>;

/** Answer of fetch-all: the entries, oldest first. */
export const glossaryListResponse = z.object({ message: z.string(), glossary: z.array(glossaryListedEntry), count: z.number() });
/** Answer of create and delete. */
export const glossaryChangeResponse = z.object({ message: z.string(), count: z.number() });
export type GlossaryListResponse = z.infer<typeof glossaryListResponse>;
export type GlossaryChangeResponse = z.infer<typeof glossaryChangeResponse>;

/**
 * The glossary an application's translation request carries to a contributor's model, in the
 * request's `config.glossary` (the original ULCA inference contract has no glossary field; this
 * is ours): the entries of the requested language pair, `{sourceText, targetText}` each.
 */
export const inferenceGlossarySchema = z.array(z.object({ sourceText: z.string(), targetText: z.string() }));
