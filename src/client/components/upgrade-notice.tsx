// The notice a page shows instead of a feature the user's plan does not include, with the way to upgrade.
import { Link } from '@tanstack/react-router';
import { Lock } from 'lucide-react';
import { buttonClass } from './ui/button';
import { MSG } from '../../shared/messages';

export function UpgradeNotice({ message }: { message: string }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border border-zinc-200 bg-white px-6 py-14 text-center dark:border-zinc-800 dark:bg-zinc-900/60">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 dark:bg-indigo-500/10 dark:text-indigo-400">
        <Lock className="size-6" aria-hidden />
      </span>
      <p className="max-w-md text-sm text-zinc-700 dark:text-zinc-300">{message}</p>
      <Link to="/upgrade" className={buttonClass('primary')}>
        {MSG.upgradeYourPlan}
      </Link>
    </div>
  );
}
