// /themes: the creator's saved themes (spec §6: Professional keeps 10, Business and Enterprise unlimited)
// and the builder. A plan without saved themes sees the upgrade notice; at the cap, new themes are
// offered only after an upgrade or a deletion (the server refuses the same).
import { useState } from 'react';
import { Palette, Pencil, Plus, Trash2 } from 'lucide-react';
import { PageHeader } from '../../components/page-header';
import { UpgradeNotice } from '../../components/upgrade-notice';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { LOADED } from '../../lib/page-data';
import { useTitle } from '../../lib/use-title';
import { trpc } from '../../trpc';
import { capabilitiesFor, PLAN_LABELS } from '../../../shared/plans';
import { getTheme, THEMES } from '../../../shared/themes';
import { savedThemeMeta, type CustomThemeDto, type ThemeBrand } from '../../../shared/schemas/themes';
import { useCurrentUser } from '../auth';
import { ColourDots, ThemeSwatch } from './theme-swatch';
import { brandFrom, SelectField, ThemeEditor } from './theme-editor';
import { ErrorLine } from '../../components/error-line';

/** "3 of 10 saved themes on your plan.", or without a cap "12 saved themes." (never "of Unlimited"). */
function savedThemesLine(count: number, cap: number): string {
  const themes = `${count} saved ${count === 1 ? 'theme' : 'themes'}`;
  return Number.isFinite(cap) ? `${count} of ${cap} saved themes on your plan.` : `${themes}; your plan keeps as many as you like.`;
}

type Editing = { brand: ThemeBrand; theme?: CustomThemeDto } | null;

function SavedTheme({ theme, onEdit }: { theme: CustomThemeDto; onEdit: () => void }) {
  const utils = trpc.useUtils();
  const remove = trpc.themes.remove.useMutation({
    onSuccess: () => {
      void utils.themes.mine.invalidate();
      toast({ title: 'Theme deleted', description: `${theme.brand.name} is no longer in the picker.` });
    },
    onError: (err) => toast({ title: 'Theme not deleted', description: errorMessage(err), variant: 'destructive' }),
  });
  const meta = savedThemeMeta(theme.id, theme.brand);
  if (!meta) return null;
  return (
    <li className="flex flex-col rounded-xl border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900/60">
      <ThemeSwatch theme={meta} />
      <div className="mt-3 flex items-center justify-between gap-2">
        <h3 className="truncate font-semibold text-zinc-900 dark:text-white">{theme.brand.name}</h3>
        <ColourDots theme={meta} />
      </div>
      <p className="mt-1 text-sm text-muted">Started from {getTheme(theme.brand.baseThemeId)?.name}.</p>
      <div className="mt-3 flex gap-2">
        <Button variant="secondary" size="sm" onClick={onEdit}>
          <Pencil aria-hidden /> Edit
        </Button>
        <Button
          variant="outline"
          size="sm"
          loading={remove.isPending}
          onClick={() => remove.mutate({ id: theme.id })}
          aria-label={`Delete ${theme.brand.name}`}
        >
          {!remove.isPending && <Trash2 aria-hidden />} Delete
        </Button>
      </div>
    </li>
  );
}

export function ThemesPage() {
  useTitle('Your themes');
  const user = useCurrentUser();
  const caps = capabilitiesFor(user);
  const mine = trpc.themes.mine.useQuery(undefined, { ...LOADED, enabled: caps.customThemes });
  const catalogue = trpc.themes.list.useQuery(undefined, { ...LOADED, enabled: caps.customThemes });
  const [editing, setEditing] = useState<Editing>(null);
  const [baseId, setBaseId] = useState('');
  const usable = THEMES.filter((t) => catalogue.data?.some((c) => c.id === t.id && !c.locked));
  const count = mine.data?.length ?? 0;
  const atCap = count >= caps.maxCustomThemes;

  if (!caps.customThemes)
    return (
      <>
        <PageHeader title="Your themes" description="Build your own newsletter themes from the built-in ones." />
        <UpgradeNotice message={`Saved themes come with the ${PLAN_LABELS.professional} plan: your colours, fonts, masthead and footer on every issue.`} />
      </>
    );

  return (
    <>
      <PageHeader
        title="Your themes"
        description={`Your colours, fonts, masthead and footer, on every issue. ${savedThemesLine(count, caps.maxCustomThemes)}`}
      />
      {editing ? (
        <section
          aria-labelledby="builder-title"
          className="@container rounded-xl border border-zinc-200 bg-white p-4 sm:p-6 dark:border-zinc-800 dark:bg-zinc-900/60"
        >
          <h2 id="builder-title" className="mb-4 text-lg font-semibold text-zinc-900 dark:text-white">
            {editing.theme ? `Edit ${editing.theme.brand.name}` : 'New theme'}
          </h2>
          <ThemeEditor key={editing.theme?.id ?? 'new'} initial={editing.brand} editing={editing.theme} onDone={() => setEditing(null)} />
        </section>
      ) : (
        <section aria-labelledby="start-title" className="mb-6 rounded-xl border border-zinc-200 bg-white p-4 sm:p-6 dark:border-zinc-800 dark:bg-zinc-900/60">
          <h2 id="start-title" className="flex items-center gap-2 text-lg font-semibold text-zinc-900 dark:text-white">
            <Palette className="size-5 text-indigo-600 dark:text-indigo-400" aria-hidden /> Build a theme
          </h2>
          {atCap ? (
            <p className="mt-2 text-sm text-muted">
              Your plan keeps {caps.maxCustomThemes} saved themes. Delete one, or upgrade to {PLAN_LABELS.business} for unlimited themes.
            </p>
          ) : (
            <form
              className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end"
              onSubmit={(e) => {
                e.preventDefault();
                const base = getTheme(baseId || usable[0]?.id || '');
                if (base) setEditing({ brand: brandFrom(base) });
              }}
            >
              <SelectField
                id="base-theme"
                label="Start from"
                value={baseId || usable[0]?.id || ''}
                onChange={setBaseId}
                options={usable.map((t) => ({ value: t.id, label: t.name }))}
              />
              <Button type="submit" disabled={usable.length === 0}>
                <Plus aria-hidden /> New Theme
              </Button>
            </form>
          )}
        </section>
      )}
      <ErrorLine error={mine.error} className="text-sm text-red-700 dark:text-red-400" />
      {!editing && mine.data && mine.data.length > 0 && (
        <ul aria-label="Saved themes" className="@container grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {mine.data.map((t) => (
            <SavedTheme key={t.id} theme={t} onEdit={() => setEditing({ brand: t.brand, theme: t })} />
          ))}
        </ul>
      )}
    </>
  );
}
