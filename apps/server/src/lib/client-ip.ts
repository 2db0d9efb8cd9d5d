import type { FastifyInstance, FastifyRequest } from 'fastify';
import ipaddr from 'ipaddr.js';

/**
 * The client address of a request, as a parsed IP address only. Fastify resolves
 * `request.ip` from the socket, or from X-Forwarded-For when the peer is a proxy named in
 * TRUST_PROXY; header text is not checked there, so a proxy that passes on what a client wrote
 * would put that text into the rate limits and the audit log. Here it is parsed, and when it is
 * not an address the socket's own address is used instead.
 */

/** Dotted decimal with no leading zeros and every part at most 255: what ipaddr.js would print back unchanged. */
const CANONICAL_IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/**
 * `text` as a canonical IP address (IPv4 dotted, IPv6 in RFC 5952 form, an IPv4-mapped IPv6
 * address as its IPv4 address), or undefined when it is not one. Never throws.
 */
export function parseIp(text: string | null | undefined): string | undefined {
  if (typeof text !== 'string' || text.length > 64) return undefined;
  // Every request parses its address (twice with a body): the usual forms are answered without
  // ipaddr.js (docs/benchmarks.md#inference-proxy). A canonical IPv4 address is its own form…
  if (CANONICAL_IPV4.test(text)) return text;
  // …and so is the IPv4 address inside an IPv4-mapped one (a dual-stack socket's peer).
  if (text.startsWith('::ffff:') && CANONICAL_IPV4.test(text.slice(7))) return text.slice(7);
  const trimmed = text.trim();
  // ipaddr.js accepts some odd IPv4 forms (e.g. '0x7f.1'); only standard notations are taken.
  if (!ipaddr.IPv4.isValidFourPartDecimal(trimmed) && !(trimmed.includes(':') && ipaddr.IPv6.isValid(trimmed))) return undefined;
  const ip = ipaddr.parse(trimmed);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) return (ip as ipaddr.IPv6).toIPv4Address().toString();
  return ip.toString();
}

/**
 * The key an address is counted under by the rate limits: an IPv4 address itself, an IPv6
 * address by its /64 prefix (one subscriber usually holds a whole /64 and could otherwise take a
 * fresh address per attempt), e.g. '2001:db8:1:2::/64'. `ip` must be a parsed address; anything
 * else is counted as itself.
 */
export function addressKey(ip: string): string {
  const parsed = parseIp(ip);
  if (!parsed || !parsed.includes(':')) return parsed ?? ip;
  const parts = (ipaddr.parse(parsed) as ipaddr.IPv6).toNormalizedString().split(':');
  return `${ipaddr.IPv6.parse(`${parts.slice(0, 4).join(':')}::`).toString()}/64`;
}

/**
 * The parsed client address of `request`: `request.ip` when it is an address, else the socket's
 * peer address, else '0.0.0.0' (a socket already gone).
 */
export function clientIp(request: FastifyRequest): string {
  return parseIp(request.ip) ?? parseIp(request.socket?.remoteAddress) ?? '0.0.0.0';
}

/**
 * Makes `request.ip` the parsed client address ({@link clientIp}) for every route of `app`, so no
 * module can store header text as an address. Register before the routes.
 */
export function pinClientIp(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    // Fastify's `ip` is a getter on the request prototype; an own property shadows it.
    Object.defineProperty(request, 'ip', { value: clientIp(request), enumerable: true, configurable: true });
    done();
  });
}
