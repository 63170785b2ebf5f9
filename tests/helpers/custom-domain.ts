// An account's custom domain claimed and proved as its owner does it: the claim, its TXT record
// published on a loopback name server, the check that finds it.
import type { Harness } from './app';
import type { SessionUser } from '../../src/server/auth/service';
import { verifyCustomDomain } from '../../src/server/domains/custom-domains';
import { startDnsServer } from './dns-server';

export async function proveDomain(h: Harness, user: SessionUser, host: string) {
  const claim = await h.caller(user).domains.set({ host });
  const dns = await startDnsServer();
  try {
    dns.setTxt(claim.pending!.record.name, [claim.pending!.record.value]);
    return await verifyCustomDomain({ db: h.db, env: { ...h.env, DOMAIN_DNS_SERVERS: dns.address }, user, limiter: h.deps.limiter, now: h.deps.now });
  } finally {
    await dns.close();
  }
}
