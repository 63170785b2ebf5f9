// The page of the mailed Approve link: it approves only when the creator presses the button (a POST;
// mail scanners fetch links with GET), then shows what was sent.
import { Link } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';

export function ApprovePage({ token }: { token: string }) {
  const approve = trpc.recurring.approve.useMutation();
  const done = approve.data;
  return (
    <main className="mx-auto grid max-w-xl gap-4 p-6 text-sm">
      <PageHeader title="Approve your issue" />
      {!token && <p role="alert">{'This approval link is not complete. Open it again from the e-mail.'}</p>}
      {token && !done && (
        <>
          <p>Your recurring issue is prepared. Approve it to send it to your subscribers now.</p>
          <div>
            <Button onClick={() => approve.mutate({ token })} loading={approve.isPending}>
              Approve and send
            </Button>
          </div>
          {approve.error && (
            <p role="alert" className="text-red-700 dark:text-red-300">
              {errorMessage(approve.error)}
            </p>
          )}
        </>
      )}
      {done && (
        <section aria-live="polite" className="grid gap-2" data-testid="approval-result">
          <p className="font-medium">{done.message}</p>
          <p>
            {done.publicationName}: “{done.subject}”
          </p>
          <ul className="list-disc pl-5">
            {done.stories.map((s) => (
              <li key={s.url}>{s.title}</li>
            ))}
          </ul>
          <Link to="/publications" className="text-indigo-700 hover:underline dark:text-indigo-300">
            Go to your publications
          </Link>
        </section>
      )}
    </main>
  );
}
