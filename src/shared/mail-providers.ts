// The mail providers an account or the system may add, and the places they take in the sending chain.
export const PROVIDER_KINDS = ['smtp', 'brevo', 'resend', 'mailgun', 'postmark'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

export const PROVIDER_PRIORITIES = ['primary', 'secondary', 'fallback'] as const;
export type ProviderPriority = (typeof PROVIDER_PRIORITIES)[number];
