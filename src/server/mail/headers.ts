// Header and mailbox rules every message shares, whatever carries it: no CR/LF in a header value,
// the bare address of a mailbox, a display name over the product's own address, an address as kept.

/** An address as lists and records keep it: trimmed, lower-case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Header values never carry CR/LF (header injection). */
export const cleanHeader = (v: string) => v.replace(/[\r\n]+/g, ' ').trim();

/** The To of one reader: 'Name <address>' (name without angle brackets or quotes), or the bare address. */
export const recipientMailbox = (m: { to: string; toName?: string | null }) =>
  m.toName ? `${cleanHeader(m.toName).replace(/[<>"]/g, '')} <${cleanHeader(m.to)}>` : cleanHeader(m.to);

/** The bare address of a mailbox like 'Curated <newsletter@curated.email>' (or the value itself). */
export function mailboxAddress(mailbox: string): string {
  return (/<([^<>]+)>\s*$/.exec(mailbox)?.[1] ?? mailbox).trim();
}

/** The domain of a mailbox's address (the product's Message-IDs and list ids are made under it). */
export const mailboxDomain = (mailbox: string) => mailboxAddress(mailbox).split('@')[1] ?? 'localhost';

/**
 * A From of `sender`'s address under another display name, e.g. a creator's name over the product's
 * address. The name is quoted as RFC 5322 asks; control characters and angle brackets are dropped.
 */
export function mailboxWithName(name: string, sender: string): string {
  const clean = name
    .replace(/[\u0000-\u001f\u007f<>]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 64);
  const address = mailboxAddress(sender);
  return clean ? `"${clean.replace(/["\\]/g, '\\$&')}" <${address}>` : sender;
}
