// The page of the mailed Approve link: it shows the prepared issue and its pre-send check, approves only
// when the creator presses the button (a POST; mail scanners fetch links with GET, and reading the page
// changes nothing), then shows what was sent.
import { Link } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { trpc } from '../../trpc';
import { PrecheckFindings } from '../workflow';
import { ErrorLine } from '../../components/error-line';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Stories({ stories }: { stories: { title: string; url: string }[] }) {
  return (
    <ul className="list-disc pl-5">
      {stories.map((s) => (
        <li key={s.url} className="break-words">
          {s.title}
        </li>
      ))}
    </ul>
  );
}

export function ApprovePage({ token }: { token: string }) {
  const pending = trpc.recurring.pending.useQuery({ token }, { enabled: Boolean(token), retry: false, refetchOnWindowFocus: false });
  const approve = trpc.recurring.approve.useMutation();
  const done = approve.data;
  const issue = pending.data;
  return (
    <main className="mx-auto grid max-w-2xl min-w-0 gap-4 p-6 text-sm">
      <PageHeader title="Approve your issue" />
      {!token && <p role="alert">{'This approval link is not complete. Open it again from the e-mail.'}</p>}
      {token && pending.isPending && (
        <p className="flex items-center gap-2 text-muted">
          <Spinner /> Opening the issue…
        </p>
      )}
      {token && pending.error && !done && <ErrorLine error={pending.error} />}
      {issue && !done && (
        <>
          <section className="grid gap-2" aria-labelledby="approve-issue">
            <h2 id="approve-issue" className="font-medium text-zinc-900 dark:text-zinc-100">
              {issue.publicationName}: “{issue.subject}”
            </h2>
            <Stories stories={issue.stories} />
            <p className="text-muted">
              {issue.autoSendAt
                ? `If you do not answer, it is sent on ${when(issue.autoSendAt)}.`
                : `Nothing is sent until you approve it. The link works until ${when(issue.expiresAt)}.`}
            </p>
          </section>
          <section className="grid gap-2" aria-labelledby="approve-check">
            <h2 id="approve-check" className="font-medium text-zinc-900 dark:text-zinc-100">
              Check before sending
            </h2>
            {issue.precheck ? (
              <>
                <p className="text-xs text-muted">Checked when the issue was prepared ({when(issue.precheck.checkedAt)}). Approving checks it again.</p>
                <PrecheckFindings result={issue.precheck} />
              </>
            ) : (
              <p className="text-muted">This issue has not been checked yet. Approving checks it before it goes.</p>
            )}
          </section>
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={() => approve.mutate({ token })} loading={approve.isPending}>
              Approve and send
            </Button>
            {issue.newsletterId && (
              <Link to="/newsletters" search={{ edit: issue.newsletterId }} className="text-indigo-700 hover:underline dark:text-indigo-300">
                Edit it first
              </Link>
            )}
          </div>
          <ErrorLine error={approve.error} />
        </>
      )}
      {done && (
        <section aria-live="polite" className="grid gap-2" data-testid="approval-result">
          <p className="font-medium">{done.message}</p>
          <p>
            {done.publicationName}: “{done.subject}”
          </p>
          <Stories stories={done.stories} />
          <Link to="/publications" className="text-indigo-700 hover:underline dark:text-indigo-300">
            Go to your publications
          </Link>
        </section>
      )}
    </main>
  );
}
