// Focus is never left under a sticky bar (WCAG 2.4.11). The document's scroll padding (styles.css: the top
// bar, step 5's send bar via --sticky-bottom) tells the browser where the bars are, but Chromium scrolls a
// newly focused element only when none of it shows: one half under the send bar stayed there. After each
// keyboard focus the element is brought fully into the clear area, by the least scroll that does it.

const MARGIN = 8;

function isStuck(el: Element): boolean {
  const position = getComputedStyle(el).position;
  return position === 'fixed' || position === 'sticky';
}

function scrolls(el: Element): boolean {
  const { overflowY } = getComputedStyle(el);
  return (overflowY === 'auto' || overflowY === 'scroll') && el.scrollHeight > el.clientHeight;
}

/** Scrolls `box` (an element that scrolls on its own) the least that shows all of `el` inside it. */
function revealIn(box: Element, el: Element) {
  const outer = box.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  if (r.bottom > outer.bottom) box.scrollTop += Math.min(r.bottom - outer.bottom + MARGIN, r.top - outer.top);
  else if (r.top < outer.top) box.scrollTop -= outer.top - r.top + MARGIN;
}

/** Brings a focused element clear of the document's sticky bars, or of the edges of the box it scrolls in. */
export function keepClear(el: HTMLElement) {
  // Inside a bar, a dialog or a sticky pane, the page's bars cannot cover it: only its own scroll box may hide it.
  let box: Element | null = null;
  for (let n = el.parentElement; n && n !== document.body; n = n.parentElement) {
    if (!box && scrolls(n)) box = n;
    if (isStuck(n)) {
      if (box && n.contains(box)) revealIn(box, el);
      return;
    }
  }
  const root = getComputedStyle(document.documentElement);
  const top = parseFloat(root.scrollPaddingTop) || 0;
  const bottom = parseFloat(root.scrollPaddingBottom) || 0;
  const r = el.getBoundingClientRect();
  const room = innerHeight - top - bottom;
  // Taller than the clear area: its top is what matters.
  if (r.height > room) {
    if (r.top < top || r.top > innerHeight - bottom) window.scrollBy({ top: r.top - top });
    return;
  }
  if (r.top < top) window.scrollBy({ top: r.top - top });
  else if (r.bottom > innerHeight - bottom) window.scrollBy({ top: r.bottom - (innerHeight - bottom) });
}

/** Installs the rule for the whole app (main.tsx): keyboard focus only; a click puts focus where the pointer already is. */
export function installFocusClearance() {
  document.addEventListener('focusin', (e) => {
    const el = e.target;
    if (!(el instanceof HTMLElement) || !el.matches(':focus-visible')) return;
    // After the browser's own scroll to the element, from the layout it leaves.
    requestAnimationFrame(() => el === document.activeElement && keepClear(el));
  });
}
