// The shell's sidebar: nav groups, collapse toggle (desktop), user card and Sign Out.
import { Link } from '@tanstack/react-router';
import { LogOut, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import type { UserDtoShape } from '../../../shared/schemas/user';
import { Logo } from '../../components/logo';
import { Tooltip } from '../../components/ui/tooltip';
import { cn } from '../../lib/cn';
import { NAV_GROUPS } from './nav';
import { UserAvatar } from './user-avatar';
import { useSignOut } from './use-sign-out';

interface SidebarProps {
  user: UserDtoShape;
  collapsed: boolean;
  onToggle?: () => void;
  onNavigate?: () => void;
}

const itemClass =
  'group flex h-9 items-center gap-3 rounded-lg px-2.5 text-sm font-medium text-muted transition-colors hover:bg-zinc-100 hover:text-zinc-900 ' +
  'dark:hover:bg-zinc-800/70 dark:hover:text-white';
const activeClass =
  'bg-indigo-50 text-indigo-700 hover:bg-indigo-50 hover:text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300 dark:hover:bg-indigo-500/15 dark:hover:text-indigo-200';

export function SidebarContent({ user, collapsed, onToggle, onNavigate }: SidebarProps) {
  const { signOut, pending } = useSignOut();
  const groups = NAV_GROUPS.filter((g) => !g.staffOnly || user.isStaff);

  return (
    <div className="flex h-full flex-col">
      <div
        className={cn(
          'flex h-16 shrink-0 items-center border-b border-zinc-200 dark:border-zinc-800',
          collapsed ? 'justify-center px-2' : 'justify-between px-4',
        )}
      >
        <Logo to="/dashboard" compact={collapsed} />
        {onToggle && !collapsed && (
          <button
            type="button"
            onClick={onToggle}
            aria-label="Collapse sidebar"
            aria-expanded
            className="rounded-md p-1.5 text-muted hover:bg-zinc-100 hover:text-zinc-900 dark:hover:bg-zinc-800 dark:hover:text-white"
          >
            <PanelLeftClose className="size-4" aria-hidden />
          </button>
        )}
      </div>

      <nav aria-label="Sidebar" className="flex-1 space-y-6 overflow-y-auto px-3 py-4">
        {onToggle && collapsed && (
          <Tooltip content="Expand sidebar" side="right">
            <button type="button" onClick={onToggle} aria-label="Expand sidebar" aria-expanded={false} className={cn(itemClass, 'w-full justify-center px-0')}>
              <PanelLeftOpen className="size-[18px]" aria-hidden />
            </button>
          </Tooltip>
        )}
        {groups.map((group) => (
          <div key={group.label} role="group" aria-label={group.label}>
            {collapsed ? (
              <div className="mx-2 mb-2 h-px bg-zinc-200 first:hidden dark:bg-zinc-800" aria-hidden />
            ) : (
              <p className="mb-1.5 px-2.5 text-[11px] font-semibold uppercase tracking-wider text-muted">{group.label}</p>
            )}
            <ul className="space-y-0.5">
              {group.items.map(({ to, label, icon: Icon }) => (
                <li key={to}>
                  <Tooltip content={label} side="right" disabled={!collapsed}>
                    <Link
                      to={to}
                      onClick={onNavigate}
                      aria-label={collapsed ? label : undefined}
                      className={cn(itemClass, collapsed && 'justify-center px-0')}
                      activeProps={{ className: activeClass, 'aria-current': 'page' }}
                    >
                      <Icon className="size-[18px] shrink-0" aria-hidden />
                      {!collapsed && <span className="truncate">{label}</span>}
                    </Link>
                  </Tooltip>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>

      <div className="shrink-0 border-t border-zinc-200 p-3 dark:border-zinc-800">
        <div className={cn('flex items-center gap-3', collapsed ? 'flex-col' : 'px-1')}>
          <UserAvatar name={user.name} email={user.email} avatar={user.avatar} />
          {!collapsed && (
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">{user.name}</p>
              <p className="truncate text-xs text-muted">{user.email}</p>
            </div>
          )}
        </div>
        <Tooltip content="Sign Out" side="right" disabled={!collapsed}>
          <button
            type="button"
            onClick={signOut}
            disabled={pending}
            aria-label={collapsed ? 'Sign Out' : undefined}
            className={cn(itemClass, 'mt-2 w-full', collapsed && 'justify-center px-0')}
          >
            <LogOut className="size-[18px]" aria-hidden />
            {!collapsed && 'Sign Out'}
          </button>
        </Tooltip>
      </div>
    </div>
  );
}
