import { describe, it, expect } from 'vitest';
import { assertFetchableUrl, BlockedAddressError, guardedLookup, isBlockedIp, parseAllowHosts } from '../../../src/server/net/address-guard';

const none = new Set<string>();

describe('SSRF address guard', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.1',
    '169.254.169.254',
    '169.254.0.1',
    '100.64.0.1',
    '100.127.255.255',
    '0.0.0.0',
    '0.1.2.3',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    'ff02::1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::1',
    'not-an-ip',
  ])('blocks %s', (ip) => {
    expect(isBlockedIp(ip)).toBe(true);
  });

  it.each(['93.184.216.34', '8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows public %s', (ip) => {
    expect(isBlockedIp(ip)).toBe(false);
  });

  it.each([
    'http://127.0.0.1/feed',
    'http://10.1.2.3/',
    'http://172.16.5.4/',
    'http://192.168.0.10:8080/rss',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.1.1/',
    'http://0.0.0.0/',
    'http://[::1]/',
    'http://[fc00::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://2130706433/',
    'http://017700000001/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'ftp://example.com/feed',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'gopher://example.com/',
    'http://user:pass@example.com/',
    'not a url',
  ])('refuses %s before connecting', (url) => {
    expect(() => assertFetchableUrl(url, none)).toThrow(BlockedAddressError);
  });

  it('accepts public http(s) addresses and lets FETCH_ALLOW_HOSTS through exactly', () => {
    expect(assertFetchableUrl('https://example.com/feed', none).href).toBe('https://example.com/feed');
    const allow = parseAllowHosts(' 127.0.0.1:4100 , localhost:9 ');
    expect(assertFetchableUrl('http://127.0.0.1:4100/x', allow).port).toBe('4100');
    expect(() => assertFetchableUrl('http://127.0.0.1:4101/x', allow)).toThrow(BlockedAddressError);
  });

  it('refuses a hostname that resolves to loopback at lookup time', async () => {
    const err = await new Promise<Error | null>((resolve) => guardedLookup('localhost', { all: true }, (e) => resolve(e)));
    expect(err).toBeInstanceOf(BlockedAddressError);
  });
});
