import { describe, expect, it } from 'vitest';
import { clientOf, networkOf } from './network';

describe('the sources budgets are shared by', () => {
  it('counts an IPv4 address as one client and its /24 as one network', () => {
    expect(clientOf('203.0.113.77')).toBe('203.0.113.77/32');
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('203.0.113.1')).toBe(networkOf('203.0.113.254'));
    expect(networkOf('203.0.114.1')).not.toBe(networkOf('203.0.113.1'));
  });

  it('counts an IPv6 /64 as one client and a /48 as one network, however the address is written', () => {
    expect(clientOf('2001:db8:1:2:aaaa::1')).toBe('2001:0db8:0001:0002:0000:0000:0000:0000/64');
    expect(clientOf('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(clientOf('2001:0DB8:1:2::'));
    expect(clientOf('2001:db8:1:3::1')).not.toBe(clientOf('2001:db8:1:2::1'));
    expect(networkOf('2001:db8:1:2::1')).toBe('2001:0db8:0001:0000:0000:0000:0000:0000/48');
    // 34 /64s inside one /56 are one network.
    const sixtyFours = Array.from({ length: 34 }, (_, index) => `2001:db8:1:${(0x100 + index).toString(16)}::1`);
    expect(new Set(sixtyFours.map(clientOf)).size).toBe(34);
    expect(new Set(sixtyFours.map(networkOf)).size).toBe(1);
    expect(networkOf('2001:db8:2::1')).not.toBe(networkOf('2001:db8:1::1'));
    // A link-local peer carries its interface's name, which is no part of its network.
    expect(clientOf('fe80::1%br-lan.10')).toBe('fe80:0000:0000:0000:0000:0000:0000:0000/64');
    // The deprecated dotted spelling of an IPv6 address is that address, not an IPv4 one.
    expect(clientOf('::1.2.3.4')).toBe(clientOf('::102:304'));
  });

  it('reads an IPv4 address written as IPv6 as the IPv4 address', () => {
    expect(clientOf('::ffff:127.0.0.1')).toBe('127.0.0.1/32');
    expect(networkOf('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(networkOf('::ffff:c633:6409')).toBe('198.51.100.0/24');
  });

  it('keeps anything that is not an address as its own source', () => {
    expect(networkOf('unix-socket')).toBe('unix-socket');
  });
});
