// Sample articles and HTML inspection helpers for the newsletter tests.
import { parseDocument, DomUtils } from 'htmlparser2';
import type { Element } from 'domhandler';
import type { Article } from '../../../src/shared/schemas/content';

export function sampleArticles(n: number, o: { summaryWords?: number; images?: boolean } = {}): Partial<Article>[] {
  const words = o.summaryWords ?? 40;
  return Array.from({ length: n }, (_, i) => ({
    id: `a-${i}`,
    title: `Story ${i + 1}: regulators approve the new regional rail link after years of debate`,
    summary: Array.from({ length: words }, (_, k) => ['policy', 'makers', 'said', 'the', 'plan', 'would', 'cut', 'journey', 'times'][k % 9]).join(' '),
    url: `https://news.example.com/stories/${i + 1}`,
    source: `Source ${i % 4}`,
    category: ['Transport', 'Economy', 'Local'][i % 3],
    readTime: '4 min',
    publishDate: '2026-11-20T08:00:00Z',
    ...(o.images ? { imageUrl: `https://img.example.com/${i}.jpg` } : {}),
  }));
}

export function inspect(html: string) {
  const doc = parseDocument(html);
  const all = DomUtils.findAll(() => true, doc.children) as Element[];
  const byTag = (tag: string) => all.filter((e) => e.name === tag);
  return { doc, all, byTag, text: DomUtils.textContent(doc) };
}
