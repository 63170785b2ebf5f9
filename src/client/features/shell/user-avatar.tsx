import { cn } from '../../lib/cn';
import { initialOf } from '../../lib/format';

export function UserAvatar({ name, email, avatar, large }: { name?: string | null; email?: string | null; avatar?: string | null; large?: boolean }) {
  const size = large ? 'size-20 text-2xl' : 'size-8 text-sm';
  if (avatar) {
    return <img src={avatar} alt="" className={cn('shrink-0 rounded-full object-cover ring-1 ring-zinc-200 dark:ring-zinc-700', size)} />;
  }
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-indigo-500 to-violet-600 font-semibold text-white',
        size,
      )}
    >
      {initialOf(name, email)}
    </span>
  );
}
