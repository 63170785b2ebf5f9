// /p/<slug>/confirm?token=…: the link of the double opt-in mail. Opening it confirms the subscription
// (the token is the proof), then says so, or says why it could not.
import { useEffect, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { CheckCircle2, MailX } from 'lucide-react';
import { ReaderLayout, ReaderNoticeIcon } from '../../components/reader-layout';
import { buttonClass } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/errors';
import { useTitle } from '../../lib/use-title';
import { trpc } from '../../trpc';

const NO_TOKEN = 'This confirmation link is not valid.';

export function ConfirmPage({ slug, token }: { slug: string; token: string }) {
  // The page wears the publication's brand (name, logo, accent), on every plan.
  const page = trpc.subscribers.publicPage.useQuery({ slug }, { retry: false });
  useTitle('Confirm your subscription', { bare: true });
  const confirm = trpc.subscribers.confirm.useMutation();
  const started = useRef(false);
  const { mutate } = confirm;
  useEffect(() => {
    // One request per visit, even when React runs effects twice in development.
    if (started.current || !token) return;
    started.current = true;
    mutate({ slug, token });
  }, [mutate, slug, token]);

  const failed = !token || confirm.isError;
  return (
    <ReaderLayout brand={page.data?.brand ?? (page.isError ? null : undefined)}>
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:px-6">
        <ReaderNoticeIcon>{failed ? <MailX className="size-7" aria-hidden /> : <CheckCircle2 className="size-7" aria-hidden />}</ReaderNoticeIcon>
        {failed ? (
          <>
            <h1 className="mt-6 text-3xl font-semibold tracking-tight">Subscription not confirmed</h1>
            <p role="alert" className="mt-3 text-lg text-muted">
              {token ? errorMessage(confirm.error) : NO_TOKEN}
            </p>
            <Link to="/p/$slug" params={{ slug }} className={buttonClass('reader', 'md', 'mt-8')}>
              Go to the signup page
            </Link>
          </>
        ) : confirm.isSuccess ? (
          <>
            <h1 className="mt-6 text-3xl font-semibold tracking-tight">
              {confirm.data.status === 'confirmed' ? 'Subscription confirmed' : 'Already subscribed'}
            </h1>
            <p role="status" className="mt-3 text-lg text-muted">
              {confirm.data.message}
            </p>
            <Link to="/p/$slug" params={{ slug }} className={buttonClass('outline', 'md', 'mt-8')}>
              Past issues of {confirm.data.name}
            </Link>
          </>
        ) : (
          <Spinner className="mt-8" />
        )}
      </div>
    </ReaderLayout>
  );
}
