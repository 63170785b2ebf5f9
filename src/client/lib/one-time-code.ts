// The one-time code field's rules (spec §5), shared by sign-in by e-mail and the send panel's address
// check: the input keeps digits only, at most 6, and only exactly 6 may be submitted.
export const CODE_LENGTH = 6;

export function sanitizeCode(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

export function isCompleteCode(code: string): boolean {
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(code);
}
