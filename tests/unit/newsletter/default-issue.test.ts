// Issue 43, "a default issue that looks right for any content": a new publication's first issue, as a
// send would mail it to a reader, reads at WCAG AA in light rendering (its inline styles) and in dark
// rendering (its own prefers-color-scheme rules), measured by the pre-send check's reader of the HTML;
// its titles are at full contrast; and no theme prints its sample masthead copy into a creator's issue.
import { describe, expect, it } from 'vitest';
import type { IssueSendRow } from '../../../db/schema';
import { assembleNewsletter } from '../../../src/server/newsletter/assemble';
import { contrast } from '../../../src/server/newsletter/palette';
import { readHtml, type TextRun } from '../../../src/server/precheck/html';
import { initialWorkflowData, normalizeWorkflowData } from '../../../src/server/publications/dto';
import { assembleInputFrom } from '../../../src/server/publications/assemble-input';
import { buildMessage, type PreparedIssue } from '../../../src/server/delivery/message';
import { compileTemplate } from '../../../src/server/delivery/personalize';
import { DEFAULT_THEME_ID, getTheme, MASTHEAD_SAMPLE_LINES, THEMES } from '../../../src/shared/themes';
import { savedThemeMeta } from '../../../src/shared/schemas/themes';
import { COLOR_THEMES, NEWSLETTER_DEFAULTS, type ColorTheme } from '../../../src/shared/schemas/newsletter';
import { harbourArticles, HARBOUR_NAME } from '../../fixtures/harbour-issue';
import { houseBrand } from '../../fixtures/themes';

const NOW = new Date('2026-12-03T08:00:00Z');
const free = { user: { role: 'user', planType: 'free' }, env: { APP_URL: 'https://app.example.com' }, now: () => NOW };
const admin = { ...free, user: { role: 'admin', planType: 'free' } };

/** A publication as a new creator leaves it: the stored defaults, the picker's first theme, five stories. */
function newPublication(themeId = DEFAULT_THEME_ID) {
  const workflowData = { ...initialWorkflowData(HARBOUR_NAME, NOW), selectedTheme: themeId, selectedArticles: harbourArticles() };
  return { workflowData, name: HARBOUR_NAME, updatedAt: NOW };
}

/** What one reader receives: the issue assembled for sending, filled in by the send's own message builder. */
function mailedHtml(ctx: typeof free, stored: ReturnType<typeof newPublication>, colorTheme?: ColorTheme): string {
  const assembled = assembleNewsletter(ctx, assembleInputFrom(colorTheme ? { colorTheme } : {}, stored), { personalized: true });
  const send = {
    id: 'send-1',
    subject: assembled.subject,
    subjectTest: null,
    testWinner: null,
    trackOpens: true,
    trackClicks: true,
    replyTo: null,
  } as unknown as IssueSendRow;
  const prepared: PreparedIssue = {
    html: compileTemplate(assembled.html),
    text: compileTemplate(assembled.text),
    from: 'Harbour Notes <news@example.org>',
    domain: 'example.org',
    webUrl: 'https://app.example.com/p/harbour/1',
    listId: 'Harbour Notes <pub-1.list.example.org>',
    base: 'https://app.example.com',
  };
  const deps = { env: { APP_SECRET: 'a-test-secret-that-is-long-enough-1234567890' } } as unknown as Parameters<typeof buildMessage>[0];
  const html = buildMessage(deps, send, prepared, { id: 1, email: 'ada@example.org', name: 'Ada Lovelace', subscriberId: 'sub-1', variant: null }).html;
  if (!html) throw new Error('no HTML part');
  return html;
}

const ratio = (c: { fg: string; bg: string }) => Math.floor(contrast(c.fg, c.bg) * 100) / 100;

/** Every text run below AA (4.5:1, 3:1 when large) in light or dark rendering. */
function belowAA(runs: TextRun[]): string[] {
  const out: string[] = [];
  for (const t of runs) {
    for (const mode of ['light', 'dark'] as const) {
      const needs = t.large ? 3 : 4.5;
      if (ratio(t[mode]) < needs) out.push(`${mode}: "${t.text.slice(0, 40)}" ${t[mode].fg} on ${t[mode].bg} ${ratio(t[mode])}:1 < ${needs}`);
    }
  }
  return out;
}

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const s = parseInt(hex.slice(i, i + 2), 16) / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};

describe('the default issue', () => {
  it('is the light colour theme in a free, neutral theme that every plan has; stored rows keep what they saved', () => {
    expect(NEWSLETTER_DEFAULTS.colorTheme).toBe('light');
    expect(initialWorkflowData('X', NOW).colorTheme).toBe('light');
    const theme = getTheme(DEFAULT_THEME_ID)!;
    expect(theme.subscription).toBe('free');
    expect(theme.inkTitles).toBe(true);
    // A publication that saved dark stays dark; a stored row holding none was rendered dark and stays so.
    const row = { name: 'Old', updatedAt: NOW };
    expect(normalizeWorkflowData({ ...initialWorkflowData('Old', NOW), colorTheme: 'dark' }, row).colorTheme).toBe('dark');
    expect(normalizeWorkflowData({ ...initialWorkflowData('Old', NOW), colorTheme: 'colorful' }, row).colorTheme).toBe('colorful');
    const { colorTheme: _c, ...legacy } = initialWorkflowData('Old', NOW);
    expect(normalizeWorkflowData(legacy, row).colorTheme).toBe('dark');
  });

  it('as mailed, reads at WCAG AA in light rendering and under its own dark-mode rules', () => {
    const html = mailedHtml(free, newPublication());
    // The mail declares both schemes to the clients that read the meta or the Outlook.com selectors.
    expect(html).toContain('<meta name="color-scheme" content="light dark"/>');
    expect(html).toContain('<meta name="supported-color-schemes" content="light dark"/>');
    expect(html).toMatch(/@media \(prefers-color-scheme:dark\)\{/);
    expect(html).toMatch(/\[data-ogsc\] \.nl-tx\{color:/);
    expect(html).toMatch(/\[data-ogsb\] \.nl-sf\{background-color:/);

    const runs = readHtml(html).texts;
    const texts = runs.map((t) => t.text).join(' ');
    for (const a of harbourArticles()) expect(texts).toContain(a.title);
    expect(texts).toContain('Hi Ada,');
    expect(belowAA(runs)).toEqual([]);

    // Light in light-mode inboxes, dark where the reader's client is dark: the text sits on a light ground
    // inline and on a dark one under the prefers-color-scheme rules.
    const summary = runs.find((t) => t.text === harbourArticles()[0]!.summary)!;
    expect(luminance(summary.light.bg)).toBeGreaterThan(0.8);
    expect(luminance(summary.dark.bg)).toBeLessThan(0.05);
  });

  it('draws every story title at least as strongly as the text under it, in light and dark', () => {
    const runs = readHtml(mailedHtml(free, newPublication())).texts;
    for (const a of harbourArticles()) {
      const title = runs.find((t) => t.text === a.title)!;
      const summary = runs.find((t) => t.text === a.summary)!;
      expect(title, a.title).toBeDefined();
      for (const mode of ['light', 'dark'] as const) {
        expect(contrast(title[mode].fg, title[mode].bg), `${mode}: ${a.title}`).toBeGreaterThanOrEqual(contrast(summary[mode].fg, summary[mode].bg));
      }
      // On light, at least as dark as the body text; on dark, at least as light.
      expect(luminance(title.light.fg)).toBeLessThanOrEqual(luminance(summary.light.fg));
      expect(luminance(title.dark.fg)).toBeGreaterThanOrEqual(luminance(summary.dark.fg));
    }
  });

  it('the same measure finds a theme whose titles are fainter than its text (Market Watch, as the old default)', () => {
    const runs = readHtml(mailedHtml(free, newPublication('market-watch'))).texts;
    const a = harbourArticles()[0]!;
    const title = runs.find((t) => t.text === a.title)!;
    const summary = runs.find((t) => t.text === a.summary)!;
    expect(contrast(title.light.fg, title.light.bg)).toBeLessThan(contrast(summary.light.fg, summary.light.bg));
  });

  it('in dark rendering no built-in theme draws its story titles fainter than its text', () => {
    for (const theme of THEMES) {
      for (const mode of COLOR_THEMES) {
        const runs = readHtml(mailedHtml(admin, newPublication(theme.id), mode)).texts;
        const a = harbourArticles()[0]!;
        const title = runs.find((t) => t.text === a.title)!;
        const summary = runs.find((t) => t.text === a.summary)!;
        // Every mail under its prefers-color-scheme rules, and the dark mail as it is.
        for (const m of mode === 'dark' ? (['light', 'dark'] as const) : (['dark'] as const)) {
          expect(contrast(title[m].fg, title[m].bg), `${theme.id} ${mode}/${m}`).toBeGreaterThanOrEqual(contrast(summary[m].fg, summary[m].bg) - 0.01);
        }
      }
    }
  });

  it('keeps AA in the other colour themes the creator may pick, dark a dark mail', () => {
    for (const mode of COLOR_THEMES) {
      const runs = readHtml(mailedHtml(free, newPublication(), mode)).texts;
      expect(belowAA(runs), mode).toEqual([]);
      if (mode === 'dark') {
        const summary = runs.find((t) => t.text === harbourArticles()[0]!.summary)!;
        expect(luminance(summary.light.bg)).toBeLessThan(0.05);
      }
    }
  });
});

describe("themes' sample copy", () => {
  const visibleText = (html: string) =>
    readHtml(html)
      .texts.map((t) => t.text)
      .join(' ')
      .toLowerCase();

  it('no theme prints its masthead sample line into an issue whose creator set none', () => {
    expect(THEMES).toHaveLength(18);
    for (const theme of THEMES) {
      const line = MASTHEAD_SAMPLE_LINES[theme.headerStyle];
      if (!line) continue;
      for (const mode of COLOR_THEMES) {
        const text = visibleText(mailedHtml(admin, newPublication(theme.id), mode));
        expect(text, `${theme.id} (${mode})`).not.toContain(line.toLowerCase());
        expect(text).toContain(HARBOUR_NAME.toLowerCase());
      }
    }
  });

  it('the sample sheet shows each sample line, so the check above can fail', () => {
    const lines = THEMES.map((t) => MASTHEAD_SAMPLE_LINES[t.headerStyle]).filter(Boolean);
    expect(lines).toContain('Market briefing');
    expect(lines.length).toBeGreaterThanOrEqual(12);
    for (const theme of THEMES) {
      const line = MASTHEAD_SAMPLE_LINES[theme.headerStyle];
      if (!line) continue;
      const input = assembleInputFrom({}, newPublication(theme.id));
      expect(visibleText(assembleNewsletter(admin, input, { sampleCopy: true }).html), theme.id).toContain(line.toLowerCase());
    }
  });

  it("prints the creator's own masthead line from a saved theme, in every masthead that has a line", () => {
    for (const headerStyle of Object.keys(MASTHEAD_SAMPLE_LINES) as (keyof typeof MASTHEAD_SAMPLE_LINES)[]) {
      if (!MASTHEAD_SAMPLE_LINES[headerStyle]) continue;
      const theme = savedThemeMeta('custom-harbour0001', { ...houseBrand({ headerStyle }), kicker: 'Tides, boats and the quay' })!;
      const input = assembleInputFrom({ themeId: theme.id }, newPublication());
      const html = assembleNewsletter(admin, input, { theme }).html;
      expect(visibleText(html), headerStyle).toContain('tides, boats and the quay');
      expect(visibleText(html), headerStyle).not.toContain(MASTHEAD_SAMPLE_LINES[headerStyle].toLowerCase());
      expect(belowAA(readHtml(html).texts), headerStyle).toEqual([]);
    }
  });
});
