// The exportable view of a saved newsletter: title, date, normalised articles and the saved text/HTML.
import type { NewsletterRow } from '../../../../db/schema';
import type { Article } from '../../../shared/schemas/content';
import type { ThemeMeta } from '../../../shared/themes';
import { storedEdits } from '../../../shared/schemas/issue-edits';
import { buildIssue, normalizeArticles, usDate, type Issue, type IssueArticle } from '../issue';
import { slugify as slugOf } from '../../../shared/slug';

export interface ExportDoc {
  title: string;
  subject: string;
  /** US-style date of the last save. */
  date: string;
  /** ISO date (YYYY-MM-DD) of the last save, for file names. */
  isoDate: string;
  /** The stories as the issue shows them: the creator's order, titles and blurbs. */
  articles: IssueArticle[];
  /** The issue model built with the saved intro and edits (text blocks, sign-off), as the email showed it. */
  issue?: Issue;
  text: string;
  html: string;
  theme?: string;
  /** The owner's saved theme named by `theme`, resolved by the caller (the built-in ones are looked up by id). */
  savedTheme?: ThemeMeta;
  layoutStyle?: string;
  fontStyle?: string;
  colorTheme?: string;
}

/** The issue a document lays out (one made from its articles alone when it carries none). */
export function issueOf(doc: ExportDoc): Issue {
  return doc.issue ?? buildIssue(doc.title, doc.articles, new Date(doc.isoDate));
}

export function exportDocFrom(row: NewsletterRow): ExportDoc {
  const src = row.contentSources ?? { channels: [], articles: [] };
  const issue = buildIssue(row.title, normalizeArticles((src.articles ?? []) as Partial<Article>[], row.updatedAt), row.updatedAt, {
    intro: typeof src.intro === 'string' ? src.intro : '',
    subject: row.subject,
    edits: src.edits === undefined ? undefined : storedEdits(src.edits),
  });
  return {
    title: row.title,
    subject: row.subject,
    date: usDate(row.updatedAt),
    isoDate: row.updatedAt.toISOString().slice(0, 10),
    articles: issue.articles,
    issue,
    text: row.content,
    html: row.htmlContent,
    theme: src.theme,
    layoutStyle: src.layoutStyle,
    fontStyle: src.fontStyle,
    colorTheme: src.colorTheme,
  };
}

/** 'My Weekly: Issue #3' -> 'my-weekly-issue-3' (ASCII, safe in a Content-Disposition header). */
export const slugify = (title: string): string => slugOf(title, 80, 'newsletter');

/** Saved text a binary export (PDF, Word, EPUB) lays out; a Word file of 2 MB of short lines took ~8 s. */
export const BINARY_TEXT_MAX = 200_000;

/**
 * The document as the binary writers get it: saved text past BINARY_TEXT_MAX is cut at a line end and
 * the export says so in its last line (the saved newsletter itself is never changed).
 */
export function boundedForLayout(doc: ExportDoc): ExportDoc {
  if (doc.text.length <= BINARY_TEXT_MAX) return doc;
  const cut = doc.text.lastIndexOf('\n', BINARY_TEXT_MAX - 1);
  const kept = doc.text.slice(0, cut > BINARY_TEXT_MAX / 2 ? cut + 1 : BINARY_TEXT_MAX);
  const note = `[This export holds the first ${kept.length.toLocaleString('en-US')} of ${doc.text.length.toLocaleString('en-US')} characters of the saved text. Export it as plain text or Markdown for all of it.]`;
  return { ...doc, text: `${kept.trimEnd()}\n\n${note}` };
}
