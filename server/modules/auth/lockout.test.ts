import { describe, expect, it } from 'vitest';
import { networkOf, sourceOf, subjectOf } from './lockout';

describe('lockout sources', () => {
  it('keeps IPv4 as it is, unwraps IPv4-mapped IPv6 and cuts IPv6 to its /64', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf(null)).toBe('unknown');
  });

  it('names a known device by its row, anything else by its network', () => {
    expect(sourceOf('203.0.113.7', 12)).toBe('device:12');
    expect(sourceOf('203.0.113.7', null)).toBe('ip:203.0.113.7');
  });

  it('keys an account by its email, whatever the case or spaces', () => {
    expect(subjectOf(' Owner@Example.com ')).toBe(subjectOf('owner@example.com'));
    expect(subjectOf('owner@example.com')).not.toContain('owner');
  });
});
