// Every feature a plan is sold with is either backed by a capability the server reads, included from
// a lower plan, a service people deliver, or marked 'Coming soon'. Adding an unbuilt feature without
// the flag makes this fail.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CAPABILITIES, PLAN_TYPES, type Capabilities } from '../../../src/shared/plans';
import { PLAN_LIST, isComingSoon, type PlanFeature } from '../../../src/shared/plan-offers';

const serverDir = path.resolve(__dirname, '../../../src/server');
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [readFileSync(p, 'utf8')] : [];
  });
}
const serverCode = sources(serverDir).join('\n');

/** The server reads the capability off a capabilities object (`capabilitiesFor(user).analytics`, `c.exports`). */
const serverReads = (key: keyof Capabilities) => new RegExp(`\\.${key}\\b`).test(serverCode);

const granted = (v: Capabilities[keyof Capabilities]) => (Array.isArray(v) ? v.length > 0 : typeof v === 'number' ? v > 0 : v === true);

/** Promises kept by people, not software; adding one is a deliberate change of this list. */
const PEOPLE_PROMISES = ['Basic support', 'Dedicated account manager', 'SLA', 'On-premise deployment'];

/** A higher plan has at least every capability of the plan it says it includes. */
function covers(high: Capabilities, low: Capabilities): boolean {
  return (Object.keys(low) as (keyof Capabilities)[]).every((k) => {
    const a = high[k];
    const b = low[k];
    if (Array.isArray(b)) return (b as readonly string[]).every((x) => (a as readonly string[]).includes(x));
    if (typeof b === 'number') return (a as number) >= b;
    return a === b || a === true;
  });
}

const all: { plan: string; feature: PlanFeature }[] = PLAN_LIST.flatMap((o) => o.features.map((feature) => ({ plan: o.id, feature })));

describe('plan features are true or marked coming soon', () => {
  it.each(all.map(({ plan, feature }) => [plan, feature.text, feature] as const))('%s: %s', (plan, _text, feature) => {
    const b = feature.basis;
    switch (b.kind) {
      case 'comingSoon':
        expect(isComingSoon(feature)).toBe(true);
        return;
      case 'capability':
        expect(serverReads(b.capability), `nothing in src/server reads ${b.capability}`).toBe(true);
        expect(granted(CAPABILITIES[plan as (typeof PLAN_TYPES)[number]][b.capability]), `${plan} lacks ${b.capability}`).toBe(true);
        return;
      case 'includes':
        expect(PLAN_TYPES.indexOf(b.plan)).toBeLessThan(PLAN_TYPES.indexOf(plan as (typeof PLAN_TYPES)[number]));
        expect(covers(CAPABILITIES[plan as (typeof PLAN_TYPES)[number]], CAPABILITIES[b.plan])).toBe(true);
        return;
      case 'service':
        expect(PEOPLE_PROMISES).toContain(feature.text);
        return;
      case 'operatorModels':
        // The plan has the AI tools the models write for, and the copy says they depend on the workspace.
        expect(CAPABILITIES[plan as (typeof PLAN_TYPES)[number]].aiTools).toBe(true);
        expect(feature.note).toMatch(/^when your workspace enables (it|them)$/);
        expect(serverCode).toContain('m.plans.includes(plan)');
        return;
    }
  });

  it('every feature the plans sell is built: none is marked coming soon today', () => {
    expect(all.filter(({ feature }) => isComingSoon(feature)).map(({ feature }) => feature.text)).toEqual([]);
  });

  it('the check itself catches a capability nothing enforces', () => {
    expect(serverReads('noSuchCapability' as keyof Capabilities)).toBe(false);
    expect(serverReads('apiAccess')).toBe(true);
    expect(serverReads('analytics')).toBe(true);
    // Saved themes are built: the server reads both their switch and their cap.
    expect(serverReads('customThemes')).toBe(true);
    expect(serverReads('maxCustomThemes')).toBe(true);
    // Subject tests are built: Business sells them as 'A/B testing'.
    expect(serverReads('subjectTests')).toBe(true);
    expect(all.find(({ feature }) => feature.text === 'A/B testing')?.feature.basis).toEqual({ kind: 'capability', capability: 'subjectTests' });
    // White-label is built: Enterprise's issues and readers' pages, and its custom domain.
    expect(serverReads('whiteLabel')).toBe(true);
  });
});
