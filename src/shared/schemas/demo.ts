// The protection demo's form contract, shared by the server's check and the page (spec §3 Demo form).

/** Hidden fields a person never fills; a bot that fills any of them is refused. */
export const HONEYPOT_FIELDS = ['website', 'url', 'homepage', 'email_confirm', 'phone_number'] as const;
export type HoneypotField = (typeof HONEYPOT_FIELDS)[number];
