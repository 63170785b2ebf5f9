// Pointing at a pre-send finding in step 5's preview: the frames are same-origin srcdoc documents
// without scripts (sandbox="allow-same-origin", never allow-scripts), so this page finds the finding's
// element in them and outlines it from outside; "Show in preview" also scrolls the frame to it.
import type { PrecheckTarget } from '../../../shared/precheck';

const MARK = 'data-curated-finding';
const FRAMES = 'iframe[data-inspectable]';

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The element of a preview document a finding is about, or null when this rendering does not carry it. */
export function findInDocument(doc: Document, target: PrecheckTarget): HTMLElement | null {
  if (target.kind === 'link') {
    return [...doc.querySelectorAll<HTMLAnchorElement>('a[href]')].find((a) => a.getAttribute('href')?.trim() === target.value) ?? null;
  }
  if (target.kind === 'image') {
    // The e-mail makes an uploaded image's address absolute; the web copy may keep '/media/x'.
    return (
      [...doc.querySelectorAll<HTMLImageElement>('img[src]')].find((i) => {
        const src = i.getAttribute('src') ?? '';
        return src === target.value || (src.length > 0 && (src.endsWith(target.value) || target.value.endsWith(src)));
      }) ?? null
    );
  }
  const words = squash(target.value);
  if (!words || !doc.body) return null;
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (squash(n.textContent ?? '') === words && n.parentElement) return n.parentElement;
  }
  return null;
}

function frames(root: ParentNode): HTMLIFrameElement[] {
  return [...root.querySelectorAll<HTMLIFrameElement>(FRAMES)];
}

/** Removes every outline this module drew. */
export function clearHighlight(root: ParentNode = document) {
  for (const f of frames(root)) {
    const doc = f.contentDocument;
    doc?.querySelectorAll<HTMLElement>(`[${MARK}]`).forEach((el) => {
      el.style.removeProperty('outline');
      el.style.removeProperty('outline-offset');
      el.removeAttribute(MARK);
    });
  }
}

/**
 * Outlines the finding's element in every shown preview frame; `scroll` brings it into the frame's view.
 * Returns whether any frame carries it.
 */
export function highlight(target: PrecheckTarget, { scroll = false, root = document as ParentNode } = {}): boolean {
  clearHighlight(root);
  let found = false;
  for (const f of frames(root)) {
    const doc = f.contentDocument;
    const el = doc && findInDocument(doc, target);
    if (!el) continue;
    found = true;
    el.setAttribute(MARK, '');
    // Amber outline with a white gap reads on light and dark issues alike.
    el.style.setProperty('outline', '3px solid #f59e0b', 'important');
    el.style.setProperty('outline-offset', '2px', 'important');
    if (scroll) el.scrollIntoView({ block: 'center', inline: 'nearest' });
  }
  return found;
}
