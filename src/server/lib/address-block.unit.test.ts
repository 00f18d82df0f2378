import { describe, expect, it } from 'vitest';
import { addressBlock } from './address-block';

describe('addressBlock', () => {
  it('IPv4: the /24', () => {
    expect(addressBlock('203.0.113.9')).toBe('203.0.113.0/24');
    expect(addressBlock('203.0.113.250')).toBe('203.0.113.0/24');
    expect(addressBlock('203.0.114.9')).toBe('203.0.114.0/24');
    expect(addressBlock('127.0.0.1')).toBe('127.0.0.0/24');
  });

  it('IPv6: the /64, whatever the spelling', () => {
    expect(addressBlock('2001:db8:0:7::1')).toBe('2001:db8:0:7::/64');
    expect(addressBlock('2001:0db8:0000:0007:ffff:ffff:ffff:ffff')).toBe('2001:db8:0:7::/64');
    expect(addressBlock('2001:DB8:0:7:a:b:c:d')).toBe('2001:db8:0:7::/64');
    expect(addressBlock('2001:db8:0:8::1')).toBe('2001:db8:0:8::/64');
    expect(addressBlock('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(addressBlock('::1')).toBe('0:0:0:0::/64');
    expect(addressBlock('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressBlock('64:ff9b::203.0.113.9')).toBe('64:ff9b:0:0::/64');
  });

  it('an IPv4 address mapped into IPv6 is its IPv4 block', () => {
    expect(addressBlock('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
    expect(addressBlock('::ffff:cb00:7109')).toBe('203.0.113.0/24');
  });

  it('anything else is its own block', () => {
    expect(addressBlock('not-an-address')).toBe('not-an-address');
    expect(addressBlock('')).toBe('');
  });
});
