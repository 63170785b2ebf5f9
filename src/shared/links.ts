// Link identity, shared by the server (de-duplication, the already-used memory) and the client (marking
// articles an earlier issue carried).

/** Link identity across feeds: no tracking parameters, fragment, default port or trailing slash. */
export function canonicalLink(url: string): string {
  try {
    const u = new URL(url);
    u.hash = '';
    for (const k of [...u.searchParams.keys()]) if (/^(utm_|fbclid$|gclid$|mc_[ce]id$|ref$|cmpid$|ncid$)/i.test(k)) u.searchParams.delete(k);
    const host = u.hostname.toLowerCase().replace(/^www\./, '');
    const path = u.pathname.replace(/\/+$/, '') || '/';
    return `${host}${path}${u.search}`;
  } catch {
    return url;
  }
}
