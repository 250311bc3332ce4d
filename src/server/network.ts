import { isIP } from 'node:net';

/**
 * The sources a budget is shared out by. One person or one bot rarely holds a single address:
 * an IPv6 subscriber is given a /64 at least (often a /56 or /48), and a rented IPv4 range is a
 * /24. So per-client limits count an IPv6 /64 as one client, and per-network shares count an IPv4
 * /24 or an IPv6 /48 as one network. Both are written in CIDR notation, IPv6 fully expanded, so one
 * network always has one key; an IPv4 address written as IPv6 (`::ffff:192.0.2.7`, as a server
 * listening on `::` sees it) is the IPv4 address it carries.
 */

/** The key of one client for per-client limits: an IPv4 address (/32) or an IPv6 /64. */
export function clientOf(address: string): string {
  return prefixOf(address, 32, 64);
}

/** The key of one network for shared budgets: an IPv4 /24 or an IPv6 /48. */
export function networkOf(address: string): string {
  return prefixOf(address, 24, 48);
}

function prefixOf(address: string, v4Bits: number, v6Bits: number): string {
  const plain = address.trim();
  const version = isIP(plain);
  if (version === 4) return `${maskV4(plain, v4Bits)}/${v4Bits}`;
  if (version === 6) {
    const groups = expandV6(plain);
    // IPv4-mapped (::ffff:a.b.c.d): the IPv4 address it carries.
    if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
      const v4 = [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
      return `${maskV4(v4, v4Bits)}/${v4Bits}`;
    }
    const masked = groups.map((group, index) => {
      const bitsLeft = v6Bits - index * 16;
      if (bitsLeft >= 16) return group;
      if (bitsLeft <= 0) return 0;
      return group & (0xffff << (16 - bitsLeft)) & 0xffff;
    });
    return `${masked.map((group) => group.toString(16).padStart(4, '0')).join(':')}/${v6Bits}`;
  }
  // Not an address (a test's made-up key, a Unix socket): itself, so it is still one source.
  return plain;
}

function maskV4(address: string, bits: number): string {
  const value = address.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  const masked = (value & mask) >>> 0;
  return [masked >>> 24, (masked >>> 16) & 0xff, (masked >>> 8) & 0xff, masked & 0xff].join('.');
}

/** The eight 16-bit groups of a valid IPv6 address (zone id dropped, embedded IPv4 read). */
function expandV6(address: string): number[] {
  let text = address.split('%')[0]!.toLowerCase();
  const embedded = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (embedded) {
    const [a, b, c, d] = embedded[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, embedded.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const start = groupsOf(head);
  const end = tail === undefined ? [] : groupsOf(tail);
  return [...start, ...Array<number>(8 - start.length - end.length).fill(0), ...end];
}

function groupsOf(part: string): number[] {
  return part ? part.split(':').map((group) => parseInt(group, 16)) : [];
}
