// The signed-in frame: sidebar (collapsible on desktop, an off-canvas drawer on narrow screens),
// top bar and the page.
import { useEffect, useState, type ReactNode } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { UserDtoShape } from '../../../shared/schemas/user';
import { cn } from '../../lib/cn';
import { TooltipProvider } from '../../components/ui/tooltip';
import { loadToaster } from '../../components/ui/toast-host';
import { useReturnFocus } from '../../components/ui/dialog';
import { SkipLink } from '../../components/skip-link';
import { SidebarContent } from './sidebar';
import { TopBar } from './top-bar';
import { useSidebarCollapsed } from './use-sidebar';

export function AppShell({ user, children }: { user: UserDtoShape; children: ReactNode }) {
  const { collapsed, toggle } = useSidebarCollapsed();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Closed, the drawer gives focus back to "Open navigation" (it has no Radix trigger of its own).
  const drawerFocus = useReturnFocus();
  // Signed-in pages toast often: fetch the toaster ahead of the first one.
  useEffect(() => void loadToaster(), []);

  return (
    <TooltipProvider>
      <SkipLink />
      <div className="flex min-h-screen bg-zinc-50 dark:bg-zinc-950">
        <aside
          data-testid="sidebar"
          data-collapsed={collapsed}
          className={cn(
            'sticky top-0 hidden h-screen shrink-0 border-r border-zinc-200 bg-white transition-[width] duration-200 md:block dark:border-zinc-800 dark:bg-zinc-900/40',
            collapsed ? 'w-16' : 'w-64',
          )}
        >
          <SidebarContent user={user} collapsed={collapsed} onToggle={toggle} />
        </aside>

        <DialogPrimitive.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
          <DialogPrimitive.Portal>
            <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-zinc-950/50 data-[state=open]:animate-fade-in md:hidden" />
            <DialogPrimitive.Content
              {...drawerFocus}
              className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] bg-white shadow-2xl data-[state=open]:animate-slide-in-left md:hidden dark:bg-zinc-900"
            >
              <DialogPrimitive.Title className="sr-only">Navigation</DialogPrimitive.Title>
              <DialogPrimitive.Description className="sr-only">Pages of your workspace</DialogPrimitive.Description>
              <SidebarContent user={user} collapsed={false} onNavigate={() => setDrawerOpen(false)} />
              <DialogPrimitive.Close
                aria-label="Close navigation"
                className="absolute right-3 top-4 rounded-md p-1.5 text-muted hover:bg-zinc-100 dark:hover:bg-zinc-800"
              >
                <X className="size-4" />
              </DialogPrimitive.Close>
            </DialogPrimitive.Content>
          </DialogPrimitive.Portal>
        </DialogPrimitive.Root>

        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar user={user} onOpenDrawer={() => setDrawerOpen(true)} />
          <main id="main" className="flex-1 px-4 py-8 sm:px-8">
            <div className="mx-auto w-full max-w-6xl">{children}</div>
          </main>
        </div>
      </div>
    </TooltipProvider>
  );
}
