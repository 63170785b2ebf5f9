import { SUPPORT_EMAIL } from '../../../shared/plans';
import { LegalPage } from './legal-layout';

export function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy" updated="Nov 1, 2026">
      <section>
        <h2>What we store</h2>
        <ul>
          <li>Your account: name, email address, username, avatar and plan.</li>
          <li>Your work: publications, chosen channels and articles, drafts.</li>
          <li>Security records: sign-in sessions and one-time codes, kept only as long as they are valid.</li>
        </ul>
      </section>
      <section>
        <h2>How we protect it</h2>
        <p>
          Data is encrypted in transit and at rest. Passwords are stored only as strong one-way hashes, and API keys for your email providers are encrypted.
        </p>
      </section>
      <section>
        <h2>What we never do</h2>
        <p>We do not sell your data or your subscribers’ addresses. Settings marked “on this device” never leave your browser.</p>
      </section>
      <section>
        <h2>Your choices</h2>
        <p>
          You can change your profile at any time and ask us to export or delete your data: write to{' '}
          <a className="text-indigo-600 underline dark:text-indigo-400" href={`mailto:${SUPPORT_EMAIL}`}>
            {SUPPORT_EMAIL}
          </a>
          .
        </p>
      </section>
    </LegalPage>
  );
}
