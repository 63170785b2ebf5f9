// The plain-text part of an issue: readable on its own, in the order the HTML reads, each story's address under it.
import type { Issue } from './issue';
import { MARKERS } from './markers';

/** The text of a test send's banner, in the HTML and the plain-text part. */
export const testBannerText = (subject: string) => `This is a test of “${subject}”. Your readers will not see this banner.`;

function wrap(text: string, width = 72, indent = ''): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && (line + ' ' + word).length > width - indent.length) {
      lines.push(indent + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(indent + line);
  return lines.join('\n');
}

/**
 * The plain-text part, in the HTML's reading order: the nameplate and its line, the greeting, the intro,
 * each story (title, summary, its source line, its address) with the creator's text blocks where they
 * stand, the sign-off, then the footer (the issue's line, why the reader gets it, the saved theme's footer
 * line, the reader's links, the product's line). `footerText`: a saved theme's footer line. `test`: a test
 * send's banner on top, no subscription line.
 */
export function renderText(
  issue: Issue,
  opts: { includeBranding: boolean; appUrl: string; personalized?: boolean; footerText?: string; test?: boolean },
): string {
  const stories = `${issue.articles.length} ${issue.articles.length === 1 ? 'story' : 'stories'}`;
  const out: string[] = [
    ...(opts.test ? [`[TEST SEND] ${testBannerText(issue.subject)}`, ''] : []),
    issue.name.toUpperCase(),
    `${issue.date} · ${stories} · ${issue.readMinutes} min read`,
    '='.repeat(60),
    '',
    ...(opts.personalized ? [MARKERS.greeting, ''] : []),
    ...(issue.intro ? [wrap(issue.intro), ''] : []),
  ];
  /** A text block: its paragraphs wrapped, its list items and lines kept. */
  const block = (text: string) => out.push(...text.split('\n').map((l) => (l.trim() ? wrap(l) : '')), '');
  issue.blocks.filter((b) => b.afterIndex < 0).forEach((b) => block(b.text));
  issue.articles.forEach((a, i) => {
    out.push(
      wrap(`${i + 1}. ${a.title}`),
      wrap(a.summary, 72, '   '),
      `   ${[a.source, a.date, a.readTime ? `${a.readTime} read` : ''].filter(Boolean).join(' · ')}`,
      ...(a.url ? [`   ${a.url}`] : []),
      '',
    );
    issue.blocks.filter((b) => b.afterIndex === i).forEach((b) => block(b.text));
  });
  if (issue.signOff) out.push(...issue.signOff.split('\n').map((l) => (l.trim() ? wrap(l) : '')), '');
  out.push('-'.repeat(60), `${issue.name} · ${issue.date} · ${stories}`);
  if (!opts.test) out.push(`You are receiving this email because you subscribed to ${issue.name}.`);
  if (opts.footerText) out.push(opts.footerText);
  if (opts.personalized)
    out.push(`View in your browser: ${MARKERS.webUrl}`, `Manage preferences: ${MARKERS.preferencesUrl}`, `Unsubscribe: ${MARKERS.unsubscribeUrl}`);
  if (opts.includeBranding) out.push(`Made with Curated: ${opts.appUrl}`);
  return out.join('\n') + '\n';
}
