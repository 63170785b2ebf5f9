import { Link } from '@tanstack/react-router';
import { MailCheck } from 'lucide-react';
import { PublicLayout, NoticeIcon } from '../../components/public-layout';
import { buttonClass } from '../../components/ui/button';
import { useTitle } from '../../lib/use-title';

export function ThankYouPage() {
  useTitle('Thank you');
  return (
    <PublicLayout>
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:px-6">
        <NoticeIcon>
          <MailCheck className="size-7" aria-hidden />
        </NoticeIcon>
        <h1 className="mt-6 text-3xl font-semibold tracking-tight">Thank you!</h1>
        <p className="mt-3 text-lg text-muted">
          Your newsletter guide is on its way. Check your inbox in a few minutes, and your spam folder if it has not arrived.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/" className={buttonClass('outline')}>
            Back to Home
          </Link>
          <Link to="/auth" search={{ mode: 'signup' }} className={buttonClass('primary')}>
            Create your first newsletter
          </Link>
        </div>
      </div>
    </PublicLayout>
  );
}
