/**
 * Test helper: calls sent exactly as the original ULCA web client sends them (docs/migration.md),
 * for the contract tests under compat/. Its API classes call axios with
 * `REACT_APP_APIGW_BASE_URL + path`, the body as JSON.stringify(body), and headers `key`,
 * `payload` = md5(full URL or that JSON) and `sig` = md5(privateKey + "|" + payload).
 */
import crypto from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { TestUser } from './users.ts';

/** MD5 hex of a string's UTF-8 bytes, as the client's `md5` package computes it. */
export const md5 = (text: string) => crypto.createHash('md5').update(text, 'utf8').digest('hex');

/** What the client hashes into `payload`: the full URL it requests, or JSON.stringify of its body. */
export type SignOver = 'url' | 'body';

const JSON_HEADERS = { 'content-type': 'application/json' };

/** Options of one call. */
export interface OriginalClientCallOptions {
  /** The app to call (default: the one `getApp` returns). */
  app?: FastifyInstance;
  /** Hash this text instead of what the client would (to forge a payload that matches neither). */
  hashed?: string;
  /** Extra headers, e.g. those a reverse proxy adds. */
  headers?: Record<string, string>;
  /** The client's REACT_APP_APIGW_BASE_URL (default `publicUrl`). */
  base?: string;
  /** The scheme and host the request arrives at when they differ from `base` (behind a proxy). */
  arrivesAt?: string;
}

/**
 * The client's calls against the app `getApp()` returns, reached at `publicUrl` (so the Host
 * header is that URL's host): `call` (signed over the URL or the body), `get` (always over the
 * URL), `post`, and `publicPost` (unsigned, JSON content type only, as its unsigned API classes send).
 */
export function originalClient(getApp: () => FastifyInstance, publicUrl: string) {
  function call(
    user: TestUser,
    method: 'GET' | 'POST',
    path: string,
    signOver: SignOver,
    body?: unknown,
    o: OriginalClientCallOptions = {},
  ) {
    const url = `${o.base ?? publicUrl}${path}`;
    const raw = body === undefined ? undefined : JSON.stringify(body);
    const payload = md5(o.hashed ?? (signOver === 'url' ? url : raw!));
    const opts: InjectOptions = {
      method,
      url: o.arrivesAt !== undefined ? `${o.arrivesAt}${path}` : url,
      headers: {
        ...(raw !== undefined ? JSON_HEADERS : {}),
        key: user.publicKey,
        sig: md5(`${user.privateKey}|${payload}`),
        payload,
        ...o.headers,
      },
      ...(raw !== undefined ? { payload: raw } : {}),
    };
    return (o.app ?? getApp()).inject(opts);
  }
  return {
    call,
    get: (user: TestUser, path: string, o?: OriginalClientCallOptions) => call(user, 'GET', path, 'url', undefined, o),
    post: (user: TestUser, path: string, signOver: SignOver, body: unknown, o?: OriginalClientCallOptions) =>
      call(user, 'POST', path, signOver, body, o),
    publicPost: (path: string, body: unknown) =>
      getApp().inject({ method: 'POST', url: `${publicUrl}${path}`, headers: JSON_HEADERS, payload: JSON.stringify(body) }),
  };
}
