// The public list of a publication's sent issues, under its signup form, with the RSS feed link.
import { Rss } from 'lucide-react';
import { formatDate } from '../../lib/format';
import { trpc } from '../../trpc';

export function PublicationArchive({ slug }: { slug: string }) {
  const archive = trpc.sends.archive.useQuery({ slug }, { retry: false });
  if (!archive.data) return null;
  const { entries } = archive.data;
  return (
    <section id="past-issues" aria-labelledby="archive-heading" className="mt-12 scroll-mt-4 text-left">
      <div className="flex items-center justify-between gap-4 border-b border-zinc-200 pb-2 dark:border-zinc-800">
        <h2 id="archive-heading" className="text-lg font-semibold tracking-tight">
          Past issues
        </h2>
        <a href={`/p/${slug}/feed.xml`} className="flex items-center gap-1 text-sm font-medium text-(--ra) underline-offset-4 hover:underline">
          <Rss className="size-4" aria-hidden /> RSS
        </a>
      </div>
      {entries.length === 0 ? (
        <p className="mt-3 text-sm text-muted">No issues have been sent yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-zinc-100 dark:divide-zinc-800">
          {entries.map((e) => (
            <li key={e.id} className="flex items-baseline justify-between gap-4 py-2">
              <a href={e.url} className="font-medium text-zinc-900 hover:underline dark:text-zinc-100">
                {e.subject}
              </a>
              <time dateTime={e.sentAt} className="shrink-0 text-sm text-muted">
                {formatDate(e.sentAt)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
