import { BlockList, isIP } from 'node:net';
import { type NetworkInterfaceInfo, networkInterfaces } from 'node:os';

/**
 * Addresses a flow may not reach unless an admin allows it: the server itself (loopback and every
 * address of its own network interfaces), the networks around it, addresses reserved for
 * documentation and benchmarks, and the cloud metadata endpoint (169.254.169.254), which a
 * user-built request could otherwise read through the server.
 */
const blocked = new BlockList();
const V4: [string, number][] = [
  ['0.0.0.0', 8], // "this" network (0.0.0.0 itself reaches the local host on Linux)
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1), used inside some private setups
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];
const V6: [string, number][] = [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['64:ff9b:1::', 48], // local-use NAT64, whose IPv4 part may sit anywhere in the address
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routable inside sites)
  ['ff00::', 8], // multicast
];
for (const [net, prefix] of V4) blocked.addSubnet(net, prefix, 'ipv4');
// Node's BlockList also matches IPv4-mapped IPv6 (::ffff:127.0.0.1) against these IPv4 rules.
for (const [net, prefix] of V6) blocked.addSubnet(net, prefix, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

export type InterfaceTable = () => NodeJS.Dict<NetworkInterfaceInfo[]>;

const bare = (address: string) => address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');

/** The URL parser writes IPv6 in one canonical, compressed, lower-case form. */
const canonicalV6 = (ip: string) => new URL(`http://[${ip}]/`).hostname.slice(1, -1);

/**
 * The IPv4 address an IPv6 address stands for: IPv4-mapped (::ffff:a.b.c.d) and NAT64
 * (64:ff9b::/96) both reach that IPv4 host.
 */
function embeddedV4(canonical: string): string | null {
  const match = /^(?:::ffff|64:ff9b:):(?:([0-9a-f]{1,4}):)?([0-9a-f]{1,4})?$/.exec(canonical);
  if (!match) return null;
  const value = (Number.parseInt(match[1] ?? '0', 16) << 16) | Number.parseInt(match[2] ?? '0', 16);
  return [24, 16, 8, 0].map((shift) => (value >>> shift) & 255).join('.');
}

/**
 * The canonical addresses of this machine's interfaces, read on each check: a public address
 * bound here (a VM's, a container host's) reaches the server's own ports like loopback does, and
 * interfaces come and go (DHCP, VPNs), so a list read once at start would go stale.
 */
function ownAddresses(interfaces: InterfaceTable): Set<string> {
  const own = new Set<string>();
  for (const list of Object.values(interfaces()))
    for (const info of list ?? []) {
      const ip = bare(info.address);
      if (isIP(ip) === 4) own.add(ip);
      else if (isIP(ip) === 6) own.add(canonicalV6(ip));
    }
  return own;
}

/**
 * Whether an IP address (v4 or v6, brackets allowed) is private, loopback, link-local, reserved
 * or one of this machine's own; IPv4-mapped and NAT64 forms count as the IPv4 address they carry.
 * False for names, which the DNS hook checks once resolved.
 */
export function isBlockedAddress(address: string, interfaces: InterfaceTable = networkInterfaces): boolean {
  const ip = bare(address);
  const version = isIP(ip);
  if (version === 0) return false;
  if (version === 4) return blocked.check(ip, 'ipv4') || ownAddresses(interfaces).has(ip);
  if (blocked.check(ip, 'ipv6')) return true;
  const canonical = canonicalV6(ip);
  const v4 = embeddedV4(canonical);
  if (v4 !== null) return blocked.check(v4, 'ipv4') || ownAddresses(interfaces).has(v4);
  return ownAddresses(interfaces).has(canonical);
}

/** Whether an IP address is loopback (127.0.0.0/8, ::1, or 127.x written IPv4-mapped). */
export function isLoopbackAddress(address: string): boolean {
  const ip = bare(address);
  const version = isIP(ip);
  if (version === 4) return loopback.check(ip, 'ipv4');
  if (version !== 6) return false;
  if (loopback.check(ip, 'ipv6')) return true;
  const canonical = canonicalV6(ip);
  return canonical.startsWith('::ffff:') && loopback.check(embeddedV4(canonical) ?? '', 'ipv4');
}
