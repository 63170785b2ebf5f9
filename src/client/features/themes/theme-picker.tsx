// The theme picker (spec §2 "Theme picker"): a grid of the 18 catalogue themes. Locks come from
// themes.list, which the server computes from the user's REAL plan and admin flag (PRODUCT.md), so the
// picker never unlocks more than assembly will accept.
import { Check, Lock, RotateCw } from 'lucide-react';
import { useMemo } from 'react';
import { MSG } from '../../../shared/messages';
import { THEME_RANK, type ThemeTier } from '../../../shared/plans';
import { DEFAULT_THEME_ID, planLabelForTier, THEMES, type ThemeMeta } from '../../../shared/themes';
import { savedThemeMeta } from '../../../shared/schemas/themes';
import { Link } from '@tanstack/react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../trpc';
import { ColourDots, fontName, ThemeSwatch } from './theme-swatch';

export interface ThemePickerProps {
  selectedThemeId: string | null;
  onSelect: (themeId: string) => void;
  onUpgrade: () => void;
}

const tierTone = (tier: ThemeTier) => (tier === 'free' ? 'success' : tier === 'basic' ? 'neutral' : tier === 'professional' ? 'brand' : 'warning');

// The default theme first (free: every plan has it), then by tier, cheapest first: access grows with
// rank, so the usable themes lead the grid and the order never changes when the locks arrive (no layout shift).
const isDefault = (t: ThemeMeta) => (t.id === DEFAULT_THEME_ID ? 0 : 1);
const ORDERED = THEMES.map((t, i) => ({ t, i }))
  .sort((a, b) => isDefault(a.t) - isDefault(b.t) || THEME_RANK[a.t.subscription] - THEME_RANK[b.t.subscription] || a.i - b.i)
  .map(({ t }) => t);

type CardState = 'loading' | 'locked' | 'available' | 'selected';

function ThemeCard({
  theme,
  state,
  onSelect,
  onUpgrade,
  badge,
}: {
  theme: ThemeMeta;
  state: CardState;
  onSelect: () => void;
  onUpgrade: () => void;
  /** In place of the plan badge (a saved theme is the creator's own). */
  badge?: string;
}) {
  const nameId = `theme-name-${theme.id}`;
  const descId = `theme-desc-${theme.id}`;
  const locked = state === 'locked';
  const selected = state === 'selected';
  const titleFont = fontName(theme.titleFontFamily ?? theme.fontFamily);
  const bodyFont = fontName(theme.fontFamily);
  return (
    <li className="flex">
      <article
        aria-labelledby={nameId}
        aria-describedby={descId}
        data-locked={locked || undefined}
        data-selected={selected || undefined}
        className={cn(
          'relative flex w-full flex-col rounded-xl border bg-white p-3 transition-shadow dark:bg-zinc-900/60',
          selected
            ? 'border-indigo-500 ring-2 ring-indigo-500 dark:border-indigo-400 dark:ring-indigo-400'
            : 'border-zinc-200 hover:shadow-md dark:border-zinc-800',
        )}
      >
        <div className="relative">
          <div className={cn(locked && 'opacity-60 grayscale-[40%]')}>
            <ThemeSwatch theme={theme} />
          </div>
          {locked && (
            <div className="absolute inset-0 flex items-center justify-center rounded-lg bg-white/55 backdrop-blur-[2px] dark:bg-zinc-950/55">
              <span className="inline-flex items-center gap-1.5 rounded-full bg-zinc-900/90 px-3 py-1.5 text-sm font-semibold text-white shadow-sm dark:bg-zinc-100/95 dark:text-zinc-900">
                <Lock className="size-4" aria-hidden />
                {MSG.upgradeRequired}
              </span>
            </div>
          )}
        </div>
        <div className={cn('mt-3 flex flex-1 flex-col', locked && 'opacity-60')}>
          <div className="flex items-start justify-between gap-2">
            <h3 id={nameId} className="font-semibold text-zinc-900 dark:text-white">
              {theme.name}
            </h3>
            <Badge tone={badge ? 'brand' : tierTone(theme.subscription)}>{badge ?? planLabelForTier(theme.subscription)}</Badge>
          </div>
          <p id={descId} className="mt-1 line-clamp-3 min-h-[3.75rem] text-sm leading-5 text-muted">
            {theme.description}
          </p>
          <div className="mt-3 flex items-center justify-between gap-2 text-xs text-muted">
            <ColourDots theme={theme} />
            <span className="truncate" title={theme.fontFamily}>
              {titleFont === bodyFont ? titleFont : `${titleFont} · ${bodyFont}`}
            </span>
          </div>
        </div>
        <div className="mt-3">
          {state === 'loading' ? (
            <Button variant="outline" className="w-full" disabled aria-busy>
              Checking access…
            </Button>
          ) : locked ? (
            <Button variant="outline" className="w-full" onClick={onUpgrade}>
              <Lock aria-hidden />
              Upgrade to Use
            </Button>
          ) : (
            <Button variant={selected ? 'primary' : 'secondary'} className="w-full" aria-pressed={selected} onClick={onSelect}>
              {selected && <Check aria-hidden />}
              {selected ? 'Selected' : 'Use This Theme'}
            </Button>
          )}
        </div>
      </article>
    </li>
  );
}

/** A named grid of theme cards, each in the state the picker gives it. */
function ThemeGrid({
  label,
  themes,
  badge,
  stateOf,
  onSelect,
  onUpgrade,
}: {
  label: string;
  themes: readonly ThemeMeta[];
  badge?: string;
  stateOf: (t: ThemeMeta) => CardState;
  onSelect: (id: string) => void;
  onUpgrade: () => void;
}) {
  return (
    <ul className="grid grid-cols-1 gap-4 @xl:grid-cols-2 @3xl:grid-cols-3" aria-label={label}>
      {themes.map((t) => (
        <ThemeCard key={t.id} theme={t} badge={badge} state={stateOf(t)} onSelect={() => onSelect(t.id)} onUpgrade={onUpgrade} />
      ))}
    </ul>
  );
}

export function ThemePicker({ selectedThemeId, onSelect, onUpgrade }: ThemePickerProps) {
  const query = trpc.themes.list.useQuery(undefined, { staleTime: 60_000 });
  const mine = trpc.themes.mine.useQuery(undefined, { staleTime: 60_000 });
  const saved = (mine.data ?? []).flatMap((t) => savedThemeMeta(t.id, t.brand) ?? []);
  const locked = useMemo(() => {
    if (!query.data) return null;
    return new Map(query.data.map((t) => [t.id, t.locked]));
  }, [query.data]);

  const available = locked ? [...locked.values()].filter((l) => !l).length : null;

  return (
    <div className="@container">
      <div className="mb-4 flex min-h-6 flex-wrap items-center justify-between gap-2 text-sm text-muted" aria-live="polite">
        {query.isError ? (
          <span className="flex items-center gap-2 text-red-600 dark:text-red-400" role="alert">
            {errorMessage(query.error, MSG.unknownError)}
            <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
              <RotateCw aria-hidden />
              Retry
            </Button>
          </span>
        ) : available !== null ? (
          <span>
            {available} of {THEMES.length} themes available on your plan.
          </span>
        ) : (
          <span>Loading themes…</span>
        )}
        {available !== null && available < THEMES.length && (
          <button
            type="button"
            className="min-h-6 rounded font-medium text-indigo-600 underline-offset-4 hover:underline dark:text-indigo-400"
            onClick={onUpgrade}
          >
            See plans with more themes
          </button>
        )}
      </div>
      {saved.length > 0 && (
        <section aria-labelledby="your-themes-title" className="mb-6">
          <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
            <h3 id="your-themes-title" className="font-semibold text-zinc-900 dark:text-zinc-100">
              Your themes
            </h3>
            <Link to="/themes" className="text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
              Build or edit your themes
            </Link>
          </div>
          <ThemeGrid
            label="Your themes"
            themes={saved}
            badge="Yours"
            stateOf={(t) => (t.id === selectedThemeId ? 'selected' : 'available')}
            onSelect={onSelect}
            onUpgrade={onUpgrade}
          />
        </section>
      )}
      {saved.length === 0 && mine.isSuccess && (
        <p className="mb-4 text-sm text-muted">
          Want your own colours and fonts?{' '}
          <Link to="/themes" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
            Build your own theme
          </Link>
          .
        </p>
      )}
      <ThemeGrid
        label="Newsletter themes"
        themes={ORDERED}
        stateOf={(t) => (!locked ? 'loading' : (locked.get(t.id) ?? true) ? 'locked' : t.id === selectedThemeId ? 'selected' : 'available')}
        onSelect={onSelect}
        onUpgrade={onUpgrade}
      />
    </div>
  );
}
