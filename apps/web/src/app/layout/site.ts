/**
 * Site-wide texts and links of the shell (header, banner, footer). The contact address is not in
 * the spec; it can be set at build time with VITE_CONTACT_EMAIL.
 */
export const SITE = {
  name: 'ULCA',
  longName: 'Universal Language Contribution API',
  contactEmail: (import.meta.env.VITE_CONTACT_EMAIL as string | undefined) || 'contact@ulca.example.org',
  copyrightYear: 2024,
} as const;
