import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiRequestError, DEFAULT_ERROR, errorMessage, errorText } from './api-client.ts';
import { i18n, loadCatalogue, setLanguage } from './i18n/i18n.ts';

afterAll(() => setLanguage('en', false));
const EN_CATALOGUE = await loadCatalogue('en');

describe('errorText: server messages by code (docs/api.md#errors)', () => {
  it("English shows the server's own message, else the catalogue's for its code, else the fallback", async () => {
    await setLanguage('en', false);
    expect(errorText(new ApiRequestError(409, 'A dataset with this name already exists.', 'DATASET_NAME_TAKEN'))).toBe(
      'A dataset with this name already exists.',
    );
    expect(errorText(new ApiRequestError(401, '', 'SESSION_ENDED'))).toBe('Your session has ended. Please sign in to continue.');
    expect(errorText(new TypeError('boom'))).toBe(DEFAULT_ERROR);
  });

  it("Hindi and Tamil show the catalogue's message for the code, the server's English only for an unknown code", async () => {
    const taken = new ApiRequestError(409, 'A dataset with this name already exists.', 'DATASET_NAME_TAKEN');
    const limit = new ApiRequestError(400, 'The text is 5200 characters long; this model takes at most 5000.', 'TEXT_TOO_LONG');
    const unknown = new ApiRequestError(400, 'Some new English text.', 'A_CODE_THE_WEB_DOES_NOT_KNOW');
    await setLanguage('hi', false);
    expect(errorText(taken)).toBe('इस नाम का डेटासेट पहले से मौजूद है।');
    expect(errorMessage(limit)).toBe('यह टेक्स्ट इस मॉडल के लिए बहुत लंबा है।');
    expect(errorText(unknown)).toBe('Some new English text.');
    // A spec wording the `messages` section knows keeps its exact translation, whatever the code.
    expect(errorText(new ApiRequestError(401, 'Invalid email / password', 'UNAUTHORIZED'))).toBe('ई-मेल या पासवर्ड गलत है');
    // No answer at all (status 0): the network text, translated.
    expect(errorText(new ApiRequestError(0, 'The server cannot be reached. Please check your connection and try again.'))).toMatch(/सर्वर/);
    await setLanguage('ta', false);
    expect(errorText(taken)).toBe('இந்தப் பெயரில் ஒரு தரவுத்தொகுப்பு ஏற்கெனவே உள்ளது.');
    expect(errorText(new TypeError('boom'))).toBe('உங்கள் கோரிக்கையைச் செயலாக்கும்போது ஏதோ தவறு நடந்துவிட்டது. சிறிது நேரம் கழித்து முயலவும்.');
  });

  it('Hindi and Tamil show the field-level messages (errors[].message) the catalogue knows, rather than the generic text of the code', async () => {
    const fields = new ApiRequestError(400, 'Request body is not valid.', 'VALIDATION_FAILED', [
      { field: 'users.0.firstName', message: 'Name is not proper' },
      { field: 'users.0.email', message: 'Invalid email' },
    ]);
    await setLanguage('hi', false);
    expect(errorText(fields)).toBe('नाम सही नहीं है; ई-मेल पता सही नहीं है');
    await setLanguage('ta', false);
    expect(errorText(fields)).toBe('பெயர் சரியாக இல்லை; மின்னஞ்சல் முகவரி தவறானது');
    // A field message the catalogue does not know: the code's text, as before (no English mixed in).
    const unknownField = new ApiRequestError(400, 'Request body is not valid.', 'VALIDATION_FAILED', [{ field: 'x', message: 'x is odd' }]);
    expect(errorText(unknownField)).toBe(i18n.t('errors.VALIDATION_FAILED'));
    await setLanguage('en', false);
    expect(errorText(fields)).toBe('Request body is not valid.');
  });
});

/**
 * Codes the server sends that a user of the web app cannot meet, so they need no catalogue entry:
 * protocol errors of clients other than this web app, and codes of dataset error reports (shown in
 * the error summary, not as an API answer).
 */
const NOT_MET_BY_USERS: Record<string, string> = {
  UPGRADE_REQUIRED: 'a plain HTTP call to the streaming WebSocket path (the web always opens a WebSocket)',
  BAD_REQUEST: 'a malformed WebSocket streaming message (the web sends well-formed ones)',
  RANGE_NOT_SATISFIABLE: "a byte range outside a file (the browser's media element asks valid ranges)",
  NOT_MULTIPART: 'an upload route called without multipart (the web always sends multipart)',
  MALFORMED_MULTIPART: 'a broken multipart body (the browser builds it)',
  MALFORMED_JSON: 'a body that is not JSON (the web always sends JSON)',
};

/** Every error code the server's sources can answer with (ApiError, badRequest, conflict, `code: '…'`). */
function serverCodes(): Map<string, string> {
  const root = path.resolve(import.meta.dirname, '../../../server/src');
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        // test helpers, the command line and the ingest stages' row reports (modules/datasets/stages) answer no API call
        if (!['test', 'cli', 'stages'].includes(e.name)) walk(p);
      } else if (/\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name)) {
        const src = fs.readFileSync(p, 'utf8');
        for (const m of src.matchAll(
          /(?:new ApiError\(\s*[^,]+,|badRequest\(|conflict\(|\bcode:)\s*'([A-Z][A-Z0-9_]+)'((?:\s*\|\s*'[A-Z][A-Z0-9_]+')*)/g,
        )) {
          for (const c of [m[1], ...[...m[2].matchAll(/'([A-Z0-9_]+)'/g)].map((x) => x[1])]) out.set(c, path.relative(root, p));
        }
      }
    }
  };
  walk(root);
  return out;
}

describe('the errors catalogue covers the server', () => {
  it('every code a route can send that a user can meet has a message (else it is listed as not met, with why)', () => {
    const codes = serverCodes();
    expect(codes.size).toBeGreaterThan(60);
    const known = new Set(Object.keys((EN_CATALOGUE as { errors: Record<string, string> }).errors));
    const missing = [...codes].filter(([c]) => !known.has(c) && !(c in NOT_MET_BY_USERS)).map(([c, f]) => `${c} (${f})`);
    expect(missing, 'add these codes to locales/*/errors.json').toEqual([]);
    const stale = Object.keys(NOT_MET_BY_USERS).filter((c) => !codes.has(c));
    expect(stale, 'codes the server no longer sends').toEqual([]);
  });
});
