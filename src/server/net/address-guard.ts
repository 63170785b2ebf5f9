// SSRF guard: which addresses a server-side fetch of a user-given URL may reach. Used before a request
// (literal IPs, scheme) and at connect time (every resolved address), so DNS tricks cannot bypass it.
import ipaddr from 'ipaddr.js';
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';

/** ipaddr.js range names that are never reachable from a user-given address. */
const BLOCKED_V4 = new Set([
  'unspecified',
  'broadcast',
  'multicast',
  'linkLocal',
  'loopback',
  'carrierGradeNat',
  'private',
  'reserved',
  'benchmarking',
  'amt',
  'as112',
  'deprecated',
  'orchid2',
]);
const BLOCKED_V6 = new Set([
  'unspecified',
  'linkLocal',
  'multicast',
  'loopback',
  'uniqueLocal',
  'reserved',
  'benchmarking',
  'discard',
  'orchid2',
  'teredo',
  'as112v6',
  'amt',
  'droneRemoteIdProtocolEntityTags',
  'deprecated',
]);

export class BlockedAddressError extends Error {
  constructor(readonly address: string) {
    super(`Address ${address} is not allowed`);
    this.name = 'BlockedAddressError';
  }
}

/** True when ip (v4 or v6, any form ipaddr.js accepts) is private, local, reserved or otherwise not public. */
export function isBlockedIp(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return true;
  let addr = ipaddr.parse(bare);
  if (addr.kind() === 'ipv6') {
    const v6 = addr as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) addr = v6.toIPv4Address();
    else {
      const range = v6.range();
      const p = v6.parts;
      // NAT64 (last 32 bits) and 6to4 (bits 16-48) embed the IPv4 address that is reached in the end.
      if (range === 'rfc6052' || range === 'rfc6145') addr = embeddedV4(p[6], p[7]);
      else if (range === '6to4') addr = embeddedV4(p[1], p[2]);
      else return BLOCKED_V6.has(range);
    }
  }
  const v4 = addr as ipaddr.IPv4;
  // 0.0.0.0/8 is "this network"; ipaddr.js only names 0.0.0.0 itself.
  if (v4.octets[0] === 0) return true;
  return BLOCKED_V4.has(v4.range());
}

function embeddedV4(hi: number, lo: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([hi >> 8, hi & 255, lo >> 8, lo & 255]);
}

/** Parses FETCH_ALLOW_HOSTS ("host:port,host:port") into a set of lower-case host:port keys. */
export function parseAllowHosts(value: string): Set<string> {
  return new Set(
    value
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
}

export function hostKey(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.hostname.replace(/^\[|\]$/g, '').toLowerCase()}:${port}`;
}

/**
 * Checks a URL before any connection: http(s) only, no credentials, and a literal IP host must be
 * public. WHATWG URL parsing has already turned decimal, octal and hex IPv4 forms into dotted quads.
 */
export function assertFetchableUrl(raw: string | URL, allow: Set<string>): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BlockedAddressError(String(raw));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new BlockedAddressError(url.protocol);
  if (url.username || url.password) throw new BlockedAddressError(url.host);
  if (allow.has(hostKey(url))) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host) && isBlockedIp(host)) throw new BlockedAddressError(host);
  return url;
}

/** A dns lookup for net.connect that refuses to hand back any blocked address. */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 4);
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((a) => isBlockedIp(a.address));
    if (bad || list.length === 0) return callback(new BlockedAddressError(bad?.address ?? hostname), '', 4);
    if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    callback(null, list[0].address, list[0].family);
  });
};
