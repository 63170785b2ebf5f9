// "Skip to content" (WCAG 2.4.1): the first stop of the keyboard on every framed page, shown only while
// focused; it moves focus to the page's heading, past the navigation.
import { focusPageHeading } from '../lib/page-focus';

export function SkipLink() {
  return (
    <a
      href="#main"
      onClick={(e) => {
        e.preventDefault();
        focusPageHeading({ scroll: true });
      }}
      className="sr-only rounded-md bg-white px-3 py-2 text-sm font-medium text-zinc-900 shadow-lg focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-[60] dark:bg-zinc-900 dark:text-zinc-100"
    >
      Skip to content
    </a>
  );
}
