// The frame of a publication's readers' pages (signup, confirmation, unsubscribe, preferences), on every
// plan: the publication's logo and name, a link to its past issues once it has sent one, its accent on
// links and buttons (the server's brand model, readers/pages/reader-brand.ts, already made it readable in
// light and dark), and no product navigation. "Made with Curated" is one small footer line that
// white-label accounts do not get.
import type { CSSProperties, ReactNode } from 'react';
import { ThemeToggle } from './theme-toggle';
import { servedWhiteLabel } from '../lib/white-label';
import { cn } from '../lib/cn';
import type { ReaderBrand } from '../../shared/schemas/readers';

export type { ReaderBrand };

/** The brand's colours as the CSS variables `.reader-page` switches between (styles.css): `--ra` and `--ra-on`. */
function accentVars(brand: ReaderBrand | null | undefined): CSSProperties | undefined {
  if (!brand) return undefined;
  return {
    '--ra-l': brand.light.accent,
    '--ra-on-l': brand.light.onAccent,
    '--ra-d': brand.dark.accent,
    '--ra-on-d': brand.dark.onAccent,
    '--ra-band': brand.color,
  } as CSSProperties;
}

/** Links in the publication's accent. */
export const readerLink = 'font-medium text-(--ra) underline-offset-4 hover:underline';

/**
 * `brand`: undefined while the page's call is under way (an empty frame, so nothing of the product
 * flashes); null when the link names no publication (a frame with no name).
 */
export function ReaderLayout({ brand, children }: { brand: ReaderBrand | null | undefined; children: ReactNode }) {
  const signed = brand !== undefined && !(brand?.whiteLabel ?? false) && !servedWhiteLabel();
  const home = brand?.home ?? null;
  const name = (
    <>
      {brand?.logo && <img src={brand.logo.src} alt="" width={brand.logo.width} height={brand.logo.height} className="h-9 w-auto max-w-[40vw] shrink-0" />}
      <span className="truncate">{brand?.name ?? ''}</span>
    </>
  );
  return (
    <div className="reader-page flex min-h-screen flex-col border-t-4 border-(--ra-band)" style={accentVars(brand)}>
      <header className="border-b border-zinc-200/70 dark:border-zinc-800/70">
        <div className="mx-auto flex min-h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          {home ? (
            <a
              href={home}
              className="flex min-w-0 items-center gap-3 text-base font-semibold tracking-tight text-zinc-900 dark:text-white"
              data-testid="reader-brand"
            >
              {name}
            </a>
          ) : (
            <span className="flex min-w-0 items-center gap-3 text-base font-semibold tracking-tight text-zinc-900 dark:text-white" data-testid="reader-brand">
              {name}
            </span>
          )}
          <div className="flex shrink-0 items-center gap-2 sm:gap-4">
            {brand?.archiveUrl && (
              <a href={`${brand.archiveUrl}#past-issues`} className={cn(readerLink, 'text-sm')}>
                Past issues
              </a>
            )}
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main className="flex-1">{children}</main>
      {brand !== undefined && (
        <footer className="border-t border-zinc-200 dark:border-zinc-800">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-8 text-xs text-muted sm:px-6">
            {brand?.name ? (
              <span>
                © {new Date().getFullYear()} {brand.name}
              </span>
            ) : (
              <span />
            )}
            {signed && (
              <a href="/" className="hover:text-zinc-900 hover:underline dark:hover:text-white" data-testid="made-with">
                Made with Curated
              </a>
            )}
          </div>
        </footer>
      )}
    </div>
  );
}

/** The round icon above a reader page's short message, in the publication's accent. */
export function ReaderNoticeIcon({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <span
      className={cn(
        'flex size-14 items-center justify-center rounded-full bg-[color-mix(in_srgb,var(--ra)_10%,transparent)] text-(--ra) ring-8 ring-[color-mix(in_srgb,var(--ra)_5%,transparent)]',
        className,
      )}
    >
      {children}
    </span>
  );
}
