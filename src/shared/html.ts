// The one way text enters HTML written by hand, on the server (mail slots, pages written without React)
// and in the browser (a preview's frame).
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** The five characters that can open markup or end an attribute value, as entities. */
export const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
