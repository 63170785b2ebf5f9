import { SUPPORT_EMAIL } from '../../../shared/plans';
import { LegalPage } from './legal-layout';

export function RefundPage() {
  return (
    <LegalPage title="Refund Policy" updated="Nov 1, 2026">
      <section>
        <h2>14-day money-back guarantee</h2>
        <p>If Curated is not right for you, ask for a refund within 14 days of your first purchase. The guarantee applies to your first purchase only.</p>
      </section>
      <section>
        <h2>How long it takes</h2>
        <p>We process refunds within 7 business days. Your payment provider then needs another 5-10 days to show the money in your account.</p>
      </section>
      <section>
        <h2>Cancelling</h2>
        <p>You can cancel at any time. You keep access until the end of the billing period you paid for.</p>
      </section>
      <section>
        <h2>Ask for a refund</h2>
        <p>
          Write to{' '}
          <a className="text-indigo-600 underline dark:text-indigo-400" href={`mailto:${SUPPORT_EMAIL}?subject=Refund%20request`}>
            {SUPPORT_EMAIL}
          </a>{' '}
          from the address of your account.
        </p>
      </section>
    </LegalPage>
  );
}
