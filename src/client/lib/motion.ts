// Motion the reader asked to reduce (prefers-reduced-motion): CSS stops animations itself (styles.css);
// a script's smooth scroll asks here, since `behavior: 'smooth'` in a call overrides the stylesheet.

export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** 'smooth', or 'auto' (a jump) when motion is reduced. */
export function smoothScroll(): ScrollBehavior {
  return prefersReducedMotion() ? 'auto' : 'smooth';
}
