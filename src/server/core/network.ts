import ipaddr from 'ipaddr.js';

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

/**
 * An IP address as written in a forwarded header or TRUST_PROXY, read by ipaddr.js as Fastify's
 * proxy-addr reads it, IPv4 in its four decimal parts only (`10.1` or `0x7f.0.0.1`, which
 * ipaddr.js also reads, are typos there, not addresses).
 */
export function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  return ipaddr.IPv6.isValid(text) ? ipaddr.IPv6.parse(text) : undefined;
}

function prefixOf(address: string, v4Bits: number, v6Bits: number): string {
  const plain = address.trim();
  const parsed = parseAddress(plain.includes(':') ? keyedV6(plain) : plain);
  // Not an address (a test's made-up key, a Unix socket): itself, so it is still one source.
  if (!parsed) return plain;
  const ip = parsed instanceof ipaddr.IPv6 && parsed.isIPv4MappedAddress() ? parsed.toIPv4Address() : parsed;
  if (ip instanceof ipaddr.IPv4) return `${networkAddress(ip, v4Bits).toString()}/${v4Bits}`;
  const network = networkAddress(ip, v6Bits) as ipaddr.IPv6;
  // Every group in four digits: the key must not depend on how the address was shortened.
  return `${network.parts.map((part) => part.toString(16).padStart(4, '0')).join(':')}/${v6Bits}`;
}

/**
 * The part of an IPv6 address its key is made of, spelled so ipaddr.js reads the address written.
 * A zone (`fe80::1%br-lan`, as Node writes a link-local peer) names an interface, not a network:
 * dropped, whatever the interface's name (ipaddr.js reads letters and digits only there). And
 * ipaddr.js reads the deprecated `::a.b.c.d` as `::ffff:a.b.c.d`, not as `::102:304`, its hex
 * spelling; `0::a.b.c.d` is the same address, read as written.
 */
function keyedV6(text: string): string {
  const [, address = text] = /^([^%]+)%[0-9a-z.:-]+$/i.exec(text) ?? [];
  return /^::\d+\.\d+\.\d+\.\d+$/.test(address) ? `0${address}` : address;
}

/** The first address of the `bits`-long prefix holding `ip`. */
function networkAddress(ip: ipaddr.IPv4 | ipaddr.IPv6, bits: number): ipaddr.IPv4 | ipaddr.IPv6 {
  const mask = (ip.kind() === 'ipv4' ? ipaddr.IPv4 : ipaddr.IPv6).subnetMaskFromPrefixLength(bits).toByteArray();
  return ipaddr.fromByteArray(ip.toByteArray().map((byte, index) => byte & mask[index]!));
}
