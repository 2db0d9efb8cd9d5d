/**
 * Named-entity reference engine (docs/product.md#reference-models): regular expressions for dates,
 * amounts of money, Indian phone numbers, PIN codes, e-mail addresses, URLs and numbers, and a
 * small gazetteer of Indian states, union territories and large cities (English and Hindi
 * spellings) for places. Rule-based: it finds no people or organisations.
 */
import type { InferenceRequest, InferenceResponse } from '@ulca/contracts';
import { EngineInputError, type EngineOptions, type ReferenceEngine } from '../engine.ts';
import { referenceEngine } from './engine-shape.ts';
import { checkTextInputs, TEXT_INPUT_LIMIT } from './text-engine-input.ts';

/**
 * Entity types, in order of precedence when two matches start at the same character and have the
 * same length. LOC is docs/product.md#entities-and-fields's tag; the others are this engine's own (documented on its card).
 */
export const NER_TYPES = ['EMAIL', 'URL', 'PHONE', 'MONEY', 'DATE', 'PIN', 'LOC', 'NUM'] as const;
export type NerType = (typeof NER_TYPES)[number];

/** Places: Indian states, union territories and large cities, English and Hindi spellings (with common variants). */
const PLACES: string[] = [
  // States
  'Andhra Pradesh',
  'आंध्र प्रदेश',
  'Arunachal Pradesh',
  'अरुणाचल प्रदेश',
  'Assam',
  'असम',
  'Bihar',
  'बिहार',
  'Chhattisgarh',
  'छत्तीसगढ़',
  'Goa',
  'गोवा',
  'Gujarat',
  'गुजरात',
  'Haryana',
  'हरियाणा',
  'Himachal Pradesh',
  'हिमाचल प्रदेश',
  'Jharkhand',
  'झारखंड',
  'झारखण्ड',
  'Karnataka',
  'कर्नाटक',
  'Kerala',
  'केरल',
  'Madhya Pradesh',
  'मध्य प्रदेश',
  'Maharashtra',
  'महाराष्ट्र',
  'Manipur',
  'मणिपुर',
  'Meghalaya',
  'मेघालय',
  'Mizoram',
  'मिज़ोरम',
  'मिजोरम',
  'Nagaland',
  'नागालैंड',
  'Odisha',
  'Orissa',
  'ओडिशा',
  'उड़ीसा',
  'Punjab',
  'पंजाब',
  'Rajasthan',
  'राजस्थान',
  'Sikkim',
  'सिक्किम',
  'Tamil Nadu',
  'तमिलनाडु',
  'तमिल नाडु',
  'Telangana',
  'तेलंगाना',
  'Tripura',
  'त्रिपुरा',
  'Uttar Pradesh',
  'उत्तर प्रदेश',
  'Uttarakhand',
  'उत्तराखंड',
  'उत्तराखण्ड',
  'West Bengal',
  'पश्चिम बंगाल',
  // Union territories and the country
  'Andaman and Nicobar Islands',
  'अंडमान और निकोबार द्वीपसमूह',
  'Chandigarh',
  'चंडीगढ़',
  'Delhi',
  'दिल्ली',
  'New Delhi',
  'नई दिल्ली',
  'Jammu and Kashmir',
  'जम्मू और कश्मीर',
  'जम्मू-कश्मीर',
  'Ladakh',
  'लद्दाख',
  'Lakshadweep',
  'लक्षद्वीप',
  'Puducherry',
  'Pondicherry',
  'पुडुचेरी',
  'Daman and Diu',
  'दमन और दीव',
  'India',
  'भारत',
  // Large cities
  'Mumbai',
  'Bombay',
  'मुंबई',
  'मुम्बई',
  'Kolkata',
  'Calcutta',
  'कोलकाता',
  'Chennai',
  'Madras',
  'चेन्नई',
  'Bengaluru',
  'Bangalore',
  'बेंगलुरु',
  'बेंगलूरु',
  'बैंगलोर',
  'Hyderabad',
  'हैदराबाद',
  'Ahmedabad',
  'अहमदाबाद',
  'Pune',
  'पुणे',
  'Surat',
  'Jaipur',
  'जयपुर',
  'Lucknow',
  'लखनऊ',
  'Kanpur',
  'कानपुर',
  'Nagpur',
  'नागपुर',
  'Indore',
  'इंदौर',
  'Bhopal',
  'भोपाल',
  'Patna',
  'पटना',
  'Vadodara',
  'वडोदरा',
  'Ludhiana',
  'लुधियाना',
  'Agra',
  'आगरा',
  'Nashik',
  'नासिक',
  'Varanasi',
  'वाराणसी',
  'Srinagar',
  'श्रीनगर',
  'Amritsar',
  'अमृतसर',
  'Ranchi',
  'रांची',
  'Guwahati',
  'गुवाहाटी',
  'Coimbatore',
  'कोयंबटूर',
  'Kochi',
  'Cochin',
  'कोच्चि',
  'Thiruvananthapuram',
  'तिरुवनंतपुरम',
  'Visakhapatnam',
  'विशाखापत्तनम',
  'Bhubaneswar',
  'भुवनेश्वर',
  'Dehradun',
  'देहरादून',
  'Shimla',
  'शिमला',
  'Noida',
  'नोएडा',
  'Gurugram',
  'Gurgaon',
  'गुरुग्राम',
  'गुड़गांव',
  'Mysuru',
  'Mysore',
  'मैसूर',
  'Madurai',
  'मदुरै',
  'Prayagraj',
  'Allahabad',
  'प्रयागराज',
  'इलाहाबाद',
  'Raipur',
  'रायपुर',
  'Jodhpur',
  'जोधपुर',
  'Udaipur',
  'उदयपुर',
  'Gwalior',
  'ग्वालियर',
  'Meerut',
  'मेरठ',
  'Faridabad',
  'फरीदाबाद',
  'Ghaziabad',
  'गाज़ियाबाद',
  'गाजियाबाद',
  'Thane',
  'ठाणे',
  'Vijayawada',
  'विजयवाड़ा',
  'Jabalpur',
  'जबलपुर',
];

const D = '[0-9\u0966-\u096f]'; // ASCII or Devanagari digit
const NOT_WORD_BEFORE = '(?<![\\p{L}\\p{M}\\p{N}])';
const NOT_WORD_AFTER = '(?![\\p{L}\\p{M}\\p{N}])';
const AMOUNT = `(?:${D}{1,3}(?:,${D}{2,3})+|${D}+)(?:\\.${D}+)?`;
const SCALE = '(?:lakhs?|lacs?|crores?|thousand|million|billion|लाख|करोड़|हज़ार|हजार)';
const EN_MONTHS =
  'January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec';
const HI_MONTHS = 'जनवरी|फ़रवरी|फरवरी|मार्च|अप्रैल|मई|जून|जुलाई|अगस्त|सितंबर|सितम्बर|अक्टूबर|अक्तूबर|नवंबर|नवम्बर|दिसंबर|दिसम्बर';
const MONTH = `(?:${EN_MONTHS})\\.?|(?:${HI_MONTHS})`.normalize('NFC');
const DAY = `${D}{1,2}(?:st|nd|rd|th)?`;
const YEAR = `${D}{4}`;

/** Each type's patterns (flags `giu`). A match is trimmed by `trim` when given. */
const PATTERNS: { type: NerType; re: RegExp; trim?: RegExp }[] = [
  { type: 'EMAIL', re: /(?<![\w.%+-])[\w.%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?![\w-])/giu },
  { type: 'URL', re: /(?<![\w@])(?:https?:\/\/|www\.)[^\s<>"]+/giu, trim: /[.,;:!?)\]'"।]+$/u },
  // Mobile (+91 / 0 prefix, 5+5 or 10 digits), toll-free 1800, landline with an STD code (0xx-xxxxxxxx).
  {
    type: 'PHONE',
    re: new RegExp(
      `(?:\\+91[\\s-]?|(?<!${D})0|(?<!${D}))[6-9]${D}{4}[\\s-]?${D}{5}(?!${D})|(?<!${D})1800[\\s-]?${D}{3}[\\s-]?${D}{4}(?!${D})|(?<!${D})0${D}{2,4}[\\s-]${D}{6,8}(?!${D})`,
      'gu',
    ),
  },
  {
    type: 'MONEY',
    re: new RegExp(
      `(?:₹|${NOT_WORD_BEFORE}(?:Rs\\.?|INR|रु\\.|रू\\.))\\s?${AMOUNT}(?:\\s?${SCALE})?(?:/-)?|${NOT_WORD_BEFORE}${AMOUNT}(?:\\s?${SCALE})?\\s?(?:rupees?|रुपये|रुपए|रुपया|रुपयों|paise|पैसे)${NOT_WORD_AFTER}`,
      'giu',
    ),
  },
  {
    type: 'DATE',
    re: new RegExp(
      [
        `${NOT_WORD_BEFORE}${D}{1,2}[/.-]${D}{1,2}[/.-](?:${D}{4}|${D}{2})(?!${D})`, // 15/08/1947, 15-08-47
        `${NOT_WORD_BEFORE}${D}{4}-${D}{2}-${D}{2}(?!${D})`, // 1947-08-15
        `${NOT_WORD_BEFORE}${DAY}\\s+(?:of\\s+)?(?:${MONTH})(?:,?\\s+${YEAR})?${NOT_WORD_AFTER}`, // 15 August 1947, 15 अगस्त
        `${NOT_WORD_BEFORE}(?:${MONTH})\\s+${DAY}(?:,?\\s+${YEAR})?${NOT_WORD_AFTER}`, // August 15, 1947
        `${NOT_WORD_BEFORE}(?:${MONTH}),?\\s+${YEAR}${NOT_WORD_AFTER}`, // August 1947
      ].join('|'),
      'giu',
    ),
  },
  { type: 'PIN', re: new RegExp(`(?<![\\p{N}])[1-9]${D}{2}\\s?${D}{3}(?![\\p{N}])`, 'gu') },
  {
    type: 'LOC',
    re: new RegExp(
      `${NOT_WORD_BEFORE}(?:${[...PLACES]
        .map((p) => p.normalize('NFC'))
        .sort((a, b) => b.length - a.length)
        .map((p) => p.replace(/ /g, '\\s+'))
        .join('|')})${NOT_WORD_AFTER}`,
      'giu',
    ),
  },
  { type: 'NUM', re: new RegExp(`(?<![\\p{N}])${AMOUNT}%?(?![\\p{N}])`, 'gu') },
];

/** Words that announce a PIN code right before it ("PIN 110001", "पिन कोड: 110001"). */
const PIN_CUE = /(?:pin\s*(?:code)?|pincode|postal\s+code|पिन\s*(?:कोड)?|पिनकोड)\s*(?:no\.?)?\s*[:\-–]?\s*$/iu;

interface Span {
  type: NerType;
  start: number;
  end: number; // exclusive, UTF-16
}

/** All entity spans of a text, non-overlapping: earliest first, then longest, then by NER_TYPES order. */
export function findEntities(text: string): Span[] {
  const all: Span[] = [];
  for (const { type, re, trim } of PATTERNS) {
    for (const m of text.matchAll(re)) {
      let value = m[0];
      if (trim) value = value.replace(trim, '');
      if (value.trim() === '') continue;
      all.push({ type, start: m.index, end: m.index + value.length });
    }
  }
  all.sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start) || NER_TYPES.indexOf(a.type) - NER_TYPES.indexOf(b.type));
  const chosen: Span[] = [];
  for (const span of all) {
    if (chosen.length && span.start < chosen[chosen.length - 1].end) continue;
    if (span.type === 'PIN' && !isPin(text, span, chosen)) {
      chosen.push({ ...span, type: 'NUM' }); // six digits without a cue: a number
      continue;
    }
    chosen.push(span);
  }
  return chosen;
}

/** A six-digit number is a PIN code when a cue word or a place (then only spaces, commas or dashes) comes right before it. */
function isPin(text: string, span: Span, before: Span[]): boolean {
  const prefix = text.slice(0, span.start);
  if (PIN_CUE.test(prefix)) return true;
  const last = before[before.length - 1];
  return last !== undefined && last.type === 'LOC' && /^[\s,–-]*$/u.test(text.slice(last.end, span.start));
}

/** Tokens of text outside any e-mail or URL: words (an optional leading + as in +91, with inner . , : / ' - joining letters or digits, e.g. 1,50,000 or 15/08/1947), and single symbols. */
const TOKEN_RE = /\+?[\p{L}\p{M}\p{N}\u200c\u200d]+(?:[.,:/'’-][\p{L}\p{M}\p{N}\u200c\u200d]+)*|\S/gu;

/** One prediction, as the ULCA NerPrediction (a type alias: it must fit the response schema's loose object). */
export type NerToken = {
  token: string;
  tag: string;
  tokenIndex: number;
  tokenStartIndex: number;
  tokenEndIndex: number;
};

/**
 * Tags one text: every token with `B-<type>` (first token of an entity), `I-<type>` (the others)
 * or `O`. Indices count Unicode code points from 0; `tokenEndIndex` is inclusive (the index of the
 * token's last character, as the ULCA schema says), so token = [...source].slice(start, end + 1).
 */
export function tagText(text: string): NerToken[] {
  const spans = findEntities(text);
  const tokens: { token: string; start: number; end: number; tag: string }[] = [];
  const tokenize = (from: number, to: number, type?: NerType) => {
    if (type === 'EMAIL' || type === 'URL') {
      tokens.push({ token: text.slice(from, to), start: from, end: to, tag: `B-${type}` });
      return;
    }
    let first = true;
    for (const m of text.slice(from, to).matchAll(TOKEN_RE)) {
      tokens.push({
        token: m[0],
        start: from + m.index,
        end: from + m.index + m[0].length,
        tag: type ? `${first ? 'B' : 'I'}-${type}` : 'O',
      });
      first = false;
    }
  };
  let at = 0;
  for (const span of spans) {
    tokenize(at, span.start);
    tokenize(span.start, span.end, span.type);
    at = span.end;
  }
  tokenize(at, text.length);
  // UTF-16 offsets → code point offsets (the same for all BMP text, e.g. every Indic script).
  const cp = (offset: number) => [...text.slice(0, offset)].length;
  return tokens.map((t, i) => ({ token: t.token, tag: t.tag, tokenIndex: i, tokenStartIndex: cp(t.start), tokenEndIndex: cp(t.end) - 1 }));
}

const NER_LANGUAGES = ['en', 'hi'];

/**
 * Creates the rule-based NER engine (id `ner-rules`).
 *
 * Request: `{input:[{source}], config:{language:{sourceLanguage: 'en' | 'hi'}}}`. Answer:
 * `{output:[{source, nerPrediction:[{token, tag, tokenIndex, tokenStartIndex, tokenEndIndex}]}]}`
 * (see tagText for the tags and the indices).
 * @throws EngineInputError for another language or empty / over-long text.
 */
export function createNerRulesEngine(opts: EngineOptions): ReferenceEngine<'ner'> {
  let warmed = false;
  function warm(): Promise<void> {
    if (!warmed) {
      tagText('15 August 1947, Delhi 110001, ₹500, ram@example.com'); // compiles the regular expressions
      warmed = true;
      opts.log.info({ engine: 'ner-rules' }, 'reference engine ready');
    }
    return Promise.resolve();
  }
  return referenceEngine({
    id: 'ner-rules',
    task: 'ner',
    sourceLanguages: NER_LANGUAGES,
    card: {
      name: 'Rule-based NER (reference)',
      description:
        'Rule-based named-entity tagging for English and Hindi: regular expressions find dates (15/08/1947, 15 August 1947, ' +
        '15 अगस्त 1947), amounts of money (₹500, Rs. 1,50,000, 500 रुपये, 2 lakh rupees), Indian phone numbers (+91 98765 43210, ' +
        '1800 numbers, 011-23456789), PIN codes, e-mail addresses, URLs and other numbers; a small gazetteer of Indian states, ' +
        'union territories and about fifty large cities (English and Hindi spellings) finds places. Tags: B-/I- prefixed LOC ' +
        '(places, spec tag), and this engine\u2019s own DATE, MONEY, PHONE, PIN, EMAIL, URL and NUM; O for every other token.',
      kind: 'rule-based',
      engine: 'own regular expressions and gazetteer (no package)',
      limits: [
        'No trained model: people (PER), organisations (ORG) and other named entities are never found.',
        'Places only from a small fixed list; a place name that is also a common word or a person\u2019s name is tagged LOC all the same.',
        'A six-digit number is a PIN code only right after a cue (PIN, pincode, पिन कोड) or a listed place; otherwise NUM.',
        'Dates need digits (15 August, 15/08/1947); weekday names and relative dates ("next Monday", "कल") are not found.',
        'Numbers written as words are not tagged.',
        TEXT_INPUT_LIMIT,
      ],
      license: 'mit',
      refUrl: 'https://github.com/ULCA-IN/ulca/blob/master/specs/model-schema.yml',
    },
    exampleRequest: {
      input: [{ source: 'Pay ₹1,500 to ram@example.com by 15 August 2025 in New Delhi 110001.' }],
      config: { language: { sourceLanguage: 'en' } },
    },
    warm,
    async infer(request: InferenceRequest<'ner'>): Promise<InferenceResponse<'ner'>> {
      await warm();
      const lang = request.config.language.sourceLanguage;
      if (!NER_LANGUAGES.includes(lang))
        throw new EngineInputError(`NER in '${lang}' is not supported; served: ${NER_LANGUAGES.join(', ')}.`);
      checkTextInputs(request.input);
      // Tagged as sent (not NFC-normalised) so that the indices point into `source` exactly.
      return { output: request.input.map(({ source }) => ({ source, nerPrediction: tagText(source) })) };
    },
  });
}
