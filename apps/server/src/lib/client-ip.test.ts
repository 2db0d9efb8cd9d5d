import { describe, expect, it } from 'vitest';
import { addressKey, parseIp } from './client-ip.ts';

describe('client address parsing', () => {
  it('keeps IPv4 and IPv6 addresses in canonical form, IPv4-mapped as IPv4', () => {
    expect(parseIp('203.0.113.9')).toBe('203.0.113.9');
    expect(parseIp(' 198.51.100.1 ')).toBe('198.51.100.1');
    expect(parseIp('2001:DB8:0:0:0:0:0:1')).toBe('2001:db8::1');
    expect(parseIp('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(parseIp('::1')).toBe('::1');
  });

  it('answers the quick forms exactly as the full parse does', () => {
    // Leading zeros and parts over 255 take the full parse (refused; inside an IPv4-mapped address, rewritten).
    expect(parseIp('10.0.0.255')).toBe('10.0.0.255');
    expect(parseIp('0.0.0.0')).toBe('0.0.0.0');
    expect(parseIp('010.0.0.1')).toBeUndefined();
    expect(parseIp('10.0.0.256')).toBeUndefined();
    expect(parseIp('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(parseIp('::ffff:010.0.0.1')).toBe('10.0.0.1');
    expect(parseIp('::ffff:a00:1')).toBe('10.0.0.1');
  });

  it('refuses anything that is not an address', () => {
    for (const text of [
      '<img src=x onerror=alert(1)>',
      'unknown',
      '',
      '1.2.3',
      '0x7f.1',
      '127.1',
      '1.2.3.4, 5.6.7.8',
      '999.1.1.1',
      'a'.repeat(100),
      undefined,
      null,
    ]) {
      expect(parseIp(text), String(text)).toBeUndefined();
    }
  });

  it('counts IPv4 by address and IPv6 by /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:5:6::1')).toBe('2001:db8:5:6::/64');
    expect(addressKey('2001:db8:5:6:ffff:1:2:3')).toBe('2001:db8:5:6::/64');
    expect(addressKey('2001:db8:5:7::1')).not.toBe(addressKey('2001:db8:5:6::1'));
    expect(addressKey('::ffff:10.0.0.1')).toBe('10.0.0.1');
  });
});
