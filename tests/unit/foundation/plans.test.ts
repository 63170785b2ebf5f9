import { describe, it, expect } from 'vitest';
import {
  CAPABILITIES,
  PLAN_LABELS,
  THEME_CAPS,
  UNLIMITED,
  canUseThemeTier,
  capabilitiesFor,
  channelLimitFor,
  cheapestPlanWithExport,
  effectivePlan,
  formatTrialLabel,
  isStaff,
  normalizePlan,
  normalizeRole,
  themeRankOf,
  trialDaysLeft,
} from '../../../src/shared/plans';
import { formatLimit } from '../../../src/shared/plan-offers';

const DAY = 24 * 60 * 60 * 1000;

describe('capabilities per plan (spec §6)', () => {
  it('free: 1 newsletter, 1 channel, nothing extra, txt/md/pdf exports', () => {
    expect(CAPABILITIES.free).toMatchObject({
      maxNewsletters: 1,
      maxChannels: 1,
      aiTools: false,
      analytics: false,
      customThemes: false,
      maxCustomThemes: 0,
      emailManagement: false,
      apiAccess: false,
    });
    expect(CAPABILITIES.free.integrations).toEqual([]);
    expect(CAPABILITIES.free.exports).toEqual(['txt', 'md', 'pdf']);
  });

  it('basic: 3 newsletters, 3 channels, AI tools, brevo and smtp, email management, no analytics or custom themes', () => {
    expect(CAPABILITIES.basic).toMatchObject({
      maxNewsletters: 3,
      maxChannels: 3,
      aiTools: true,
      analytics: false,
      customThemes: false,
      emailManagement: true,
    });
    expect(CAPABILITIES.basic.integrations).toEqual(['brevo', 'smtp']);
  });

  it('professional: unlimited newsletters and channels, analytics, all integrations, up to 10 custom themes', () => {
    const p = CAPABILITIES.professional;
    expect(p).toMatchObject({
      maxNewsletters: UNLIMITED,
      maxChannels: UNLIMITED,
      aiTools: true,
      analytics: true,
      customThemes: true,
      maxCustomThemes: 10,
      emailManagement: true,
      apiAccess: false,
    });
    // Decided: professional gets every platform (its offer sells "All integrations").
    expect(p.integrations).toEqual(['brevo', 'mailchimp', 'mailerlite', 'beehiiv']);
    expect(p.exports).not.toContain('html');
  });

  it('business has a real row: professional plus unlimited custom themes and API access (not free)', () => {
    const b = CAPABILITIES.business;
    expect(b.maxChannels).toBe(UNLIMITED);
    expect(b.analytics).toBe(true);
    expect(b.maxCustomThemes).toBe(UNLIMITED);
    expect(b.apiAccess).toBe(true);
    expect(b.subjectTests).toBe(true);
    expect(CAPABILITIES.professional.subjectTests).toBe(false);
    expect(CAPABILITIES.enterprise.subjectTests).toBe(true);
    expect(b).not.toEqual(CAPABILITIES.free);
  });

  it('enterprise adds html, docx and epub exports and unlimited custom themes', () => {
    expect(CAPABILITIES.enterprise.exports).toEqual(expect.arrayContaining(['txt', 'md', 'pdf', 'html', 'docx', 'epub']));
    expect(CAPABILITIES.enterprise.maxCustomThemes).toBe(UNLIMITED);
    expect(cheapestPlanWithExport('pdf')).toBe('free');
    expect(cheapestPlanWithExport('docx')).toBe('enterprise');
  });
});

describe('channel limits', () => {
  it.each([
    [{ role: 'user', planType: 'free' }, 1],
    [{ role: 'user', planType: 'basic' }, 3],
    [{ role: 'user', planType: 'professional' }, UNLIMITED],
    [{ role: 'user', planType: 'premium' }, UNLIMITED],
    [{ role: 'user', planType: 'business' }, UNLIMITED],
    [{ role: 'user', planType: 'enterprise' }, UNLIMITED],
    [{ role: 'admin', planType: 'free' }, UNLIMITED],
    [{}, 1],
  ])('%o -> %s', (user, limit) => {
    expect(channelLimitFor(user)).toBe(limit);
  });

  it('formats unlimited as "Unlimited"', () => {
    expect(formatLimit(UNLIMITED)).toBe('Unlimited');
    expect(formatLimit(3)).toBe('3');
  });
});

describe('theme ranks and access', () => {
  it('ranks free 0, basic 1, professional/premium 2, business 3, admin/enterprise 4; unknown 0', () => {
    expect(['free', 'basic', 'professional', 'premium', 'business', 'admin', 'enterprise', 'platinum', undefined].map(themeRankOf)).toEqual([
      0, 1, 2, 2, 3, 4, 4, 0, 0,
    ]);
  });

  it('a plan reaches its own tier and the ones below, not above', () => {
    expect(canUseThemeTier({ planType: 'basic' }, 'free')).toBe(true);
    expect(canUseThemeTier({ planType: 'basic' }, 'basic')).toBe(true);
    expect(canUseThemeTier({ planType: 'basic' }, 'professional')).toBe(false);
    expect(canUseThemeTier({ planType: 'professional' }, 'business')).toBe(false);
    expect(canUseThemeTier({ planType: 'business' }, 'business')).toBe(true);
    expect(canUseThemeTier({ planType: 'business' }, 'admin')).toBe(false);
    expect(canUseThemeTier({ planType: 'enterprise' }, 'admin')).toBe(true);
  });

  it('admins use every tier; staff who are not admin do not bypass', () => {
    expect(canUseThemeTier({ role: 'admin', planType: 'free' }, 'admin')).toBe(true);
    expect(canUseThemeTier({ role: 'manager', planType: 'free' }, 'basic')).toBe(false);
  });

  it('an unknown plan is treated as free', () => {
    expect(canUseThemeTier({ planType: 'gold' }, 'basic')).toBe(false);
    expect(canUseThemeTier({ planType: 'gold' }, 'free')).toBe(true);
  });

  it('theme caps: free 2, basic 3, professional 10, business/enterprise/admin unlimited; labels', () => {
    expect(THEME_CAPS).toEqual({ free: 2, basic: 3, professional: 10, business: UNLIMITED, enterprise: UNLIMITED, admin: UNLIMITED });
    expect(PLAN_LABELS).toEqual({ free: 'Free', basic: 'Basic', professional: 'Pro', business: 'Business', enterprise: 'Enterprise' });
  });
});

describe('defaults never grant a privilege', () => {
  it('unknown or missing plan is free; premium is professional', () => {
    expect(normalizePlan(undefined)).toBe('free');
    expect(normalizePlan(null)).toBe('free');
    expect(normalizePlan('gold')).toBe('free');
    expect(normalizePlan('premium')).toBe('professional');
    expect(capabilitiesFor({ planType: 'gold' })).toBe(CAPABILITIES.free);
  });

  it('missing or unknown role is user and not staff', () => {
    expect(normalizeRole(undefined)).toBe('user');
    expect(normalizeRole('root')).toBe('user');
    expect(isStaff(undefined)).toBe(false);
    expect(isStaff('user')).toBe(false);
    expect(['admin', 'manager', 'supervisor'].every(isStaff)).toBe(true);
  });

  it('admin is enterprise whatever the stored plan; other staff keep their plan', () => {
    expect(effectivePlan({ role: 'admin', planType: 'free' })).toBe('enterprise');
    expect(effectivePlan({ role: 'manager', planType: 'basic' })).toBe('basic');
    expect(effectivePlan({})).toBe('free');
  });
});

describe('free trial (spec §9)', () => {
  const created = new Date('2026-01-01T00:00:00Z');

  it('is 7 days from creation, rounded up', () => {
    expect(trialDaysLeft(created, created)).toBe(7);
    expect(trialDaysLeft(created, new Date(created.getTime() + 1))).toBe(7);
    expect(trialDaysLeft(created, new Date(created.getTime() + DAY + 1))).toBe(6);
    expect(trialDaysLeft(created, new Date(created.getTime() + 6 * DAY + 1))).toBe(1);
    expect(trialDaysLeft(created.toISOString(), new Date(created.getTime() + 2.5 * DAY))).toBe(5);
  });

  it('never goes below 0', () => {
    expect(trialDaysLeft(created, new Date(created.getTime() + 7 * DAY))).toBe(0);
    expect(trialDaysLeft(created, new Date(created.getTime() + 40 * DAY))).toBe(0);
  });

  it("labels 'N day(s) left'", () => {
    expect(formatTrialLabel(1)).toBe('1 day left');
    expect(formatTrialLabel(5)).toBe('5 days left');
    expect(formatTrialLabel(0)).toBe('0 days left');
  });
});
