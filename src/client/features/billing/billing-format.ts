// How billing figures read on /billing: amounts as $1,234.50 and the status names of the badges.
import type { SubscriptionStatus } from '../../../shared/schemas/billing';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

export function formatUsd(amount: number): string {
  return usd.format(amount);
}

/** An amount in the currency Stripe charged it in (ISO code, any case). */
export function formatMoney(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  return code === 'USD' ? usd.format(amount) : new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(amount);
}

export const STATUS_LABELS: Record<SubscriptionStatus, string> = { active: 'Active', canceled: 'Canceled', past_due: 'Past due' };
