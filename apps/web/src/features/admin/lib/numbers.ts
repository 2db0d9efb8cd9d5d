import { currentLanguage } from '../../../lib/i18n/i18n.ts';

/**
 * A count or amount in the interface language's grouping, at most one decimal: en-US in English
 * (1,234,567, as the dashboard), Indian grouping in Hindi and Tamil (12,34,567)
 * (docs/product.md#languages-of-the-interface).
 */
export function formatCount(n: number): string {
  const lang = currentLanguage();
  return new Intl.NumberFormat(lang === 'en' ? 'en-US' : `${lang}-IN`, { maximumFractionDigits: 1 }).format(n);
}
