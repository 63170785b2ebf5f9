// What a signed-in non-staff account sees on the blog's staff pages (the server refuses them too).
import { Link } from '@tanstack/react-router';
import { ShieldX } from 'lucide-react';
import type { ReactNode } from 'react';
import { MSG } from '../../../shared/messages';
import { PageHeader } from '../../components/page-header';
import { buttonClass } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { useCurrentUser } from '../auth';
import { IconTile } from '../../components/ui/icon-tile';

export function StaffForbidden({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <div
        role="alert"
        className="flex flex-col items-center gap-4 rounded-xl border border-zinc-200 bg-white px-6 py-14 text-center dark:border-zinc-800 dark:bg-zinc-900/60"
      >
        <IconTile icon={ShieldX} tone="danger" className="size-12 rounded-full" />
        <p className="font-medium text-zinc-900 dark:text-white">{MSG.forbidden}</p>
        <p className="max-w-md text-sm text-muted">The product's blog is written by staff. Published posts are on the public blog.</p>
        <Link to="/blog" className={buttonClass('primary')}>
          Read the blog
        </Link>
      </div>
    </>
  );
}

/** The page for staff, the forbidden view for everyone else. */
export function StaffOnly({ title, children }: { title: string; children: ReactNode }) {
  const user = useCurrentUser();
  if (!user) return <PageSpinner />;
  if (!user.isStaff) return <StaffForbidden title={title} />;
  return <>{children}</>;
}
