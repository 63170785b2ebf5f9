// The shell's top bar: drawer button (narrow screens), plan badge, trial countdown, theme toggle,
// settings button and the user menu.
import { Link } from '@tanstack/react-router';
import { Clock, LogOut, Menu, Settings, User } from 'lucide-react';
import { PLAN_LABELS, formatTrialLabel } from '../../../shared/plans';
import type { UserDtoShape } from '../../../shared/schemas/user';
import { ThemeToggle, themeToggleLabel } from '../../components/theme-toggle';
import { useTheme } from '../../lib/theme';
import { Badge } from '../../components/ui/badge';
import { buttonClass } from '../../components/ui/button';
import { Tooltip } from '../../components/ui/tooltip';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { UserAvatar } from './user-avatar';
import { useSignOut } from './use-sign-out';

/** Admins show 'Enterprise' whatever their stored plan (spec §6); a free account in its trial shows the trial's plan. */
export function planBadgeLabel(user: Pick<UserDtoShape, 'isAdmin' | 'planType' | 'effectivePlan'>): string {
  if (user.isAdmin) return PLAN_LABELS.enterprise;
  return user.planType === 'free' && user.effectivePlan !== 'free' ? `${PLAN_LABELS[user.effectivePlan]} trial` : PLAN_LABELS[user.planType];
}

export function TopBar({ user, onOpenDrawer }: { user: UserDtoShape; onOpenDrawer: () => void }) {
  const { signOut } = useSignOut();
  const themeLabel = themeToggleLabel(useTheme().theme);
  const showTrial = !user.isAdmin && user.planType === 'free' && user.trialDaysLeft !== null;

  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-3 border-b border-zinc-200 bg-white/85 px-4 backdrop-blur-md sm:px-6 dark:border-zinc-800 dark:bg-zinc-950/85">
      <button type="button" onClick={onOpenDrawer} aria-label="Open navigation" className={buttonClass('ghost', 'icon', 'md:hidden')}>
        <Menu aria-hidden />
      </button>
      <div className="flex-1" />
      <div className="flex items-center gap-1.5 sm:gap-2">
        <Badge tone={user.isAdmin || user.effectivePlan !== 'free' ? 'brand' : 'neutral'} data-testid="plan-badge">
          {planBadgeLabel(user)}
        </Badge>
        {showTrial && (
          <Badge tone={(user.trialDaysLeft ?? 0) <= 2 ? 'warning' : 'neutral'}>
            <Clock className="size-3" aria-hidden />
            {formatTrialLabel(user.trialDaysLeft ?? 0)}
          </Badge>
        )}
        <Tooltip content={themeLabel}>
          <ThemeToggle title={undefined} />
        </Tooltip>
        <Tooltip content="Settings">
          <Link to="/settings" aria-label="Settings" className={buttonClass('ghost', 'icon')}>
            <Settings aria-hidden />
          </Link>
        </Tooltip>
        <DropdownMenu>
          <DropdownMenuTrigger aria-label="User menu" className="ml-1 rounded-full">
            <UserAvatar name={user.name} email={user.email} avatar={user.avatar} />
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuLabel>
              <p className="truncate text-sm font-medium">{user.name}</p>
              <p className="truncate text-xs font-normal text-muted">{user.email}</p>
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuItem asChild>
              <Link to="/settings">
                <Settings aria-hidden /> Settings
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/account">
                <User aria-hidden /> Profile
              </Link>
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={signOut}>
              <LogOut aria-hidden /> Log out
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </header>
  );
}
