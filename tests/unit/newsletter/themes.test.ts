import { describe, it, expect } from 'vitest';
import { THEMES, getTheme, themesForUser, checkThemeCatalogue, type ThemeMeta } from '../../../src/shared/themes';
import { PLAN_TYPES, type ThemeTier } from '../../../src/shared/plans';

const TIERS: ThemeTier[] = ['free', 'basic', 'professional', 'business', 'admin'];

describe('theme catalogue', () => {
  it('has 18 unique themes at the decided levels (free 2, basic 1, professional 10, business 5)', () => {
    expect(THEMES).toHaveLength(18);
    expect(new Set(THEMES.map((t) => t.id)).size).toBe(18);
    const count = (tier: ThemeTier) => THEMES.filter((t) => t.subscription === tier).length;
    expect([count('free'), count('basic'), count('professional'), count('business')]).toEqual([2, 1, 10, 5]);
    const levels: Record<string, ThemeTier> = {
      newsprint: 'professional',
      'market-watch': 'free',
      'local-tribune': 'basic',
      corporate: 'business',
      tech: 'business',
      'sports-arena': 'professional',
      'rainbow-vibes': 'professional',
      'fun-and-friendly': 'business',
      education: 'professional',
      modern: 'professional',
      'startup-tech': 'professional',
      creative: 'professional',
      finance: 'professional',
      travel: 'professional',
      health: 'business',
      lifestyle: 'professional',
      'the-capitol-digest': 'business',
    };
    for (const [id, tier] of Object.entries(levels)) expect(getTheme(id)?.subscription, id).toBe(tier);
    expect(getTheme('nope')).toBeUndefined();
  });

  it('gives every theme its own masthead, web-safe fonts and valid colours', () => {
    expect(new Set(THEMES.map((t) => t.headerStyle)).size).toBe(18);
    for (const t of THEMES) {
      for (const c of [t.primaryColor, t.secondaryColor, t.accentColor]) expect(c, t.id).toMatch(/^#[0-9a-f]{6}$/i);
      expect(t.fontFamily).toMatch(/(serif|sans-serif|monospace)$/);
      expect(t.preview.length).toBeGreaterThan(10);
      expect(t.description.length).toBeGreaterThan(20);
    }
  });

  it('grants access by tier rank for every plan against every tier; admins and unknown plans', () => {
    const rank: Record<string, number> = { free: 0, basic: 1, professional: 2, business: 3, enterprise: 4, admin: 4 };
    for (const plan of PLAN_TYPES) {
      const locked = new Map(themesForUser({ role: 'user', planType: plan }).map((t) => [t.id, t.locked]));
      for (const tier of TIERS) {
        for (const t of THEMES.filter((x) => x.subscription === tier)) expect(locked.get(t.id), `${plan} -> ${t.id}`).toBe(rank[plan] < rank[tier]);
      }
    }
    expect(themesForUser({ role: 'admin', planType: 'free' }).every((t) => !t.locked)).toBe(true);
    const unknown = themesForUser({ role: 'user', planType: 'platinum' });
    expect(unknown.filter((t) => !t.locked).map((t) => t.subscription)).toEqual(['free', 'free']);
    expect(themesForUser(null).filter((t) => !t.locked)).toHaveLength(2);
    expect(themesForUser({ role: 'user', planType: 'premium' }).filter((t) => !t.locked)).toHaveLength(13);
  });

  it('self-check passes on the catalogue and logs the spec line when the count is off', () => {
    const warnings: string[] = [];
    const log = { warn: (m: string) => warnings.push(m) };
    expect(checkThemeCatalogue(log)).toBe(true);
    expect(warnings).toEqual([]);
    const eleven: ThemeMeta[] = [...THEMES, { ...THEMES[0], id: 'extra', subscription: 'professional' }];
    expect(checkThemeCatalogue(log, eleven)).toBe(false);
    expect(warnings).toEqual(['PROFESSIONAL PLAN REQUIRES EXACTLY 10 THEMES (FOUND 11)']);
  });
});
