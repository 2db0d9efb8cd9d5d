import { languageLabel } from '@ulca/contracts';
import type { FilterSelection } from '../../../lib/filter-selection.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { domainNames, localizedLanguageName } from '../../../lib/i18n/names.ts';
import { benchmarkDescription, benchmarkName } from '../../../lib/platform-content.ts';

/** A language code's name in the interface language ('hi' → 'Hindi', 'हिन्दी', 'இந்தி (हिन्दी)'). */
export function benchmarkLanguageName(code: string): string {
  return localizedLanguageName(code, languageLabel(code));
}

/** The benchmark fields the list filters on. */
export interface BenchmarkListItem {
  benchmarkId: string;
  /** Set on a benchmark bundled with the platform: its name and description are shown from the catalogue. */
  contentKey?: string;
  name: string;
  description: string | null;
  languages: { sourceLanguage: string; targetLanguage: string | null };
  domain: readonly string[];
  submitter: { name: string };
}

/** The filter popover's groups (docs/product.md#screens: Language, Domain, Submitter). */
export type BenchmarkFilterKey = 'language' | 'domain' | 'submitter';
/** Selected values per group; an empty or missing group does not filter. */
export type BenchmarkFilter = FilterSelection<BenchmarkFilterKey>;

/** The groups in the popover's order. */
export const BENCHMARK_FILTER_GROUPS: readonly BenchmarkFilterKey[] = ['language', 'domain', 'submitter'];

const languagesOf = (b: BenchmarkListItem): string[] =>
  [b.languages.sourceLanguage, ...(b.languages.targetLanguage ? [b.languages.targetLanguage] : [])].filter(Boolean);

/** The languages of a benchmark as shown, in the interface language: 'English - Hindi', or one language. */
export function benchmarkLanguageText(languages: BenchmarkListItem['languages']): string {
  const src = languages.sourceLanguage ? benchmarkLanguageName(languages.sourceLanguage) : '-';
  return languages.targetLanguage ? `${src} - ${benchmarkLanguageName(languages.targetLanguage)}` : src;
}

/** The choices of each filter group, from the loaded benchmarks (sorted; languages as codes). */
export function benchmarkFilterOptions(items: readonly BenchmarkListItem[]): Record<BenchmarkFilterKey, string[]> {
  const sets = { language: new Set<string>(), domain: new Set<string>(), submitter: new Set<string>() };
  for (const b of items) {
    languagesOf(b).forEach((l) => sets.language.add(l));
    b.domain.forEach((d) => sets.domain.add(d));
    if (b.submitter.name) sets.submitter.add(b.submitter.name);
  }
  const sorted = (s: Set<string>) => [...s].sort((a, b) => a.localeCompare(b));
  return { language: sorted(sets.language), domain: sorted(sets.domain), submitter: sorted(sets.submitter) };
}

/**
 * The benchmarks that match the search term (name, description, domain code or shown name,
 * submitter or language name, any case) and the filter: a benchmark matches a group when any of its values is selected
 * (a language matches as source or target); groups combine with AND.
 */
export function filterBenchmarks<T extends BenchmarkListItem>(items: readonly T[], term: string, filter: BenchmarkFilter): T[] {
  const q = term.trim().toLowerCase();
  const pick = (k: BenchmarkFilterKey) => (filter[k]?.length ? new Set(filter[k]) : null);
  const lang = pick('language');
  const domain = pick('domain');
  const submitter = pick('submitter');
  return items.filter((b) => {
    if (lang && !languagesOf(b).some((l) => lang.has(l))) return false;
    if (domain && !b.domain.some((d) => domain.has(d))) return false;
    if (submitter && !submitter.has(b.submitter.name)) return false;
    if (!q) return true;
    // The domain both as its code and as the card shows it in the interface language ('news', 'समाचार');
    // a bundled benchmark's name and description both as sent and as the card shows them.
    const text = [
      b.name,
      b.description ?? '',
      benchmarkName(i18n.t, b),
      benchmarkDescription(i18n.t, b) ?? '',
      ...b.domain,
      domainNames(b.domain),
      b.submitter.name,
      benchmarkLanguageText(b.languages),
    ]
      .join(' ')
      .toLowerCase();
    return text.includes(q);
  });
}
