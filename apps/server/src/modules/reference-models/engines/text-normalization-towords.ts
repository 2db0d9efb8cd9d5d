/**
 * Text-normalisation reference engine (docs/product.md#reference-models): numbers written in digits are
 * spelt out in words of the sentence's language with `to-words` (Indian grouping: lakh, crore),
 * the rest of the text is left as it is. "मेरे पास 25 आम हैं" → "मेरे पास पच्चीस आम हैं".
 */
import { ToWords } from 'to-words';
import type { InferenceRequest, InferenceResponse } from '@ulca/contracts';
import type { EngineOptions, ReferenceEngine } from '../engine.ts';
import { perLanguageTables, referenceEngine } from './engine-shape.ts';
import { checkTextInputs, TEXT_INPUT_LIMIT } from './text-engine-input.ts';

/** The to-words library's licence and page, as the cards of the engines built on its tables cite them. */
export const TOWORDS_PROJECT = { license: 'mit', refUrl: 'https://github.com/mastermunj/to-words' } as const;

/** to-words locale of each served language (ISO 639-1 → locale code): its 11 Indian-language locales, Indian English and Urdu. */
export const TOWORDS_LOCALES: Readonly<Record<string, string>> = {
  en: 'en-IN',
  hi: 'hi-IN',
  mr: 'mr-IN',
  bn: 'bn-IN',
  as: 'as-IN',
  gu: 'gu-IN',
  pa: 'pa-IN',
  or: 'or-IN',
  ta: 'ta-IN',
  te: 'te-IN',
  kn: 'kn-IN',
  ml: 'ml-IN',
  ur: 'ur-PK',
};

/** Longest digit run read as one number; longer runs (ids, card numbers) are read digit by digit. */
const MAX_NUMBER_DIGITS = 17;

/**
 * A number in digits of any script (\p{Nd}: 0-9, ०-९, ০-৯, …): digits with optional comma
 * groups and a decimal part, optionally after a minus sign that starts a word.
 */
const NUMBER_RE = /(?<![\p{L}\p{M}\p{Nd}])(-?)(\p{Nd}+(?:,\p{Nd}+)*)(\.\p{Nd}+)?(?![\p{Nd}])/gu;
const INDIAN_GROUPS = /^\d{1,2}(?:,\d{2})*,\d{3}$/;
const WESTERN_GROUPS = /^\d{1,3}(?:,\d{3})+$/;

/** Digits of any script as ASCII digits: each \p{Nd} block is ten consecutive code points from its zero. */
export function asciiDigits(text: string): string {
  return text.replace(/\p{Nd}/gu, (d) => {
    const cp = d.codePointAt(0)!;
    let zero = cp;
    while (zero > cp - 9 && /\p{Nd}/u.test(String.fromCodePoint(zero - 1))) zero--;
    return String(cp - zero);
  });
}

/** Spells out every number of one text with `tw`; `lower` lowercases the words (English). */
export function normalizeNumbers(text: string, tw: ToWords, lower: boolean): string {
  const { texts } = tw.getLocale().config;
  const cased = (words: string) => (lower ? words.toLowerCase() : words);
  const digitByDigit = (digits: string) => [...digits].map((d) => tw.convert(Number(d))).join(' ');
  const integer = (digits: string) =>
    // Leading zeros (007, 0120) and very long runs (ids) are read digit by digit.
    (digits.length > 1 && digits.startsWith('0')) || digits.length > MAX_NUMBER_DIGITS ? digitByDigit(digits) : tw.convert(BigInt(digits));
  // The decimal part as to-words reads it: each leading zero, then the rest as one number (3.05 → three point zero five).
  const fraction = (digits: string) => {
    const zeros = digits.match(/^0*/)![0];
    const rest = digits.slice(zeros.length);
    return [...zeros]
      .map(() => tw.convert(0))
      .concat(rest ? [integer(rest)] : [])
      .join(' ');
  };
  const say = (digits: string, frac: string | undefined) =>
    cased(integer(digits) + (frac ? ` ${texts.point} ${fraction(asciiDigits(frac.slice(1)))}` : ''));
  return text.replace(NUMBER_RE, (_whole, minus: string, intPart: string, frac: string | undefined) => {
    const sign = minus ? `${cased(texts.minus)} ` : '';
    const ascii = asciiDigits(intPart);
    if (ascii.includes(',') && !INDIAN_GROUPS.test(ascii) && !WESTERN_GROUPS.test(ascii)) {
      // Not a grouping (a list such as 1,2,3): each piece is a number of its own; the last one keeps the decimals.
      const pieces = ascii.split(',');
      return sign + pieces.map((p, i) => say(p, i === pieces.length - 1 ? frac : undefined)).join(',');
    }
    return sign + say(ascii.replace(/,/g, ''), frac);
  });
}

/**
 * Dates (12/03/2024, 12-03-24, 2024-03-12, 12.03.2024) and times (10:30, 10:30:15): left as
 * written, since reading them digit group by digit group would mangle them ("twelve/zero three/…").
 */
const DATE_OR_TIME = String.raw`(?<![\p{L}\p{M}\p{Nd}])(?:\p{Nd}{1,4}(?<sep>[/.\-])\p{Nd}{1,2}\k<sep>\p{Nd}{1,4}|\p{Nd}{1,2}:\p{Nd}{2}(?::\p{Nd}{2})?)(?![\p{Nd}])`;
/** A rupee amount: ₹500, Rs. 1,50,000, INR 99.50 (read as rupees and paise). */
const RUPEES = String.raw`(?:₹|\bRs\.?|\bINR)\s?(?<amount>\p{Nd}+(?:,\p{Nd}+)*(?:\.\p{Nd}{1,2})?)(?![\p{Nd}])`;
const SPECIAL_RE = new RegExp(`(?<kept>${DATE_OR_TIME})|${RUPEES}`, 'gu');

/**
 * Normalises one text (docs/product.md#reference-models): rupee amounts become the locale's words
 * for rupees and paise, dates and times stay as written, every other number is spelt out by
 * {@link normalizeNumbers}. `lower` lowercases the words (English).
 */
export function normalizeText(text: string, tw: ToWords, lower: boolean): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(SPECIAL_RE)) {
    out += normalizeNumbers(text.slice(last, m.index), tw, lower);
    if (m.groups!.kept !== undefined) out += m[0];
    else {
      const words = tw.convert(Number(asciiDigits(m.groups!.amount).replace(/,/g, '')), { currency: true, doNotAddOnly: true });
      out += lower ? words.toLowerCase() : words;
    }
    last = m.index + m[0].length;
  }
  return out + normalizeNumbers(text.slice(last), tw, lower);
}

/**
 * Creates the to-words text-normalisation engine (id `text-normalization-towords`).
 *
 * Request: `{input:[{source}], config:{language:{sourceLanguage}}}` with a language of
 * TOWORDS_LOCALES. Answer: `{output:[{source, target}]}`, target = source with each number in
 * digits (any Indian digit script; 1,00,000 and 100,000 groupings; decimals; a leading minus)
 * replaced by its words. English words are lower-case ("twelve lakh thirty four thousand").
 * @throws EngineInputError for an unserved language or empty / over-long text.
 */
export function createTextNormalizationTowordsEngine(opts: EngineOptions): ReferenceEngine<'text-normalization'> {
  const converters = perLanguageTables(
    'text-normalization-towords',
    TOWORDS_LOCALES,
    (_lang, localeCode) => {
      const tw = new ToWords({ localeCode });
      tw.convert(1); // loads the locale's tables now rather than on the first request
      return tw;
    },
    opts.log,
  );
  const warm = () => converters.warm();
  return referenceEngine({
    id: 'text-normalization-towords',
    task: 'text-normalization',
    sourceLanguages: Object.keys(TOWORDS_LOCALES),
    card: {
      name: 'to-words number normalisation (reference)',
      description:
        'Rule-based text normalisation: every number written in digits (0-9 or an Indian digit script, with 1,00,000 or 100,000 ' +
        'grouping, decimals and a leading minus) is replaced by its words in the language of the sentence, with the Indian ' +
        'number system (lakh, crore). The words come from the to-words library\u2019s locale tables (hi-IN, mr-IN, bn-IN, as-IN, ' +
        'gu-IN, pa-IN, or-IN, ta-IN, te-IN, kn-IN, ml-IN, en-IN and ur-PK); all other text is left as it is.',
      kind: 'rule-based',
      engine: 'to-words 5.7.0',
      limits: [
        'Dates (12/03/2024, 2024-03-12) and times (10:30) are left as written; rupee amounts (₹500, Rs. 500, INR 500) are read as rupees and paise.',
        'Other numbers are read as cardinals: phone numbers, ordinals (1st), other currencies and units are not read as such.',
        'A decimal part is read as one number after the point word (3.14 → three point fourteen), as to-words does.',
        'A number with a leading zero (007) or longer than 17 digits is read digit by digit.',
        'No agreement with the rest of the sentence (gender, case endings); the words are the locale\u2019s citation forms.',
        TEXT_INPUT_LIMIT,
      ],
      ...TOWORDS_PROJECT,
    },
    exampleRequest: { input: [{ source: 'मेरे पास 25 आम और 1,50,000 रुपये हैं' }], config: { language: { sourceLanguage: 'hi' } } },
    warm,
    async infer(request: InferenceRequest<'text-normalization'>): Promise<InferenceResponse<'text-normalization'>> {
      await warm();
      const lang = request.config.language.sourceLanguage;
      const tw = converters.of(lang, 'Text normalisation');
      const texts = checkTextInputs(request.input);
      return { output: texts.map((text, i) => ({ source: request.input[i].source, target: normalizeText(text, tw, lang === 'en') })) };
    },
  });
}
