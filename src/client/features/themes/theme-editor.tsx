// The theme builder (spec §3 Theme entity; plans: saved themes): start from a built-in theme the plan
// allows, change its colours, fonts, masthead and card designs and footer line, and see the real
// renderer's email and web version (light, dark, colourful; desktop and mobile) as you go. The measured
// contrast of each colour pair and the email's size against Gmail's clip are shown beside it; saving
// refuses pairs below WCAG AA with the server's reason.
import { useState } from 'react';
import { keepPreviousData, skipToken } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, Save, XCircle } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Input, Select } from '../../components/ui/input';
import { Label, FieldError } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { NewsletterFrame, type FrameWidth } from '../../components/newsletter-frame';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { useDebounced } from '../../lib/use-debounced';
import { cn } from '../../lib/cn';
import { trpc, type RouterOutputs } from '../../trpc';
import { LogoField } from './theme-logo-field';
import { BODY_STYLES, getTheme, HEADER_STYLES, MASTHEAD_SAMPLE_LINES, type ThemeMeta } from '../../../shared/themes';
import { EMAIL_FONT_KEYS, EMAIL_FONTS } from '../../../shared/email-fonts';
import { GMAIL_CLIP_BYTES, type ColorTheme } from '../../../shared/schemas/newsletter';
import { themeBrand, type BrandColorSet, type CustomThemeDto, type ThemeBrand } from '../../../shared/schemas/themes';
import { ErrorLine } from '../../components/error-line';

/** A new theme's starting fields: the chosen built-in theme as it renders in light mode. */
export function brandFrom(base: ThemeMeta): ThemeBrand {
  return {
    name: `My ${base.name}`,
    baseThemeId: base.id,
    colors: {
      primary: base.primaryColor,
      secondary: base.secondaryColor,
      accent: base.accentColor ?? base.primaryColor,
      background: '#ffffff',
      text: '#1f2328',
      link: base.primaryColor,
    },
    titleFont: fontKeyOf(base.titleFontFamily ?? base.fontFamily),
    bodyFont: fontKeyOf(base.fontFamily),
    headerStyle: base.headerStyle,
    cardStyle: base.bodyStyle,
    footerText: '',
    kicker: '',
    logo: null,
  };
}

function fontKeyOf(stack: string): ThemeBrand['bodyFont'] {
  return EMAIL_FONT_KEYS.find((k) => EMAIL_FONTS[k].stack === stack) ?? 'arial';
}

const COLOR_FIELDS: { key: keyof BrandColorSet; label: string; hint: string }[] = [
  { key: 'primary', label: 'Primary', hint: 'Masthead and headings' },
  { key: 'secondary', label: 'Secondary', hint: 'Page tint around the issue and the footer band' },
  { key: 'accent', label: 'Accent', hint: 'Rules, badges and buttons' },
  { key: 'background', label: 'Background', hint: 'Behind the stories' },
  { key: 'text', label: 'Text', hint: 'Summaries and body text' },
  { key: 'link', label: 'Links', hint: 'Links in the stories' },
];

const MODES: { value: ColorTheme; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'colorful', label: 'Colourful' },
];

const PREVIEW_AS: { value: 'email' | 'web'; label: string }[] = [
  { value: 'email', label: 'Email' },
  { value: 'web', label: 'Web page' },
];

const WIDTHS: { value: FrameWidth; label: string }[] = [
  { value: 'desktop', label: 'Desktop' },
  { value: 'mobile', label: 'Mobile' },
];

const titleCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replace(/-/g, ' ');

function Choice<T extends string>({
  value,
  options,
  onChange,
  name,
}: {
  value: T;
  options: { value: T; label: string }[];
  onChange: (v: T) => void;
  name: string;
}) {
  return (
    <div role="radiogroup" aria-label={name} className="inline-flex rounded-lg bg-zinc-100 p-1 dark:bg-zinc-800">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="radio"
          aria-checked={o.value === value}
          onClick={() => onChange(o.value)}
          className={cn(
            'rounded-md px-3 py-1 text-sm font-medium',
            o.value === value ? 'bg-white text-zinc-900 shadow-xs dark:bg-zinc-950 dark:text-white' : 'text-muted',
          )}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

/** A labelled native select (keyboard and screen readers get the platform's own list). */
export function SelectField<T extends string>({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: T;
  onChange: (v: T) => void;
  options: readonly { value: T; label: string }[];
}) {
  return (
    <div className="flex-1">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value as T)} options={options} />
    </div>
  );
}

const FONT_OPTIONS = EMAIL_FONT_KEYS.map((k) => ({ value: k, label: EMAIL_FONTS[k].label }));
const HEADER_OPTIONS = HEADER_STYLES.map((h) => ({ value: h, label: titleCase(h) }));
const CARD_OPTIONS = BODY_STYLES.map((b) => ({ value: b, label: titleCase(b) }));

function ColourFields({ colors, onColor }: { colors: BrandColorSet; onColor: (key: keyof BrandColorSet, value: string) => void }) {
  return (
    <fieldset className="grid grid-cols-2 gap-3">
      <legend className="mb-2 text-sm font-medium text-zinc-900 dark:text-zinc-100">Colours</legend>
      {COLOR_FIELDS.map((f) => (
        <div key={f.key}>
          <Label htmlFor={`colour-${f.key}`}>{f.label}</Label>
          <div className="mt-1 flex items-center gap-2">
            <input
              type="color"
              aria-label={`${f.label} colour picker`}
              value={/^#[0-9a-f]{6}$/i.test(colors[f.key]) ? colors[f.key] : '#000000'}
              onChange={(e) => onColor(f.key, e.target.value)}
              className="h-9 w-10 shrink-0 cursor-pointer rounded border border-zinc-300 bg-white p-0.5 dark:border-zinc-700"
            />
            <Input id={`colour-${f.key}`} value={colors[f.key]} maxLength={7} onChange={(e) => onColor(f.key, e.target.value)} className="font-mono" />
          </div>
          <p className="mt-0.5 text-xs text-muted">{f.hint}</p>
        </div>
      ))}
    </fieldset>
  );
}

/** The fonts, the masthead and card designs, the masthead line and the footer line. */
function TypeFields({ brand, set }: { brand: ThemeBrand; set: (patch: Partial<ThemeBrand>) => void }) {
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <SelectField id="title-font" label="Title font" value={brand.titleFont} options={FONT_OPTIONS} onChange={(v) => set({ titleFont: v })} />
        <SelectField id="body-font" label="Body font" value={brand.bodyFont} options={FONT_OPTIONS} onChange={(v) => set({ bodyFont: v })} />
        <SelectField id="header-style" label="Masthead" value={brand.headerStyle} options={HEADER_OPTIONS} onChange={(v) => set({ headerStyle: v })} />
        <SelectField id="card-style" label="Story cards" value={brand.cardStyle} options={CARD_OPTIONS} onChange={(v) => set({ cardStyle: v })} />
      </div>
      <p className="-mt-2 text-xs text-muted">
        Web fonts show in Apple Mail, iOS Mail, Thunderbird and Outlook for Mac; other clients show the fallback named.
      </p>
      <div>
        <Label htmlFor="masthead-line">Masthead line</Label>
        <Input
          id="masthead-line"
          value={brand.kicker ?? ''}
          maxLength={80}
          aria-describedby="masthead-line-hint"
          placeholder={MASTHEAD_SAMPLE_LINES[brand.headerStyle] ? `e.g. ${MASTHEAD_SAMPLE_LINES[brand.headerStyle]}` : 'e.g. Notes from the harbour'}
          onChange={(e) => set({ kicker: e.target.value })}
        />
        <p id="masthead-line-hint" className="mt-1 text-xs text-muted">
          A short line above or beside your newsletter&apos;s name. Left empty, the masthead shows the name alone.
        </p>
      </div>
      <div>
        <Label htmlFor="footer-text">Footer line</Label>
        <Input
          id="footer-text"
          value={brand.footerText}
          maxLength={300}
          placeholder="e.g. Written in Leeds by the Field Notes team"
          onChange={(e) => set({ footerText: e.target.value })}
        />
      </div>
    </>
  );
}

type Preview = RouterOutputs['themes']['preview'];

/** Each colour pair's measured contrast against what it needs, and the email's size against Gmail's clip. */
function Checks({ data }: { data: Preview }) {
  return (
    <ul aria-label="Contrast checks" className="mb-3 grid gap-1 text-sm">
      {data.contrast.map((c) => (
        <li key={c.pair} className={cn('flex items-center gap-2', c.ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400')}>
          {c.ok ? <CheckCircle2 className="size-4" aria-hidden /> : <XCircle className="size-4" aria-hidden />}
          {c.pair}: {c.ratio.toFixed(2)}:1 (needs {c.needs}:1)
        </li>
      ))}
      <li className={cn('flex items-center gap-2', data.metadata.overGmailLimit ? 'text-amber-700 dark:text-amber-400' : 'text-muted')}>
        {data.metadata.overGmailLimit ? <AlertTriangle className="size-4" aria-hidden /> : <CheckCircle2 className="size-4" aria-hidden />}
        Email size {(data.metadata.htmlBytes / 1024).toFixed(1)} KB of Gmail&apos;s {Math.round(GMAIL_CLIP_BYTES / 1024)} KB before it clips
      </li>
    </ul>
  );
}

/** The real renderer's email or web version of the theme as it stands, in light, dark or colourful, desktop or mobile. */
function ThemePreview({ brand }: { brand: ThemeBrand }) {
  const [mode, setMode] = useState<ColorTheme>('light');
  const [width, setWidth] = useState<FrameWidth>('desktop');
  const [as, setAs] = useState<'email' | 'web'>('email');
  const shown = useDebounced(brand, 250);
  // Only a complete theme is previewed: while a colour is half typed, the last preview stays.
  const complete = themeBrand.safeParse(shown).success;
  const preview = trpc.themes.preview.useQuery(complete ? { brand: shown, colorTheme: mode } : skipToken, { placeholderData: keepPreviousData, retry: false });
  const data = preview.data;
  return (
    <div className="min-w-0">
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <Choice name="Preview as" value={as} options={PREVIEW_AS} onChange={setAs} />
        <Choice name="Preview colours" value={mode} options={MODES} onChange={setMode} />
        <Choice name="Preview width" value={width} options={WIDTHS} onChange={setWidth} />
        {preview.isFetching && <Spinner size="sm" label="Updating preview" />}
      </div>
      {data && <Checks data={data} />}
      {preview.isError && !data && <ErrorLine error={preview.error} className="mb-3 text-sm text-red-700 dark:text-red-400" />}
      {data ? (
        <NewsletterFrame html={as === 'email' ? data.html : data.webHtml} title="Theme preview" width={width} />
      ) : (
        <div className="h-[600px] animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-800/60" />
      )}
    </div>
  );
}

export function ThemeEditor({ initial, editing, onDone }: { initial: ThemeBrand; editing?: CustomThemeDto; onDone: () => void }) {
  const utils = trpc.useUtils();
  const [brand, setBrand] = useState<ThemeBrand>(initial);
  const save = trpc.themes.save.useMutation({
    onSuccess: (saved) => {
      void utils.themes.mine.invalidate();
      toast({
        title: editing ? 'Theme updated' : 'Theme saved',
        description: `${saved.brand.name} is in the theme picker under "Your themes".`,
        variant: 'success',
      });
      onDone();
    },
  });
  const set = (patch: Partial<ThemeBrand>) => setBrand((b) => ({ ...b, ...patch }));
  const setColor = (key: keyof BrandColorSet, value: string) => setBrand((b) => ({ ...b, colors: { ...b.colors, [key]: value } }));
  const base = getTheme(brand.baseThemeId);

  return (
    <form
      className="grid grid-cols-1 gap-6 @5xl:grid-cols-[22rem_minmax(0,1fr)]"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ id: editing?.id, brand });
      }}
    >
      <div className="grid content-start gap-5">
        <div>
          <Label htmlFor="theme-name">Theme name</Label>
          <Input id="theme-name" value={brand.name} maxLength={60} onChange={(e) => set({ name: e.target.value })} />
          <p className="mt-1 text-xs text-muted">Started from {base?.name ?? 'a built-in theme'}.</p>
        </div>
        <ColourFields colors={brand.colors} onColor={setColor} />
        <TypeFields brand={brand} set={set} />
        <LogoField value={brand.logo} onChange={(logo) => set({ logo })} />
        {save.isError && <FieldError id="theme-save-error">{errorMessage(save.error)}</FieldError>}
        <div className="flex gap-3">
          <Button type="submit" loading={save.isPending}>
            {!save.isPending && <Save aria-hidden />} {editing ? 'Update Theme' : 'Save Theme'}
          </Button>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </div>
      <ThemePreview brand={brand} />
    </form>
  );
}
