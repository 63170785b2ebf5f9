// Addresses from feeds and AI output become links only when they are http(s).

export const isHttpUrl = (u: string | null | undefined): u is string => !!u && /^https?:\/\//i.test(u);
