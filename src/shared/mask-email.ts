// An address partly hidden, for pages a forwarded link may open (unsubscribe, preferences):
// 'reader@example.com' -> 're••••@example.com'.
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}${'•'.repeat(Math.max(1, Math.min(6, local.length - 2)))}@${domain}`;
}
