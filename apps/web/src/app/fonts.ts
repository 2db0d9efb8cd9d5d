/**
 * Web fonts for the Indian scripts the platform serves (docs/product.md#fonts), so a device without
 * them still shows Tamil, Gurmukhi, Urdu and the rest instead of empty boxes. The woff2 files come
 * from the @fontsource Noto packages; each face is registered with its script's Unicode block as
 * `unicodeRange`, so the browser fetches a script's font only when a character of that script is
 * drawn, and never for Latin text. Regular (400) and bold (700); MUI's 500 and 600 use the nearer.
 */
import devanagari400 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';
import devanagari700 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff2?url';
import bengali400 from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2?url';
import bengali700 from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-700-normal.woff2?url';
import gurmukhi400 from '@fontsource/noto-sans-gurmukhi/files/noto-sans-gurmukhi-gurmukhi-400-normal.woff2?url';
import gurmukhi700 from '@fontsource/noto-sans-gurmukhi/files/noto-sans-gurmukhi-gurmukhi-700-normal.woff2?url';
import gujarati400 from '@fontsource/noto-sans-gujarati/files/noto-sans-gujarati-gujarati-400-normal.woff2?url';
import gujarati700 from '@fontsource/noto-sans-gujarati/files/noto-sans-gujarati-gujarati-700-normal.woff2?url';
import oriya400 from '@fontsource/noto-sans-oriya/files/noto-sans-oriya-oriya-400-normal.woff2?url';
import oriya700 from '@fontsource/noto-sans-oriya/files/noto-sans-oriya-oriya-700-normal.woff2?url';
import tamil400 from '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-400-normal.woff2?url';
import tamil700 from '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-700-normal.woff2?url';
import telugu400 from '@fontsource/noto-sans-telugu/files/noto-sans-telugu-telugu-400-normal.woff2?url';
import telugu700 from '@fontsource/noto-sans-telugu/files/noto-sans-telugu-telugu-700-normal.woff2?url';
import kannada400 from '@fontsource/noto-sans-kannada/files/noto-sans-kannada-kannada-400-normal.woff2?url';
import kannada700 from '@fontsource/noto-sans-kannada/files/noto-sans-kannada-kannada-700-normal.woff2?url';
import malayalam400 from '@fontsource/noto-sans-malayalam/files/noto-sans-malayalam-malayalam-400-normal.woff2?url';
import malayalam700 from '@fontsource/noto-sans-malayalam/files/noto-sans-malayalam-malayalam-700-normal.woff2?url';
import urdu400 from '@fontsource/noto-nastaliq-urdu/files/noto-nastaliq-urdu-arabic-400-normal.woff2?url';
import urdu700 from '@fontsource/noto-nastaliq-urdu/files/noto-nastaliq-urdu-arabic-700-normal.woff2?url';

/** One script's family, the Unicode blocks it is used for, and its files by weight. */
interface IndicFace {
  family: string;
  unicodeRange: string;
  files: Record<400 | 700, string>;
}

/** The scripts of the platform's languages (Devanagari, Bengali-Assamese, …, Urdu's Nastaliq). */
const INDIC_FACES: readonly IndicFace[] = [
  {
    family: 'Noto Sans Devanagari',
    unicodeRange: 'U+0900-097F, U+1CD0-1CFF, U+A8E0-A8FF',
    files: { 400: devanagari400, 700: devanagari700 },
  },
  { family: 'Noto Sans Bengali', unicodeRange: 'U+0980-09FF', files: { 400: bengali400, 700: bengali700 } },
  { family: 'Noto Sans Gurmukhi', unicodeRange: 'U+0A00-0A7F', files: { 400: gurmukhi400, 700: gurmukhi700 } },
  { family: 'Noto Sans Gujarati', unicodeRange: 'U+0A80-0AFF', files: { 400: gujarati400, 700: gujarati700 } },
  { family: 'Noto Sans Oriya', unicodeRange: 'U+0B00-0B7F', files: { 400: oriya400, 700: oriya700 } },
  { family: 'Noto Sans Tamil', unicodeRange: 'U+0B80-0BFF', files: { 400: tamil400, 700: tamil700 } },
  { family: 'Noto Sans Telugu', unicodeRange: 'U+0C00-0C7F', files: { 400: telugu400, 700: telugu700 } },
  { family: 'Noto Sans Kannada', unicodeRange: 'U+0C80-0CFF', files: { 400: kannada400, 700: kannada700 } },
  { family: 'Noto Sans Malayalam', unicodeRange: 'U+0D00-0D7F', files: { 400: malayalam400, 700: malayalam700 } },
  {
    family: 'Noto Nastaliq Urdu',
    unicodeRange: 'U+0600-06FF, U+0750-077F, U+08A0-08FF, U+FB50-FDFF, U+FE70-FEFF',
    files: { 400: urdu400, 700: urdu700 },
  },
];

/** The families registered by {@link registerIndicFonts}, first in the theme's font stack. */
export const INDIC_FONT_FAMILIES: readonly string[] = INDIC_FACES.map((f) => f.family);

/** The attribute of the <style> a prerendered page declares the faces in (indicFontFaceCss). */
export const INDIC_FONTS_STYLE_ATTR = 'data-indic-fonts';

/**
 * The faces as CSS `@font-face` rules (same files, weights, ranges and `font-display: swap` as
 * registerIndicFonts), for a prerendered page's <head> (docs/architecture.md#prerendered-pages):
 * until its families are declared, the browser looks each one up among the system's fonts for
 * every run of text, which made the first layout of a prerendered page several times slower.
 */
export function indicFontFaceCss(): string {
  return INDIC_FACES.flatMap((face) =>
    ([400, 700] as const).map(
      (weight) =>
        `@font-face{font-family:"${face.family}";src:url(${face.files[weight]}) format("woff2");font-weight:${weight};font-display:swap;unicode-range:${face.unicodeRange}}`,
    ),
  ).join('');
}

/**
 * Adds the faces to `document.fonts` (once; nothing is downloaded until a character of a face's
 * range is drawn), unless the page already declares them in CSS (a prerendered page). Call before
 * the first render.
 */
export function registerIndicFonts(): void {
  if (typeof document === 'undefined' || typeof FontFace === 'undefined') return;
  if (document.querySelector(`style[${INDIC_FONTS_STYLE_ATTR}]`)) return;
  for (const face of INDIC_FACES) {
    for (const weight of [400, 700] as const) {
      document.fonts.add(
        new FontFace(face.family, `url(${face.files[weight]}) format('woff2')`, {
          weight: String(weight),
          unicodeRange: face.unicodeRange,
          display: 'swap',
        }),
      );
    }
  }
}
