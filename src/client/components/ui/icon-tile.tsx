// An icon on a tinted tile (a round badge above an empty list or a notice, a square one before a card's title):
// the tone's colours; its size and shape come from the caller. Decorative: the text beside it says the same.
import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';

const TONES = {
  brand: 'bg-indigo-50 text-indigo-600 dark:bg-indigo-500/10 dark:text-indigo-400',
  danger: 'bg-red-50 text-red-600 dark:bg-red-500/10 dark:text-red-400',
} as const;

interface IconTileProps {
  icon: LucideIcon;
  tone?: keyof typeof TONES;
  /** The tile's size and shape ('size-12 rounded-full'). */
  className: string;
  /** The icon's size. */
  iconClassName?: string;
}

export function IconTile({ icon: Icon, tone = 'brand', className, iconClassName = 'size-6' }: IconTileProps) {
  return (
    <span className={cn('inline-flex items-center justify-center', TONES[tone], className)}>
      <Icon className={iconClassName} aria-hidden />
    </span>
  );
}
