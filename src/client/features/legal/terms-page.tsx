import { SUPPORT_EMAIL } from '../../../shared/plans';
import { LegalPage } from './legal-layout';

export function TermsPage() {
  return (
    <LegalPage title="Terms of Service" updated="Nov 1, 2026">
      <section>
        <h2>Using Curated</h2>
        <p>
          Curated helps you gather articles from feeds you choose, assemble them into newsletters and send them. You must be at least 16 years old to create an
          account.
        </p>
      </section>
      <section>
        <h2>Your content</h2>
        <p>
          You keep the rights to what you write. Articles you curate belong to their publishers: our newsletters link to and cite the original source, and you
          are responsible for respecting their terms.
        </p>
      </section>
      <section>
        <h2>Plans and payment</h2>
        <ul>
          <li>The free plan needs no credit card.</li>
          <li>You can cancel at any time and keep access until the end of the billing period.</li>
          <li>We announce changes to fees at least 7 days before they apply.</li>
        </ul>
      </section>
      <section>
        <h2>Changes to these terms</h2>
        <p>We give at least 30 days’ notice before changes to these terms take effect.</p>
      </section>
      <section>
        <h2>Contact</h2>
        <p>
          Questions:{' '}
          <a className="text-indigo-600 underline dark:text-indigo-400" href={`mailto:${SUPPORT_EMAIL}`}>
            {SUPPORT_EMAIL}
          </a>
          . We reply within 24 hours.
        </p>
      </section>
    </LegalPage>
  );
}
