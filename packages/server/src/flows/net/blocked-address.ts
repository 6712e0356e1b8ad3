import { BlockList, isIP } from 'node:net';

/**
 * Addresses a flow may not reach unless an admin allows it: the server itself, the networks
 * around it and the cloud metadata endpoint (169.254.169.254), which a user-built request could
 * otherwise read through the server.
 */
const blocked = new BlockList();
const V4: [string, number][] = [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const V6: [string, number][] = [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routable inside sites)
  ['ff00::', 8], // multicast
];
for (const [net, prefix] of V4) blocked.addSubnet(net, prefix, 'ipv4');
// Node's BlockList also matches IPv4-mapped IPv6 (::ffff:127.0.0.1) against these IPv4 rules.
for (const [net, prefix] of V6) blocked.addSubnet(net, prefix, 'ipv6');

/** The IPv4 address inside a NAT64 address (64:ff9b::/96), which reaches that IPv4 host. */
function nat64Embedded(canonical: string): string | null {
  const match = /^64:ff9b::(?:([0-9a-f]{1,4}):)?([0-9a-f]{1,4})?$/.exec(canonical);
  if (!match) return null;
  const value = (Number.parseInt(match[1] ?? '0', 16) << 16) | Number.parseInt(match[2] ?? '0', 16);
  return [24, 16, 8, 0].map((shift) => (value >>> shift) & 255).join('.');
}

/** Whether an IP address (v4 or v6, brackets allowed) is private, loopback, link-local or reserved. */
export function isBlockedAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const version = isIP(ip);
  if (version === 4) return blocked.check(ip, 'ipv4');
  if (version !== 6) return false;
  if (blocked.check(ip, 'ipv6')) return true;
  // The URL parser writes IPv6 in one canonical, compressed, lower-case form.
  const canonical = new URL(`http://[${ip}]/`).hostname.slice(1, -1);
  const embedded = nat64Embedded(canonical);
  return embedded !== null && blocked.check(embedded, 'ipv4');
}
