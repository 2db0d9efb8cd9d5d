/**
 * What other web features may use of the model page (lint: eslint/boundaries.js): its path and the
 * router state to pass when opening it (the row to render at once and the list to go back to).
 */
export { modelDetailPath, type ModelDetailState, type ModelListOrigin } from './lib/navigation.ts';
/** The transliteration model lookup and its suggestions, for other features' transliterating inputs (glossary). */
export { useTransliterationModelId, fetchTransliterationSuggestions } from './api/transliteration.ts';
