// The exportable view of a saved newsletter: title, date, normalised articles and the saved text/HTML.
import type { NewsletterRow } from '../../../../db/schema/newsletters';
import type { Article } from '../../../shared/schemas/content';
import { normalizeArticles, usDate, type IssueArticle } from '../issue';

export interface ExportDoc {
  title: string;
  subject: string;
  /** US-style date of the last save. */
  date: string;
  /** ISO date (YYYY-MM-DD) of the last save, for file names. */
  isoDate: string;
  articles: IssueArticle[];
  text: string;
  html: string;
  theme?: string;
  layoutStyle?: string;
  fontStyle?: string;
  colorTheme?: string;
}

export function exportDocFrom(row: NewsletterRow): ExportDoc {
  const src = row.contentSources ?? { channels: [], articles: [] };
  return {
    title: row.title,
    subject: row.subject,
    date: usDate(row.updatedAt),
    isoDate: row.updatedAt.toISOString().slice(0, 10),
    articles: normalizeArticles((src.articles ?? []) as Partial<Article>[], row.updatedAt),
    text: row.content,
    html: row.htmlContent,
    theme: src.theme,
    layoutStyle: src.layoutStyle,
    fontStyle: src.fontStyle,
    colorTheme: src.colorTheme,
  };
}

/** 'My Weekly: Issue #3' -> 'my-weekly-issue-3' (ASCII, safe in a Content-Disposition header). */
export function slugify(title: string): string {
  const s = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return s || 'newsletter';
}
