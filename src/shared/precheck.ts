// The pre-send check's findings, as the server returns them and the send keeps them (issue_sends.precheck).
import { z } from 'zod';

export const PRECHECK_SEVERITIES = ['error', 'warning', 'info'] as const;

/** A change the product can make for the creator in one click (applied to the workflow, then re-checked). */
export const oneClickFix = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('setSubject'), label: z.string(), subject: z.string() }),
  z.object({ kind: z.literal('dropStory'), label: z.string(), articleId: z.string() }),
  z.object({ kind: z.literal('setColorTheme'), label: z.string(), colorTheme: z.enum(['light', 'dark', 'colorful']) }),
  /** Words for an image of a text block: the creator types them, `image` is the image as the block writes it. */
  z.object({ kind: z.literal('setImageAlt'), label: z.string(), blockId: z.string(), image: z.string() }),
]);
export type OneClickFix = z.infer<typeof oneClickFix>;

export const precheckFinding = z.object({
  /** Stable per check and subject ("link-broken:https://…"), so the UI can key and a re-run compare. */
  id: z.string(),
  check: z.string(),
  severity: z.enum(PRECHECK_SEVERITIES),
  title: z.string(),
  detail: z.string(),
  /** How to fix it, in the creator's words. */
  fix: z.string(),
  oneClickFix: oneClickFix.optional(),
  /**
   * What in the issue the finding is about, so step 5 can point at it in the preview: a link by its
   * address, an image by its source, or a run of text by its words. Absent for the issue as a whole.
   */
  target: z.object({ kind: z.enum(['link', 'image', 'text']), value: z.string() }).optional(),
});
export type PrecheckTarget = NonNullable<z.infer<typeof precheckFinding>['target']>;
export type PrecheckFinding = z.infer<typeof precheckFinding>;

export const precheckResult = z.object({
  checkedAt: z.string(),
  findings: z.array(precheckFinding),
  /** A finding the creator cannot send past (only a missing unsubscribe link). */
  blocked: z.boolean(),
  counts: z.object({ error: z.number().int(), warning: z.number().int(), info: z.number().int() }),
  links: z.object({ total: z.number().int(), checked: z.number().int(), broken: z.number().int(), unanswered: z.number().int() }),
  htmlBytes: z.number().int(),
});
export type PrecheckResult = z.infer<typeof precheckResult>;

export const PRECHECK_MSG = {
  blocked: 'This issue has no unsubscribe link, so it cannot be sent. Add one and check again.',
  allClear: 'Everything checked out: links answer, images have alt text, text reads in light and dark, and the issue fits before Gmail clips it.',
} as const;

/**
 * A text block's Markdown with alt text given to one image (`image` as the block writes it: `![](…)` or an
 * `<img …>` tag; every copy of it gets the words). The words are escaped for where they go, so they can
 * never end the image early or add markup.
 */
export function withImageAlt(markdown: string, image: string, alt: string): string {
  const words = alt.replace(/\s+/g, ' ').trim();
  if (!words || !markdown.includes(image)) return markdown;
  const next = image.startsWith('!')
    ? image.replace(/^!\[[^\]]*\]/, `![${words.replace(/[\\[\]]/g, (c) => `\\${c}`)}]`)
    : image
        .replace(/\s+alt\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/i, '')
        .replace(/^<img\b/i, `<img alt="${words.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')}"`);
  return markdown.split(image).join(next);
}
