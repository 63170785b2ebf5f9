// The notice a page shows instead of a feature the user's plan does not include, with the way to upgrade.
// `compact` is the same notice in a row, for a feature that is one part of a page (the workflow's AI tools
// once Free's taste is used); `detail` is a second line (how many are left, when it renews).
import { Link } from '@tanstack/react-router';
import { Lock } from 'lucide-react';
import { buttonClass } from './ui/button';
import { MSG } from '../../shared/messages';
import { IconTile } from './ui/icon-tile';

export function UpgradeNotice({ message, detail, compact = false }: { message: string; detail?: string; compact?: boolean }) {
  if (compact)
    return (
      <div
        role="note"
        className="flex flex-col gap-3 rounded-lg border border-zinc-200 bg-white p-4 sm:flex-row sm:items-center dark:border-zinc-800 dark:bg-zinc-900/60"
      >
        <IconTile icon={Lock} className="size-9 shrink-0 rounded-full" iconClassName="size-4" />
        <div className="grid flex-1 gap-0.5 text-sm">
          <p className="text-zinc-800 dark:text-zinc-200">{message}</p>
          {detail && <p className="text-muted">{detail}</p>}
        </div>
        <Link to="/upgrade" className={buttonClass('primary', 'md', 'shrink-0 self-start sm:self-center')}>
          {MSG.upgradeYourPlan}
        </Link>
      </div>
    );
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border border-zinc-200 bg-white px-6 py-14 text-center dark:border-zinc-800 dark:bg-zinc-900/60">
      <IconTile icon={Lock} className="size-12 rounded-full" />
      <p className="max-w-md text-sm text-zinc-700 dark:text-zinc-300">{message}</p>
      {detail && <p className="max-w-md text-sm text-muted">{detail}</p>}
      <Link to="/upgrade" className={buttonClass('primary')}>
        {MSG.upgradeYourPlan}
      </Link>
    </div>
  );
}
