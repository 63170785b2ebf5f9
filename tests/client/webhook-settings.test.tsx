// Settings → Webhooks after the plan that includes them is gone: the upgrade note, and under it the
// endpoints the account kept, turned off with the reason, and their delivery logs with each failure's
// reason; no test event, turning on or resending (the server refuses them), but removing stays. On a plan
// with webhooks the same endpoint offers all of them.
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { WebhookSettings } from '../../src/client/features/settings/webhooks';
import { MSG } from '../../src/shared/messages';
import type { DeliveryDto, EndpointDto } from '../../src/shared/schemas/webhooks';
import { apiHarness, InRouter } from './api-harness';

const signedIn = vi.hoisted(() => ({ user: null as unknown }));
vi.mock('../../src/client/features/auth', () => ({ useCurrentUser: () => signedIn.user }));

const ENDPOINT_OFF = 'Turned off on 2026-12-02: webhooks are not part of the Basic plan. Upgrade to Pro, then turn it back on.';
const DELIVERY_FAILED = 'Not sent: webhooks are not part of the Basic plan.';

const endpoint: EndpointDto = {
  id: 'ep-1',
  url: 'https://crm.example.com/hooks',
  description: 'CRM sync',
  events: ['subscriber.created'],
  enabled: false,
  disabledReason: ENDPOINT_OFF,
  createdAt: '2026-11-30T10:00:00.000Z',
};
const delivery: DeliveryDto = {
  id: 'msg_1',
  event: 'subscriber.created',
  status: 'failed',
  attempts: 0,
  responseStatus: null,
  responseExcerpt: DELIVERY_FAILED,
  durationMs: null,
  createdAt: '2026-12-02T09:00:00.000Z',
  lastAttemptAt: null,
  nextAttemptAt: null,
};

function renderFor(planType: 'basic' | 'professional') {
  signedIn.user = { id: 'u1', role: 'user', planType, trialPlan: null, createdAt: '2026-01-01T00:00:00.000Z' };
  const api = apiHarness({ 'webhooks.list': () => [endpoint], 'webhooks.deliveries': () => [delivery] });
  render(
    <api.Providers>
      <InRouter path="/settings">
        <WebhookSettings />
      </InRouter>
    </api.Providers>,
  );
  return api;
}

describe('WebhookSettings', () => {
  it('a downgraded account sees its endpoint turned off with the reason, and the failed delivery with its reason', async () => {
    renderFor('basic');
    expect(await screen.findByText(ENDPOINT_OFF)).toBeTruthy();
    expect(screen.getByRole('link', { name: MSG.upgradeYourPlan })).toBeTruthy();
    const row = screen.getByTestId('webhook-endpoint');
    expect(within(row).getByText('Off')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Deliveries' }));
    const logged = await within(row).findByTestId('webhook-delivery');
    expect(within(logged).getByText('failed')).toBeTruthy();
    expect(within(logged).getByText(DELIVERY_FAILED)).toBeTruthy();
    expect(within(logged).queryByRole('button', { name: 'Resend' })).toBeNull();
    for (const name of ['Send test event', 'Turn on']) expect(within(row).queryByRole('button', { name })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Remove' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add endpoint' })).toBeNull();
  });

  it('on a plan with webhooks the endpoint can be turned on, tested and its deliveries resent', async () => {
    renderFor('professional');
    const row = await screen.findByTestId('webhook-endpoint');
    for (const name of ['Send test event', 'Turn on', 'Remove']) expect(within(row).getByRole('button', { name })).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Deliveries' }));
    expect(await within(row).findByRole('button', { name: 'Resend' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add endpoint' })).toBeTruthy();
  });
});
