// The page behind every issue's unsubscribe link. Opening it changes nothing (mail scanners open
// links); the button is a plain form POST to /u/<token>, the same endpoint mail clients use for
// one-click unsubscribe, so it works even before the page's script has loaded.
import { MailX, CheckCircle2 } from 'lucide-react';
import { ReaderLayout, ReaderNoticeIcon } from '../../components/reader-layout';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/errors';
import { useTitle } from '../../lib/use-title';
import { trpc } from '../../trpc';

export function UnsubscribePage({ token, done }: { token: string; done: boolean }) {
  const info = trpc.sends.unsubscribeInfo.useQuery({ token }, { enabled: token.length > 0, retry: false });
  useTitle('Unsubscribe', { bare: true });
  const unsubscribed = done || info.data?.status === 'unsubscribed';
  return (
    <ReaderLayout brand={info.data?.brand ?? (!token || info.isError ? null : undefined)}>
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:px-6">
        <ReaderNoticeIcon>{unsubscribed ? <CheckCircle2 className="size-7" aria-hidden /> : <MailX className="size-7" aria-hidden />}</ReaderNoticeIcon>
        {!token || info.isError ? (
          <>
            <h1 className="mt-6 text-3xl font-semibold tracking-tight">Unsubscribe</h1>
            <p role="alert" className="mt-3 text-lg text-muted">
              {token ? errorMessage(info.error) : 'This unsubscribe link is not valid. If you copied it, check that it is complete.'}
            </p>
          </>
        ) : info.isLoading ? (
          <Spinner className="mt-8" />
        ) : unsubscribed ? (
          <>
            <h1 className="mt-6 text-3xl font-semibold tracking-tight">You are unsubscribed</h1>
            <p className="mt-3 text-lg text-muted">
              {info.data!.email} will get no more issues of <strong className="text-zinc-900 dark:text-zinc-100">{info.data!.publicationName}</strong>.
            </p>
          </>
        ) : (
          <>
            <h1 className="mt-6 text-3xl font-semibold tracking-tight">Unsubscribe from {info.data!.publicationName}?</h1>
            <p className="mt-3 text-lg text-muted">{info.data!.email} will get no more issues of this newsletter.</p>
            <form method="post" action={`/u/${encodeURIComponent(token)}`} className="mt-8">
              <Button type="submit" variant="reader" size="lg">
                Unsubscribe
              </Button>
            </form>
          </>
        )}
      </div>
    </ReaderLayout>
  );
}
