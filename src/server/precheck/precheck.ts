// The pre-send check of an assembled issue: links that do not answer, link text naming another site,
// images without alt text, text that does not read in light or dark rendering, Gmail's clip, the plain
// text missing a story's link, a missing unsubscribe link (the one finding that stops a send) and
// subjects that read as spam. Every path that sends an issue calls `precheckIssue` with what it is about
// to send: step 5 and the send dialog (precheck.run), issue sends (kept on the send), recurring issues.
import type { SafeFetcher } from '../feeds/fetcher';
import { GMAIL_CLIP_BYTES } from '../../shared/schemas/newsletter';
import type { OneClickFix, PrecheckFinding, PrecheckResult } from '../../shared/precheck';
import { contrast } from '../newsletter/palette';
import { MARKERS } from '../newsletter/markers';
import { readHtml, type HtmlFacts, type TextRun } from './html';
import { checkLinks, type LinkAnswer } from './links';
import { spamFindings } from './subject';
import { imagesWithoutAlt } from '../markdown';

export interface PrecheckIssue {
  /** The email HTML as it goes out (the send's template with its slots, or one reader's message). */
  html: string;
  /** The plain-text part. */
  text: string;
  subject: string;
  /** The issue's stories: their links must reach the plain text; a broken one can be dropped in one click. */
  stories?: { id: string; title: string; url: string }[];
  /** A built message's headers; when given, List-Unsubscribe must be among them. */
  headers?: Record<string, string>;
  /** The colour theme the issue was rendered in (named in contrast findings). */
  colorTheme?: string;
  /** The creator's text blocks (Markdown): their images need words the creator gives. */
  blocks?: { id: string; markdown: string }[];
}

export interface PrecheckDeps {
  fetcher: SafeFetcher;
  now: () => Date;
  /** Links under this address are the product's own pages (web version, sign-up): not checked. */
  ownBase?: string;
  /** Use only link answers already known (no request): the record kept with a send. */
  cacheOnly?: boolean;
  perLinkMs?: number;
  overallMs?: number;
  /** Another colour theme whose rendering reads in light and dark, offered as a one-click fix. */
  readableColorTheme?: () => Promise<string | undefined>;
}

const MAX_PER_CHECK = 5;

const short = (s: string, n = 60) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const isMarker = (href: string) => href.includes('%%CURATED_');

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** The site link text names when the whole text is an address ("paypal.com", "https://bank.example/login"). */
const ADDRESS_TEXT = /^(?:https?:\/\/)?(?:www\.)?((?:[a-z0-9-]+\.)+[a-z]{2,24})(?::\d+)?(?:[/?#]\S*)?$/i;

function linkTextFindings(facts: HtmlFacts): PrecheckFinding[] {
  const out: PrecheckFinding[] = [];
  const seen = new Set<string>();
  for (const l of facts.links) {
    const named = ADDRESS_TEXT.exec(l.text)?.[1]?.toLowerCase();
    const target = hostOf(l.href);
    if (!named || !target || isMarker(l.href)) continue;
    // A link carried twice (a story's title and its image, a block repeated) is one thing to fix.
    if (seen.has(l.href)) continue;
    seen.add(l.href);
    if (named === target || target.endsWith(`.${named}`) || named.endsWith(`.${target}`)) continue;
    out.push({
      id: `link-text:${l.href}`,
      check: 'link-text',
      severity: 'warning',
      title: 'Link text names another site',
      detail: `The text "${short(l.text)}" names ${named}, but the link goes to ${target}. Mail clients and readers treat this as phishing.`,
      fix: 'Make the link text name the site it goes to, or use words instead of an address.',
      target: { kind: 'link', value: l.href },
    });
  }
  return out.slice(0, MAX_PER_CHECK);
}

/**
 * Images the creator put in a text block without words: each is a finding with a field for them. An
 * empty alt the product writes itself (a story's picture beside its title, which says what it shows) is
 * decoration and not reported; a creator's image has no such title, so `alt=""` there is a gap.
 */
function blockImageFindings(blocks: PrecheckIssue['blocks']): { findings: PrecheckFinding[]; srcs: string[] } {
  // Only images the e-mail shows: the sanitiser drops any other address (data:, relative paths).
  const found = (blocks ?? []).flatMap((b) =>
    imagesWithoutAlt(b.markdown)
      .filter((img) => /^(https?:\/\/|\/media\/)/i.test(img.src))
      .map((img) => ({ ...img, blockId: b.id })),
  );
  const distinct = [...new Map(found.map((f) => [`${f.blockId}:${f.raw}`, f])).values()];
  return {
    srcs: found.map((f) => f.src),
    findings: distinct.slice(0, MAX_PER_CHECK).map((img) => ({
      id: `img-alt:${img.blockId}:${img.raw}`,
      check: 'img-alt',
      severity: 'warning' as const,
      title: 'An image you added has no alt text',
      detail: `Screen readers and mail clients that block images show nothing for ${short(img.src, 50)}.`,
      fix: 'Say in a few words what the image shows; the words are saved with the image in your text block.',
      oneClickFix: { kind: 'setImageAlt' as const, label: 'Save alt text', blockId: img.blockId, image: img.raw },
      target: { kind: 'image' as const, value: img.src },
    })),
  };
}

function imageFindings(facts: HtmlFacts, reported: string[]): PrecheckFinding[] {
  // The e-mail makes an uploaded image's address absolute: a block's '/media/x' is '<app>/media/x' there.
  const missing = facts.images.filter((i) => i.alt === null && !reported.some((src) => i.src === src || i.src.endsWith(src)));
  if (!missing.length) return [];
  return [
    {
      id: 'img-alt',
      check: 'img-alt',
      severity: 'warning',
      title: `${missing.length} ${missing.length === 1 ? 'image has' : 'images have'} no alt text`,
      detail: `Screen readers and mail clients that block images show nothing for ${missing
        .slice(0, 3)
        .map((i) => short(i.src, 50))
        .join(', ')}${missing.length > 3 ? ' and others' : ''}.`,
      fix: 'Give each image an alt attribute that says what it shows (alt="" only for decoration).',
      target: { kind: 'image', value: missing[0].src },
    },
  ];
}

const MODES = ['light', 'dark'] as const;
/** WCAG 2.1 AA: 4.5:1 for text, 3:1 for large text (24 px, or 18.66 px bold). */
const needsRatio = (run: TextRun) => (run.large ? 3 : 4.5);

/** Whether the text of an issue's HTML reads (WCAG AA) in light and in dark rendering. */
export function readsInBothModes(html: string): boolean {
  return readHtml(html).texts.every((t) => MODES.every((m) => contrast(t[m].fg, t[m].bg) >= needsRatio(t)));
}

async function contrastFindings(facts: HtmlFacts, deps: PrecheckDeps, colorTheme?: string): Promise<PrecheckFinding[]> {
  const worst = new Map<string, { run: TextRun; mode: 'light' | 'dark'; fg: string; bg: string; ratio: number; needs: number }>();
  const seenLight = new Set<string>();
  for (const mode of MODES) {
    for (const run of facts.texts) {
      const { fg, bg } = run[mode];
      const needs = needsRatio(run);
      const ratio = Math.floor(contrast(fg, bg) * 100) / 100;
      if (ratio >= needs) continue;
      const pair = `${fg}/${bg}/${needs}`;
      // A dark rendering the issue does not restyle is the light one again: reported once.
      if (mode === 'light') seenLight.add(pair);
      else if (seenLight.has(pair)) continue;
      const key = `${mode}:${pair}`;
      if (!worst.has(key)) worst.set(key, { run, mode, fg, bg, ratio, needs });
    }
  }
  if (!worst.size) return [];
  const alt = await deps.readableColorTheme?.();
  const fix: OneClickFix | undefined = alt ? { kind: 'setColorTheme', label: `Switch to the ${alt} colour theme`, colorTheme: alt as 'light' } : undefined;
  return [...worst.entries()]
    .sort((a, b) => a[1].ratio - b[1].ratio)
    .slice(0, MAX_PER_CHECK)
    .map(([key, w]) => ({
      id: `contrast:${key}`,
      check: 'contrast',
      severity: 'warning' as const,
      title: `Hard to read in ${w.mode} mode`,
      detail: `"${short(w.run.text, 40)}" is ${w.fg} on ${w.bg}: ${w.ratio.toFixed(2)}:1, where ${w.needs}:1 is needed${colorTheme ? ` (the ${colorTheme} colour theme)` : ''}.`,
      fix: alt
        ? `Switch to the ${alt} colour theme, or pick a theme whose colours read on their background.`
        : 'Pick a colour theme or theme whose text colour reads on its background in light and dark mode.',
      ...(fix ? { oneClickFix: fix } : {}),
      target: { kind: 'text' as const, value: w.run.text },
    }));
}

function sizeFindings(bytes: number, stories: PrecheckIssue['stories']): PrecheckFinding[] {
  if (bytes <= GMAIL_CLIP_BYTES) return [];
  const last = stories && stories.length > 1 ? stories[stories.length - 1] : undefined;
  return [
    {
      id: 'gmail-clip',
      check: 'gmail-clip',
      severity: 'warning',
      title: 'Gmail will clip this issue',
      detail: `The email is ${kb(bytes)}; Gmail cuts messages above ${kb(GMAIL_CLIP_BYTES)} and hides the rest, unsubscribe link included, behind "View entire message".`,
      fix: 'Carry fewer stories or shorter blurbs, or a lighter layout, until the issue is under 102 KB.',
      ...(last ? { oneClickFix: { kind: 'dropStory' as const, label: `Drop the last story ("${short(last.title, 40)}")`, articleId: last.id } } : {}),
    },
  ];
}

function parityFindings(issue: PrecheckIssue, facts: HtmlFacts): PrecheckFinding[] {
  const wanted = issue.stories?.length
    ? issue.stories.map((s) => s.url).filter(Boolean)
    : [...new Set(facts.links.map((l) => l.href).filter((h) => /^https?:/i.test(h) && !isMarker(h)))];
  const missing = wanted.filter((u) => !issue.text.includes(u));
  if (!issue.text.trim()) {
    return [
      {
        id: 'text-parity',
        check: 'text-parity',
        severity: 'warning',
        title: 'The plain-text part is empty',
        detail: 'Readers whose mail app shows plain text, and spam filters that compare both parts, see nothing.',
        fix: 'Send the plain text the product builds with the issue.',
      },
    ];
  }
  if (!missing.length) return [];
  return [
    {
      id: 'text-parity',
      check: 'text-parity',
      severity: 'warning',
      title: `The plain text misses ${missing.length} ${missing.length === 1 ? 'link' : 'links'}`,
      detail: `Readers of the plain-text part cannot reach ${missing
        .slice(0, 3)
        .map((u) => short(u, 50))
        .join(', ')}${missing.length > 3 ? ' and others' : ''}.`,
      fix: "Add every story's link to the plain-text part, as the HTML has it.",
    },
  ];
}

/** The one blocking finding: every issue must let its reader leave (CAN-SPAM, GDPR, Gmail and Yahoo's sender rules). */
function unsubscribeFindings(issue: PrecheckIssue, facts: HtmlFacts): PrecheckFinding[] {
  const inHtml = issue.html.includes(MARKERS.unsubscribeUrl) || facts.links.some((l) => /unsubscribe/i.test(l.href) || /unsubscribe/i.test(l.text));
  const header = issue.headers ? Object.entries(issue.headers).some(([k, v]) => k.toLowerCase() === 'list-unsubscribe' && v.trim()) : true;
  const inText = issue.text.includes(MARKERS.unsubscribeUrl) || /unsubscribe/i.test(issue.text);
  const out: PrecheckFinding[] = [];
  if (!inHtml || !header) {
    out.push({
      id: 'unsubscribe',
      check: 'unsubscribe',
      severity: 'error',
      title: 'No unsubscribe link',
      detail: !inHtml ? 'The email has no link that lets a reader unsubscribe.' : 'The message has no List-Unsubscribe header.',
      fix: 'Every issue must carry an unsubscribe link (and the List-Unsubscribe header): send it through the product, which adds both, or add them to the template.',
    });
  } else if (!inText) {
    out.push({
      id: 'unsubscribe-text',
      check: 'unsubscribe',
      severity: 'warning',
      title: 'The plain text has no unsubscribe link',
      detail: 'Readers of the plain-text part cannot find how to leave.',
      fix: 'Add the unsubscribe link to the plain-text part.',
    });
  }
  return out;
}

function linkFindings(answers: LinkAnswer[], stories: PrecheckIssue['stories']): PrecheckFinding[] {
  const out: PrecheckFinding[] = [];
  const byUrl = new Map((stories ?? []).map((s) => [s.url, s]));
  for (const a of answers) {
    if (a.status === 'ok') continue;
    const story = byUrl.get(a.url);
    const dropFix =
      story && (stories?.length ?? 0) > 1
        ? { oneClickFix: { kind: 'dropStory' as const, label: `Drop the story "${short(story.title, 40)}"`, articleId: story.id } }
        : {};
    if (a.status === 'broken') {
      out.push({
        id: `link-broken:${a.url}`,
        check: 'links',
        severity: 'error',
        title: 'A link is broken',
        detail: `${short(a.url, 80)}: ${a.reason}.`,
        fix: story ? 'Drop the story, or pick another article about it.' : 'Correct the address or remove the link.',
        target: { kind: 'link', value: a.url },
        ...dropFix,
      });
    } else if (a.status === 'unanswered') {
      out.push({
        id: `link-unanswered:${a.url}`,
        check: 'links',
        severity: 'warning',
        title: 'A link did not answer',
        detail: `${short(a.url, 80)} did not answer: ${a.reason}. It may be slow or down.`,
        fix: 'Open the link yourself; if it stays down, drop the story or check again later.',
        target: { kind: 'link', value: a.url },
        ...dropFix,
      });
    } else {
      out.push({
        id: `link-blocked:${a.url}`,
        check: 'links',
        severity: 'warning',
        title: 'A link points to a private address',
        detail: `${short(a.url, 80)} leads to a private or local network address; readers cannot open it.`,
        fix: 'Use a public address for this link.',
        target: { kind: 'link', value: a.url },
        ...dropFix,
      });
    }
  }
  return out;
}

/** Checks what is about to be sent. Never throws for a link that hangs or fails: it becomes a finding. */
export async function precheckIssue(issue: PrecheckIssue, deps: PrecheckDeps): Promise<PrecheckResult> {
  const facts = readHtml(issue.html);
  const htmlBytes = Buffer.byteLength(issue.html, 'utf8');
  const own = deps.ownBase?.replace(/\/+$/, '');
  const urls = facts.links.map((l) => l.href).filter((h) => /^https?:\/\//i.test(h) && !isMarker(h) && !(own && (h === own || h.startsWith(`${own}/`))));
  const answers = await checkLinks(urls, {
    fetcher: deps.fetcher,
    now: deps.now,
    cacheOnly: deps.cacheOnly,
    perLinkMs: deps.perLinkMs,
    overallMs: deps.overallMs,
  });
  const creatorImages = blockImageFindings(issue.blocks);
  const all = [
    ...unsubscribeFindings(issue, facts),
    ...linkFindings(answers, issue.stories),
    ...linkTextFindings(facts),
    ...creatorImages.findings,
    ...imageFindings(facts, creatorImages.srcs),
    ...(await contrastFindings(facts, deps, issue.colorTheme)),
    ...sizeFindings(htmlBytes, issue.stories),
    ...parityFindings(issue, facts),
    ...spamFindings(issue.subject),
  ];
  // Each finding once: its id names the check and what it is about.
  const findings = [...new Map(all.map((f) => [f.id, f])).values()];
  const counts = { error: 0, warning: 0, info: 0 };
  for (const f of findings) counts[f.severity]++;
  return {
    checkedAt: deps.now().toISOString(),
    findings,
    blocked: findings.some((f) => f.check === 'unsubscribe' && f.severity === 'error'),
    counts,
    links: {
      total: answers.length,
      checked: answers.filter((a) => a.reason !== 'not checked before the send').length,
      broken: answers.filter((a) => a.status === 'broken').length,
      unanswered: answers.filter((a) => a.status === 'unanswered').length,
    },
    htmlBytes,
  };
}
