import { clearSession, getSession } from './session.ts';
import { currentLanguage, i18n, localizeMessage } from './i18n/i18n.ts';

/** An API failure with the server's `{ message, code, errors? }` body (docs/api.md#errors). */
export class ApiRequestError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly code?: string,
    public readonly errors?: { field: string; message: string }[],
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/** Per-status wording of docs/product.md#messages "Generic API failure". */
export const STATUS_MESSAGES: Record<number, string> = {
  422: 'A User with same email already exist.',
  400: 'Something wrong with the input you supplied, please verify and try again!',
  401: 'You are not authorized to do this action at the moment!',
};
export const DEFAULT_ERROR = 'Something went wrong while we process your request. Please try after sometime.';

/** What a 401 tells its listeners: `sessionEnded` when it ended the stored session (already cleared). */
export interface UnauthorizedInfo {
  sessionEnded: boolean;
}
type Unauthorized = (info: UnauthorizedInfo) => void;
const unauthorizedListeners = new Set<Unauthorized>();

/** Subscribes to the global "unauthorised" flag raised by any 401 (app/UnauthorizedWatcher.tsx decides what the page does). */
export function onUnauthorized(cb: Unauthorized): () => void {
  unauthorizedListeners.add(cb);
  return () => unauthorizedListeners.delete(cb);
}

/**
 * Codes of a 401 saying the session key itself is over (logged out in another tab, password
 * changed or reset, account deactivated or deleted: docs/api.md#errors). Other 401s (a replayed or
 * malformed signature, a missing API key) say nothing about the session, so they do not end it.
 */
const SESSION_OVER_CODES: ReadonlySet<string> = new Set(['SESSION_ENDED', 'ACCOUNT_DISABLED']);

/** Set when the server ended the stored session; the login page says so once (see sessionEndedByServer). */
let sessionEndedNote = false;

/** Whether the last session was ended by the server (not by this tab's logout) since the note was last dismissed. */
export function sessionEndedByServer(): boolean {
  return sessionEndedNote;
}

/** Forgets that the server ended a session (once the login page has said so, or the user signed in again). */
export function dismissSessionEnded(): void {
  sessionEndedNote = false;
}

export interface RequestOptions<T> {
  body?: unknown;
  /**
   * A body sent exactly as given instead of JSON (e.g. a multipart form built as text or bytes, so
   * the signature covers the very bytes sent), with its content type. See {@link multipartBody}.
   */
  rawBody?: { text: string; contentType: string } | { bytes: Uint8Array<ArrayBuffer>; contentType: string };
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Sign with the stored session keys (default true when a session exists). */
  signed?: boolean;
  /**
   * Validates and types the response: a contracts zod schema, or a contracts zod-free check with
   * the same `parse` (e.g. siteFooterCheck, for the shell; docs/benchmarks.md#web).
   */
  schema?: { parse(data: unknown): T };
  signal?: AbortSignal;
}

/** How a request reaches the API: the browser's fetch, or the server's own when it renders a page (setApiTransport). */
export type ApiTransport = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string | Uint8Array<ArrayBuffer>; signal?: AbortSignal },
) => Promise<Response>;

let transport: ApiTransport = (url, init) => fetch(url, init);

/**
 * Sends every later apiRequest through `next` instead of the browser's fetch. Only the server-side
 * render (src/prerender.tsx) calls it, with a transport into the server's own routes, since Node
 * has no page origin for the app's relative URLs (docs/architecture.md#prerendered-pages).
 */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/**
 * Seconds to add to this device's clock to match the server's, learnt from the `Date` header of a
 * SIGNATURE_EXPIRED answer (a device clock that is minutes off would otherwise fail every call).
 */
let clockOffsetSeconds = 0;

/** The server's clock minus this device's, in seconds, from a response's Date header (0 when absent). */
function serverClockOffset(res: Response): number {
  const date = Date.parse(res.headers.get('date') ?? '');
  return Number.isFinite(date) ? Math.round((date - Date.now()) / 1000) : 0;
}

/**
 * Calls the platform API at `path` (e.g. '/ulca/apis/v0/dataset/corpus/submit'). Signs the call
 * (signature v2: key, payload, sig, x-ulca-timestamp, x-ulca-nonce) when a session exists, afresh
 * for every request; when the server answers SIGNATURE_EXPIRED it retries once on the server's
 * clock. Resolves with the parsed JSON body; throws ApiRequestError with the server's message, or
 * the spec's per-status wording; a 401 also raises the unauthorised flag, and one saying the
 * session is over (SESSION_ENDED, ACCOUNT_DISABLED) to a call signed with it clears the session.
 */
export async function apiRequest<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  opts: RequestOptions<T> = {},
): Promise<T> {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined && v !== null) qs.set(k, String(v));
  const url = qs.size ? `${path}?${qs.toString()}` : path;
  const sentBody = opts.rawBody
    ? 'bytes' in opts.rawBody
      ? opts.rawBody.bytes
      : opts.rawBody.text
    : opts.body === undefined
      ? undefined
      : JSON.stringify(opts.body);
  // The session key the call was signed with: only a 401 to that key's own call may end it.
  let signedWith: string | undefined;
  const send = async (): Promise<Response> => {
    const headers: Record<string, string> = {};
    if (sentBody !== undefined) headers['content-type'] = opts.rawBody?.contentType ?? 'application/json';
    const session = getSession();
    if (session && opts.signed !== false) {
      signedWith = session.userKeys.publicKey;
      // Loaded with the first signed call: a visitor who is not signed in never needs the hashing code.
      const { signHeaders } = await import('./signing.ts');
      Object.assign(
        headers,
        signHeaders(session.userKeys.publicKey, session.userKeys.privateKey, { method, url, body: sentBody }, { clockOffsetSeconds }),
      );
    }
    try {
      return await transport(url, { method, headers, body: sentBody, signal: opts.signal });
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      throw new ApiRequestError(0, 'The server cannot be reached. Please check your connection and try again.');
    }
  };
  let res = await send();
  if (res.status === 401) {
    const offset = serverClockOffset(res);
    const expired = await res
      .clone()
      .json()
      .then(
        (b: { code?: string }) => b.code === 'SIGNATURE_EXPIRED',
        () => false,
      );
    if (expired && Math.abs(offset - clockOffsetSeconds) > 1) {
      clockOffsetSeconds = offset;
      res = await send();
    }
  }
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!res.ok) {
    const b = (json ?? {}) as { message?: string; why?: string; code?: string; errors?: { field: string; message: string }[] };
    if (res.status === 401) {
      // A session ended elsewhere is dropped at once, quietly: the header loses the avatar and
      // pages that need sign-in show the sign-in form (docs/product.md#sign-in-and-accounts).
      const sessionEnded =
        signedWith !== undefined && SESSION_OVER_CODES.has(b.code ?? '') && getSession()?.userKeys.publicKey === signedWith;
      if (sessionEnded) {
        sessionEndedNote = true;
        clearSession();
      }
      unauthorizedListeners.forEach((l) => l({ sessionEnded }));
    }
    throw new ApiRequestError(res.status, b.why ?? b.message ?? STATUS_MESSAGES[res.status] ?? DEFAULT_ERROR, b.code, b.errors);
  }
  return opts.schema ? opts.schema.parse(json) : (json as T);
}

/**
 * A FormData as the exact bytes a browser would send, with its content type (boundary included),
 * for `rawBody`: so a multipart upload (a file to try, a descriptor) can be signed like any call.
 */
export async function multipartBody(form: FormData): Promise<{ bytes: Uint8Array<ArrayBuffer>; contentType: string }> {
  const req = new Request('http://multipart.invalid/', { method: 'POST', body: form });
  return { bytes: new Uint8Array(await req.arrayBuffer()), contentType: req.headers.get('content-type') ?? 'multipart/form-data' };
}

/** The catalogue key of a failure that has no server code: the server could not be reached (status 0). */
const NETWORK_CODE = 'NETWORK';

/**
 * The text to show for any error thrown by apiRequest, in the interface language — the ONE place
 * every error display (ErrorState, toasts, forms) turns a server answer into words
 * (docs/product.md#languages-of-the-interface, docs/api.md#errors):
 * - in English, the server's own message (it carries details such as limits and names), else the
 *   catalogue's text for its code, else `fallback`;
 * - in another language, the translation of the server's message when the catalogue's `messages`
 *   section knows that exact text (the spec's wordings), else the translations of its field-level
 *   messages (`errors[].message`, joined by '; ') when the catalogue knows them all, else the
 *   catalogue's `errors.<code>` text, else the server's English message (an unknown code), else
 *   `fallback` translated.
 * A non-API error gives `fallback` (translated when the catalogue knows it).
 */
export function errorText(err: unknown, fallback = DEFAULT_ERROR): string {
  const fallbackText = localizeMessage(fallback) ?? fallback;
  if (!(err instanceof ApiRequestError)) return fallbackText;
  const code = err.code ?? (err.status === 0 ? NETWORK_CODE : undefined);
  const key = code ? `errors.${code}` : undefined;
  const known = key !== undefined && i18n.exists(key);
  if (currentLanguage() === 'en') return err.message || (known ? i18n.t(key) : fallbackText);
  const translated = localizeMessage(err.message);
  if (translated && translated !== err.message) return translated;
  // Field-level messages (errors[].message) are the spec's wordings more often than the top one:
  // shown translated when the catalogue knows every one of them, before the code's generic text.
  const fields = (err.errors ?? []).map((e) => ({ english: e.message, text: localizeMessage(e.message) }));
  if (fields.length > 0 && fields.every((f) => f.text && f.text !== f.english)) return [...new Set(fields.map((f) => f.text))].join('; ');
  if (known) return i18n.t(key);
  return err.message || fallbackText;
}

/** The message to show for any error thrown by apiRequest (docs/product.md#messages), or `fallback`: {@link errorText}. */
export function errorMessage(err: unknown, fallback = DEFAULT_ERROR): string {
  return errorText(err, fallback);
}
