// /p/<slug>: a publication's public signup page (double opt-in: the answer is always "check your inbox")
// with the archive of its sent issues below the form.
import { useState, type FormEvent } from 'react';
import { MailCheck, Newspaper } from 'lucide-react';
import { ReaderLayout, ReaderNoticeIcon } from '../../components/reader-layout';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/errors';
import { useTitle } from '../../lib/use-title';
import { PublicationArchive } from '../archive';
import { trpc } from '../../trpc';
import { ErrorLine } from '../../components/error-line';

export function SignupPage({ slug }: { slug: string }) {
  const page = trpc.subscribers.publicPage.useQuery({ slug }, { retry: false });
  // A reader's page is the publication's, on every plan: its title does not name the product.
  useTitle(page.data ? `Subscribe to ${page.data.name}` : 'Subscribe', { bare: true });
  const signup = trpc.subscribers.signup.useMutation();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    signup.mutate({ slug, email, name });
  };

  return (
    <ReaderLayout brand={page.data?.brand ?? (page.isError ? null : undefined)}>
      <div className="mx-auto max-w-xl px-4 py-16 text-center sm:px-6 sm:py-24">
        <ReaderNoticeIcon className="mx-auto">
          {signup.isSuccess ? <MailCheck className="size-7" aria-hidden /> : <Newspaper className="size-7" aria-hidden />}
        </ReaderNoticeIcon>
        {page.isLoading ? (
          <Spinner className="mx-auto mt-8" />
        ) : page.isError ? (
          <>
            <h1 className="mt-6 text-3xl font-semibold tracking-tight">Newsletter not found</h1>
            <p role="alert" className="mt-3 text-lg text-muted">
              {errorMessage(page.error)}
            </p>
          </>
        ) : (
          <>
            <h1 className="mt-6 text-3xl font-semibold tracking-tight sm:text-4xl">{page.data!.name}</h1>
            <p className="mt-3 text-lg text-muted">Get every new issue in your inbox. Free, and you can unsubscribe at any time.</p>
            {signup.isSuccess ? (
              <p
                role="status"
                className="mt-8 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-100"
              >
                {signup.data.message}
              </p>
            ) : (
              <form onSubmit={onSubmit} className="mt-8 grid gap-3 text-left sm:grid-cols-2" aria-label={`Subscribe to ${page.data!.name}`}>
                <div className="grid gap-1.5">
                  <Label htmlFor="signup-email">Email</Label>
                  <Input
                    id="signup-email"
                    type="email"
                    required
                    maxLength={254}
                    autoComplete="email"
                    placeholder="you@example.com"
                    value={email}
                    onChange={(e) => setEmail(e.target.value)}
                  />
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor="signup-name">First name (optional)</Label>
                  <Input id="signup-name" maxLength={200} autoComplete="given-name" value={name} onChange={(e) => setName(e.target.value)} />
                </div>
                <ErrorLine error={signup.error} className="text-sm text-red-600 sm:col-span-2 dark:text-red-400" />
                <Button type="submit" variant="reader" size="lg" className="sm:col-span-2" loading={signup.isPending}>
                  Subscribe
                </Button>
              </form>
            )}
            <PublicationArchive slug={slug} />
          </>
        )}
      </div>
    </ReaderLayout>
  );
}
