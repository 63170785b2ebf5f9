// Description and Open Graph tags of a public page, set while it is shown. The server already writes them
// into the shell of /blog/<slug> for crawlers; here they follow client-side navigation, and are put back
// (or removed) when the page goes.
import { useEffect } from 'react';

export interface DocumentMeta {
  description?: string;
  ogTitle?: string;
  ogImage?: string;
  ogType?: 'website' | 'article';
  /** An RSS feed named by a <link rel="alternate">. */
  feed?: { title: string; href: string };
}

function setTag(selector: string, create: () => HTMLElement, attr: string, value: string | undefined, undo: (() => void)[]) {
  let el = document.head.querySelector<HTMLElement>(selector);
  if (value === undefined) return;
  if (el) {
    const before = el.getAttribute(attr);
    el.setAttribute(attr, value);
    const kept = el;
    undo.push(() => (before === null ? kept.removeAttribute(attr) : kept.setAttribute(attr, before)));
  } else {
    el = create();
    el.setAttribute(attr, value);
    document.head.appendChild(el);
    const added = el;
    undo.push(() => added.remove());
  }
}

const meta = (key: 'name' | 'property', value: string) => () => {
  const el = document.createElement('meta');
  el.setAttribute(key, value);
  return el;
};

export function useDocumentMeta(m: DocumentMeta) {
  const { description, ogTitle, ogImage, ogType, feed } = m;
  const feedTitle = feed?.title;
  const feedHref = feed?.href;
  useEffect(() => {
    const undo: (() => void)[] = [];
    setTag('meta[name="description"]', meta('name', 'description'), 'content', description, undo);
    setTag('meta[property="og:title"]', meta('property', 'og:title'), 'content', ogTitle, undo);
    setTag('meta[property="og:description"]', meta('property', 'og:description'), 'content', description, undo);
    setTag('meta[property="og:type"]', meta('property', 'og:type'), 'content', ogType, undo);
    setTag('meta[property="og:image"]', meta('property', 'og:image'), 'content', ogImage ? new URL(ogImage, window.location.origin).href : undefined, undo);
    if (feedHref) {
      setTag(
        'link[rel="alternate"][type="application/rss+xml"]',
        () => {
          const el = document.createElement('link');
          el.rel = 'alternate';
          el.type = 'application/rss+xml';
          el.title = feedTitle ?? '';
          return el;
        },
        'href',
        feedHref,
        undo,
      );
    }
    return () => undo.reverse().forEach((f) => f());
  }, [description, ogTitle, ogImage, ogType, feedTitle, feedHref]);
}
