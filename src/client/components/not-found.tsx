import { Link } from '@tanstack/react-router';
import { MSG } from '../../shared/messages';
import { useTitle } from '../lib/use-title';
import { buttonClass } from './ui/button';

export function NotFound() {
  useTitle('Page not found');
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-b from-white to-zinc-50 px-6 dark:from-zinc-950 dark:to-zinc-900">
      <div className="max-w-md text-center">
        <p className="bg-gradient-to-br from-indigo-500 to-violet-600 bg-clip-text text-7xl font-bold tracking-tighter text-transparent">404</p>
        <h1 className="mt-4 text-2xl font-semibold tracking-tight">Page not found</h1>
        <p className="mt-2 text-muted">{MSG.notFoundPage}</p>
        <Link to="/" className={buttonClass('primary', 'md', 'mt-8')}>
          {MSG.returnHome}
        </Link>
      </div>
    </main>
  );
}
