// Search parameters read without a schema library: route definitions sit in the first bundle every
// page loads, and zod there would cost the landing page about 15 KB.

/** A search parameter as a string of at most `max` characters; anything else (absent, a number, too long) is ''. */
export function stringParam(search: Record<string, unknown>, key: string, max: number): string {
  const v = search[key];
  return typeof v === 'string' && v.length <= max ? v : '';
}
