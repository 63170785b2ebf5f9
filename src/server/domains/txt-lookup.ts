// The TXT lookup behind the custom-domain check, through the name servers the operator names
// (DOMAIN_DNS_SERVERS) or the system's. Each answer's strings are joined as RFC 7208 reads a record.
import { Resolver } from 'node:dns/promises';
import { dnsServerList } from '../env';

/** A name that does not exist or has no TXT record: nothing published (yet). */
const NOTHING = new Set(['ENOTFOUND', 'ENODATA']);

export type TxtAnswer = { records: string[] } | { failed: string };

export async function lookupTxt(servers: string, name: string): Promise<TxtAnswer> {
  // A few seconds in all: the creator is waiting on the button.
  const resolver = new Resolver({ timeout: 2_500, tries: 2 });
  const list = dnsServerList(servers);
  if (list.length) resolver.setServers(list);
  try {
    return { records: (await resolver.resolveTxt(name)).map((chunks) => chunks.join('')) };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    return NOTHING.has(code) ? { records: [] } : { failed: code };
  }
}
