// The landing page's price list is plans.ts: all five plans with their prices, limits and every feature
// they are sold with; the features the paid plans are bought for (analytics, saved themes, subject
// tests, API access) are named on the page. The help pages' plan answer comes from the same list.
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { LandingPage } from '../../src/client/features/landing/landing-page';
import { HELP_FAQ, QUICK_START_FAQ } from '../../src/client/features/help/faq-data';
import { PLAN_TYPES } from '../../src/shared/plans';
import { PLAN_LIST, keyLimits } from '../../src/shared/plan-offers';
import { apiHarness, InRouter } from './api-harness';

function renderLanding() {
  const api = apiHarness({});
  render(
    <api.Providers>
      <InRouter path="/">
        <LandingPage />
      </InRouter>
    </api.Providers>,
  );
}

describe('landing price list', () => {
  it('shows every plan of plans.ts, in rank order, with its price, limits and sold features', async () => {
    renderLanding();
    const pricing = (await screen.findByRole('heading', { name: 'Launch pricing for the first 50 users' })).closest('section')!;
    const cards = within(pricing).getAllByRole('region');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['Free', 'Basic', 'Professional', 'Business', 'Enterprise']);
    expect(PLAN_LIST.map((p) => p.id)).toEqual([...PLAN_TYPES]);
    for (const plan of PLAN_LIST) {
      const card = within(pricing).getByRole('region', { name: plan.name });
      expect(within(card).getByRole('heading', { name: plan.name })).toBeTruthy();
      expect(card.textContent).toContain(plan.monthlyPrice === null ? plan.priceLabel : `$${plan.monthlyPrice}`);
      const limits = within(card).getByRole('list', { name: `${plan.name} limits` });
      for (const l of keyLimits(plan.id)) expect(limits.textContent, `${plan.id}: ${l}`).toContain(l);
      for (const f of plan.features) {
        const item = within(card)
          .getAllByRole('listitem')
          .find((li) => li.textContent?.startsWith(f.text));
        expect(item, `${plan.id} sells "${f.text}"`).toBeTruthy();
        if (f.note) expect(item!.textContent).toContain(f.note);
      }
    }
    // A trial is offered only where one exists (Basic, Professional); Business creates the account, then goes to its checkout page.
    const trials = within(pricing)
      .getAllByRole('link', { name: 'Start 7-day free trial' })
      .map((l) => l.closest('section')?.getAttribute('aria-label'));
    expect(trials).toEqual(['Basic', 'Professional']);
    expect(
      within(within(pricing).getByRole('region', { name: 'Business' }))
        .getByRole('link', { name: 'Get Started' })
        .getAttribute('href'),
    ).toBe('/auth?mode=signup&plan=business');
    // Free and every "Get Started" outside the plans open account creation, not sign-in.
    expect(
      within(within(pricing).getByRole('region', { name: 'Free' }))
        .getByRole('link', { name: 'Get Started' })
        .getAttribute('href'),
    ).toBe('/auth?mode=signup');
    expect(within(pricing).getByRole('region', { name: 'Basic' }).querySelector('a')?.getAttribute('href')).toBe('/trial-signup?plan=basic');
    // Enterprise says it includes Business: Business is on the list beside it.
    expect(within(pricing).getByRole('region', { name: 'Enterprise' }).textContent).toContain('Everything in Business');
    expect(within(pricing).getByRole('region', { name: 'Business' }).textContent).toContain('$39');
  });

  it('names analytics, saved themes, subject tests and API access', async () => {
    renderLanding();
    const main = await screen.findByRole('main');
    for (const words of [/analytics/i, /saved themes/i, /subject tests/i, /API access/]) expect(main.textContent).toMatch(words);
    expect(within(main).getByRole('heading', { name: /Analytics/ })).toBeTruthy();
  });

  it("the help pages' plan answer names every plan and its price from plans.ts", () => {
    for (const faq of [QUICK_START_FAQ, HELP_FAQ]) {
      const answer = faq.find((q) => q.question === 'What do the plans include?')?.answer;
      if (!answer) continue;
      for (const plan of PLAN_LIST) expect(answer).toContain(`${plan.name} (${plan.priceLabel})`);
    }
    expect([...QUICK_START_FAQ, ...HELP_FAQ].some((q) => q.question === 'What do the plans include?')).toBe(true);
  });
});
