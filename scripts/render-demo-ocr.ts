/**
 * Writes the bundled OCR demo benchmarks (apps/server/demo/benchmarks/ocr-hi and ocr-ta
 * point 8): one PNG per printed line, rendered by headless Chromium with the Noto fonts (the same
 * renderer as the OCR tests, apps/server/src/test/render-text.ts), plus params.json and data.json whose
 * groundTruth is the exact text rendered. The lines were written for the project. Run:
 * `npx tsx scripts/render-demo-ocr.ts` (needs /usr/bin/chromium and fonts-noto-core).
 */
import fs from 'node:fs';
import path from 'node:path';
import { startTextRenderer } from '../apps/server/src/test/render-text.ts';

const OUT = path.resolve(import.meta.dirname, '../apps/server/demo/benchmarks');

/** Each benchmark: language, font, and its lines (written for the ULCA demo, not taken from anywhere). */
const SETS = [
  {
    folder: 'ocr-hi',
    language: 'hi',
    label: 'Hindi',
    font: 'Noto Sans Devanagari',
    serif: 'Noto Serif Devanagari',
    lines: [
      'भारत एक विशाल देश है',
      'सुबह की सैर सेहत के लिए अच्छी है',
      'पुस्तकालय रविवार को बंद रहता है',
      'कृपया अपना टिकट दिखाइए',
      'आज शाम को बारिश हो सकती है',
      'नदी के किनारे एक पुराना मंदिर है',
      'बच्चों ने मिलकर पेड़ लगाए',
      'रेलगाड़ी समय पर पहुँची',
      'मेरा गाँव पहाड़ों के बीच बसा है',
      'सब्ज़ियाँ ताज़ी और सस्ती हैं',
    ],
  },
  {
    folder: 'ocr-ta',
    language: 'ta',
    label: 'Tamil',
    font: 'Noto Sans Tamil',
    serif: 'Noto Serif Tamil',
    lines: [
      'இன்று வானம் தெளிவாக உள்ளது',
      'என் வீடு கோவிலுக்கு அருகில் உள்ளது',
      'மாணவர்கள் பள்ளிக்குச் செல்கிறார்கள்',
      'மழை பெய்யும் போது குடை எடுத்துச் செல்',
      'சென்னை ஒரு பெரிய நகரம்',
      'அம்மா சமையல் செய்கிறார்',
      'இந்த புத்தகம் மிகவும் சுவாரசியமானது',
      'பேருந்து நிலையம் எங்கே உள்ளது',
      'காலையில் காபி குடிப்பது எனக்கு பிடிக்கும்',
      'தோட்டத்தில் பல பூக்கள் மலர்ந்துள்ளன',
    ],
  },
];

/**
 * How line i (0-based) is printed: clean lines alone would all read perfectly and every OCR model
 * would tie, so the set goes from clean to harder. Written into each benchmark's description.
 */
const STYLES: { label: string; serif?: boolean; px: number; css?: string }[] = [
  { label: 'sans 32 px', px: 32 },
  { label: 'serif 28 px', serif: true, px: 28 },
  { label: 'sans 14 px', px: 14 },
  { label: 'serif 11 px', serif: true, px: 11 },
  { label: 'sans 9 px', px: 9 },
  { label: 'grey on beige, blurred 1.4 px', px: 22, css: 'color:#6b6b6b;background:#efe6cf;filter:blur(1.4px)' },
  { label: 'serif, light grey on grey, blurred 1.2 px', serif: true, px: 20, css: 'color:#9a9a9a;background:#d6d6d6;filter:blur(1.2px)' },
  { label: 'sans 16 px, rotated 7°', px: 16, css: 'transform:rotate(7deg);margin:24px' },
  { label: 'serif 12 px, rotated -5°, blurred', serif: true, px: 12, css: 'transform:rotate(-5deg);margin:20px;filter:blur(0.8px)' },
  { label: 'sans 10 px, grey, blurred', px: 10, css: 'color:#808080;filter:blur(0.7px)' },
];

const renderer = await startTextRenderer();
try {
  for (const set of SETS) {
    const dir = path.join(OUT, set.folder);
    fs.rmSync(path.join(dir, 'images'), { recursive: true, force: true });
    fs.mkdirSync(path.join(dir, 'images'), { recursive: true });
    const rows = [];
    for (const [i, line] of set.lines.entries()) {
      const file = `images/${set.language}_${String(i + 1).padStart(2, '0')}.png`;
      const style = STYLES[i % STYLES.length]!;
      fs.writeFileSync(path.join(dir, file), await renderer.png([line], style.serif ? set.serif : set.font, style.px, style.css));
      rows.push({ imageFilename: file, groundTruth: line });
    }
    const params = {
      name: `Demo benchmark: ${set.label} printed-text OCR`,
      taskType: { type: 'ocr' },
      description: `${set.lines.length} printed ${set.label} lines written for the ULCA demo benchmarks, one line per PNG, rendered in ${set.font} and ${set.serif}, from clean to harder: ${STYLES.map((st) => st.label).join('; ')}.`,
      languages: { sourceLanguage: set.language },
      collectionSource: ['Written for the ULCA demo benchmarks and rendered with headless Chromium (scripts/render-demo-ocr.ts)'],
      domain: ['general'],
      license: 'cc-by-4.0',
      submitter: { name: 'ULCA Demo Team', aboutMe: 'Small sample datasets published on the first start of the platform' },
      format: 'png',
      dpi: '72_dpi',
      imageTextType: 'computer-typed-text',
    };
    fs.writeFileSync(path.join(dir, 'params.json'), `${JSON.stringify(params, null, 2)}\n`);
    fs.writeFileSync(path.join(dir, 'data.json'), `${JSON.stringify(rows, null, 2)}\n`);
    console.log(`${set.folder}: ${rows.length} images`);
  }
} finally {
  await renderer.close();
}
