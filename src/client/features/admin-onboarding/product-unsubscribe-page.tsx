// The page behind the unsubscribe links of the product's own mail (onboarding e-mails, product news).
// Opening it changes nothing (mail scanners open links); the button is a plain form POST to the same
// address mail clients use for one-click unsubscribe, so it works before the page's script has loaded.
import { CheckCircle2, MailX } from 'lucide-react';
import { PublicLayout, NoticeIcon } from '../../components/public-layout';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/errors';
import { useTitle } from '../../lib/use-title';
import { trpc } from '../../trpc';

const INVALID = 'This unsubscribe link is not valid. If you copied it, check that it is complete.';
const LIST = {
  onboarding: { name: 'onboarding e-mails', path: '/api/onboarding/unsubscribe', what: 'the tips we send in your first days' },
  news: { name: 'product news', path: '/api/product-news/unsubscribe', what: 'product news from Curated' },
} as const;

export function ProductUnsubscribePage({ list, token, done }: { list: string; token: string; done: string | undefined }) {
  useTitle('Unsubscribe');
  const kind = list === 'onboarding' || list === 'news' ? list : null;
  const info = trpc.onboarding.unsubscribeInfo.useQuery({ list: kind ?? 'news', token }, { enabled: !!kind && token.length > 0, retry: false });
  const l = kind ? LIST[kind] : null;
  const unsubscribed = done === '1' || info.data?.unsubscribed;
  const already = done === 'already' || (!done && info.data?.unsubscribed);
  return (
    <PublicLayout>
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:px-6">
        <NoticeIcon>{unsubscribed ? <CheckCircle2 className="size-7" aria-hidden /> : <MailX className="size-7" aria-hidden />}</NoticeIcon>
        {!token || !l || info.isError ? (
          <>
            <h1 className="mt-6 text-3xl font-semibold tracking-tight">Unsubscribe</h1>
            <p role="alert" className="mt-3 text-lg text-muted">
              {token && l ? errorMessage(info.error, INVALID) : INVALID}
            </p>
          </>
        ) : info.isLoading ? (
          <Spinner className="mt-8" />
        ) : unsubscribed ? (
          <>
            <h1 className="mt-6 text-3xl font-semibold tracking-tight">{already ? 'You were already unsubscribed' : 'You are unsubscribed'}</h1>
            <p className="mt-3 text-lg text-muted">
              {info.data!.email} will get no more {l.name}. {kind === 'news' && 'You can turn product news back on in your settings.'}
            </p>
          </>
        ) : (
          <>
            <h1 className="mt-6 text-3xl font-semibold tracking-tight">Unsubscribe from {l.name}?</h1>
            <p className="mt-3 text-lg text-muted">
              {info.data!.email} will no longer get {l.what}. Mail about your account and your own newsletters is not affected.
            </p>
            <form method="post" action={`${l.path}/${encodeURIComponent(token)}`} className="mt-8">
              <Button type="submit" size="lg">
                Unsubscribe
              </Button>
            </form>
          </>
        )}
      </div>
    </PublicLayout>
  );
}
