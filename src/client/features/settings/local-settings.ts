// Settings kept on this device only (spec §2: local-only toggles and selects).
import { useState } from 'react';

export const SETTINGS_KEY = 'curated-settings';

export const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Español' },
  { value: 'fr', label: 'Français' },
] as const;
export const TIMEZONES = [
  { value: 'UTC', label: 'UTC' },
  { value: 'America/New_York', label: 'Eastern Time' },
  { value: 'America/Los_Angeles', label: 'Pacific Time' },
  { value: 'Europe/London', label: 'London' },
] as const;
export const EMAIL_FREQUENCIES = ['daily', 'weekly', 'monthly', 'never'] as const;
export const EXPORT_FORMATS = ['json', 'csv', 'xml'] as const;

export interface LocalSettings {
  language: (typeof LANGUAGES)[number]['value'];
  timezone: (typeof TIMEZONES)[number]['value'];
  emailNotifications: boolean;
  emailFrequency: (typeof EMAIL_FREQUENCIES)[number];
  productUpdates: boolean;
  weeklyDigest: boolean;
  profileVisible: boolean;
  usageAnalytics: boolean;
  exportFormat: (typeof EXPORT_FORMATS)[number];
  betaFeatures: boolean;
  developerMode: boolean;
}

export const DEFAULT_SETTINGS: LocalSettings = {
  language: 'en',
  timezone: 'UTC',
  emailNotifications: true,
  emailFrequency: 'weekly',
  productUpdates: true,
  weeklyDigest: false,
  profileVisible: true,
  usageAnalytics: false,
  exportFormat: 'json',
  betaFeatures: false,
  developerMode: false,
};

/** Reads stored settings, keeping only known keys with values of the right type. */
export function parseSettings(raw: string | null): LocalSettings {
  let stored: Record<string, unknown> = {};
  try {
    const v = raw ? JSON.parse(raw) : {};
    if (v && typeof v === 'object' && !Array.isArray(v)) stored = v;
  } catch {
    stored = {};
  }
  const out = { ...DEFAULT_SETTINGS } as Record<string, unknown>;
  for (const [k, def] of Object.entries(DEFAULT_SETTINGS)) {
    if (typeof stored[k] === typeof def) out[k] = stored[k];
  }
  const s = out as unknown as LocalSettings;
  if (!LANGUAGES.some((l) => l.value === s.language)) s.language = DEFAULT_SETTINGS.language;
  if (!TIMEZONES.some((t) => t.value === s.timezone)) s.timezone = DEFAULT_SETTINGS.timezone;
  if (!EMAIL_FREQUENCIES.includes(s.emailFrequency)) s.emailFrequency = DEFAULT_SETTINGS.emailFrequency;
  if (!EXPORT_FORMATS.includes(s.exportFormat)) s.exportFormat = DEFAULT_SETTINGS.exportFormat;
  return s;
}

function read(): LocalSettings {
  try {
    return parseSettings(localStorage.getItem(SETTINGS_KEY));
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

export function useLocalSettings() {
  const [settings, setSettings] = useState<LocalSettings>(read);
  const set = <K extends keyof LocalSettings>(key: K, value: LocalSettings[K]) => {
    setSettings((prev) => {
      const next = { ...prev, [key]: value };
      try {
        localStorage.setItem(SETTINGS_KEY, JSON.stringify(next));
      } catch {
        // Without storage the change lasts for this page only.
      }
      return next;
    });
  };
  return { settings, set };
}
