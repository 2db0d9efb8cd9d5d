import ipaddr from 'ipaddr.js';
import { SUBMIT_MESSAGES } from '@ulca/contracts';

/** Result of {@link validateSubmissionUrl}: `message` is the exact text the submit form shows. */
export type UrlCheck = { ok: true } | { ok: false; message: string };

const SCHEME = /^(https?|ftp):\/\//i;
// One DNS label (RFC 1123): letters, digits and inner hyphens, at most 63 characters.
// IDN hosts reach this check already converted to punycode by the URL parser.
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

function isValidHost(hostname: string): boolean {
  if (hostname.startsWith('[') && hostname.endsWith(']')) return ipaddr.IPv6.isValid(hostname.slice(1, -1));
  if (ipaddr.IPv4.isValidFourPartDecimal(hostname)) return true;
  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  if (name.length === 0 || name.length > 253) return false;
  return name.split('.').every((label) => LABEL.test(label));
}

/**
 * Checks the URL field of the dataset submit form (docs/product.md#validation-rules, "Dataset submit" rules), in the
 * spec's order: empty, then whitespace inside, then shape. A valid URL starts with http://,
 * https:// or ftp:// and names a host (domain name, IPv4 or bracketed IPv6), optionally with a
 * port, path and query. This is a shape check only: whether the host may be fetched is decided by
 * `safeGetStream` after DNS resolution.
 */
export function validateSubmissionUrl(url: string): UrlCheck {
  const value = (url ?? '').trim();
  if (value === '') return { ok: false, message: 'URL cannot be empty' };
  if (/\s/.test(value)) return { ok: false, message: 'URL contains space in between' };
  if (!SCHEME.test(value)) return { ok: false, message: 'Invalid URL' };
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return { ok: false, message: 'Invalid URL' };
  }
  if (!isValidHost(parsed.hostname)) return { ok: false, message: 'Invalid URL' };
  // Well-formed, but the downloader speaks http(s) only: say so now rather than fail the job later.
  if (parsed.protocol === 'ftp:') return { ok: false, message: SUBMIT_MESSAGES.urlFtp };
  return { ok: true };
}
