// Badge tones of a provider's health (spec §2: healthy green, warning yellow, error red, unknown grey).
export const HEALTH_TONE = { healthy: 'success', warning: 'warning', error: 'danger', unknown: 'neutral' } as const;
export type HealthStatus = keyof typeof HEALTH_TONE;
