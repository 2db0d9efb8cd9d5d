/**
 * The `handle` of a page route that can load its chunk and texts ahead of its first render
 * (docs/architecture.md#prerendered-pages): `preload` resolves once both are in, with the same
 * promise the page's lazy component then reads (withTexts loads once).
 */
export interface PreloadHandle {
  preload: () => Promise<unknown>;
}
