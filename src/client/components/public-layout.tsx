// Frame of the public pages: marketing header and footer around the page content.
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';
import { buttonClass } from './ui/button';
import { SkipLink } from './skip-link';

export function PublicHeader({ showNav = true }: { showNav?: boolean }) {
  return (
    <header className="sticky top-0 z-40 border-b border-zinc-200/70 bg-white/80 backdrop-blur-md dark:border-zinc-800/70 dark:bg-zinc-950/80">
      <SkipLink />
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <div className="flex items-center gap-8">
          <Logo />
          {showNav && (
            <nav aria-label="Main" className="hidden items-center gap-6 text-sm text-muted md:flex">
              <a href="/#features" className="inline-flex min-h-6 min-w-6 items-center justify-center hover:text-zinc-900 dark:hover:text-white">
                Features
              </a>
              <a href="/#pricing" className="inline-flex min-h-6 min-w-6 items-center justify-center hover:text-zinc-900 dark:hover:text-white">
                Pricing
              </a>
              <Link to="/blog" className="inline-flex min-h-6 min-w-6 items-center justify-center hover:text-zinc-900 dark:hover:text-white">
                Blog
              </Link>
              <Link to="/help" className="inline-flex min-h-6 min-w-6 items-center justify-center hover:text-zinc-900 dark:hover:text-white">
                Help
              </Link>
            </nav>
          )}
        </div>
        <div className="flex items-center gap-1.5 sm:gap-2">
          <ThemeToggle />
          <Link to="/auth" className={buttonClass('ghost', 'sm')}>
            Sign In
          </Link>
          <Link to="/auth" search={{ mode: 'signup' }} className={buttonClass('primary', 'sm')}>
            Get Started
          </Link>
        </div>
      </div>
    </header>
  );
}

const footerLinks = [
  { to: '/roadmap', label: 'Roadmap' },
  { to: '/blog', label: 'Blog' },
  { to: '/help', label: 'Help Center' },
  { to: '/quick-start-guide', label: 'Quick Start Guide' },
  { to: '/developers', label: 'API' },
  { to: '/terms', label: 'Terms' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/refund', label: 'Refund Policy' },
] as const;

export function PublicFooter() {
  return (
    <footer className="border-t border-zinc-200 bg-zinc-50/60 dark:border-zinc-800 dark:bg-zinc-950">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="flex flex-col gap-2">
          <Logo />
          <p className="text-sm text-muted">Newsletters from the sources you trust, in minutes.</p>
        </div>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted">
          {footerLinks.map((l) => (
            <Link key={l.to} to={l.to} className="inline-flex min-h-6 min-w-6 items-center justify-center hover:text-zinc-900 dark:hover:text-white">
              {l.label}
            </Link>
          ))}
        </nav>
      </div>
      <div className="mx-auto max-w-6xl px-4 pb-8 text-xs text-muted sm:px-6">© {new Date().getFullYear()} Curated</div>
    </footer>
  );
}

export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <PublicHeader />
      <main id="main" className="flex-1">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}

/** A simple public page: title, optional lead, content. */
export function PublicPage({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <PublicLayout>
      <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
        {lead && <p className="mt-3 text-lg text-muted">{lead}</p>}
        {children && <div className="mt-10">{children}</div>}
      </div>
    </PublicLayout>
  );
}

/** The round icon above a public page's short message (thank-you, confirmation, unsubscribe). */
export function NoticeIcon({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <span
      className={`${className} flex size-14 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 ring-8 ring-indigo-50/50 dark:bg-indigo-500/10 dark:text-indigo-400 dark:ring-indigo-500/5`}
    >
      {children}
    </span>
  );
}
