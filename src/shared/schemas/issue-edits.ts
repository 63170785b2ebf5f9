// The creator's edits of an issue's body (step 5 and a saved newsletter): story order, each story's
// title and blurb, Markdown text blocks between stories, a preheader and a sign-off. Kept with the
// publication's workflow and with each saved newsletter; applied once, in the server's issue model, so
// every output (email, web, plain text, exports, archive, integrations) shows the same issue.
import { z } from 'zod';

/** As long as the issue model lets a feed's title and summary be. */
export const STORY_TITLE_MAX = 300;
export const STORY_BLURB_MAX = 1200;
export const TEXT_BLOCK_MAX = 4000;
export const MAX_TEXT_BLOCKS = 10;
export const PREHEADER_MAX = 150;
export const SIGN_OFF_MAX = 1000;
const MAX_STORIES = 100;

const articleRef = z.string().min(1).max(300);

export const storyEdit = z.object({
  id: articleRef,
  /** '' or left out: the story's own title. */
  title: z.string().max(STORY_TITLE_MAX, `A story's title can be at most ${STORY_TITLE_MAX} characters`).optional(),
  blurb: z
    .string()
    .max(STORY_BLURB_MAX, `A story's blurb can be at most ${STORY_BLURB_MAX.toLocaleString('en-US')} characters`)
    .optional(),
});

export const textBlock = z.object({
  /** Client-made, so the editor can key and move a block. */
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'Invalid text block id'),
  /** The story it follows; null puts it above the first story. A story no longer in the issue moves it to the end. */
  after: articleRef.nullable(),
  markdown: z.string().max(TEXT_BLOCK_MAX, `A text block can be at most ${TEXT_BLOCK_MAX.toLocaleString('en-US')} characters`),
});

export const issueEdits = z.object({
  /** Article ids in the order the creator set; stories not named keep their place after these. */
  order: z.array(articleRef).max(MAX_STORIES),
  stories: z.array(storyEdit).max(MAX_STORIES),
  blocks: z.array(textBlock).max(MAX_TEXT_BLOCKS, `An issue can hold at most ${MAX_TEXT_BLOCKS} text blocks`),
  /** '' : the preheader built from the first stories' titles. */
  preheader: z.string().max(PREHEADER_MAX, `The preheader can be at most ${PREHEADER_MAX} characters`),
  signOff: z.string().max(SIGN_OFF_MAX, `The sign-off can be at most ${SIGN_OFF_MAX.toLocaleString('en-US')} characters`),
});
export type IssueEdits = z.infer<typeof issueEdits>;
export type TextBlock = z.infer<typeof textBlock>;
export type StoryEdit = z.infer<typeof storyEdit>;

export const NO_EDITS: IssueEdits = { order: [], stories: [], blocks: [], preheader: '', signOff: '' };

/** Stored edits as read back: anything malformed (an older or hand-edited row) counts as no edits. */
export function storedEdits(raw: unknown): IssueEdits {
  if (!raw || typeof raw !== 'object') return NO_EDITS;
  const parsed = issueEdits.safeParse({ ...NO_EDITS, ...raw });
  return parsed.success ? parsed.data : NO_EDITS;
}

/**
 * The edits kept for a list of stories: edits of stories no longer chosen are dropped, so an edit keyed
 * by article id survives the list changing and a story removed takes its edits with it.
 */
export function editsFor(edits: IssueEdits, articleIds: readonly string[]): IssueEdits {
  const ids = new Set(articleIds);
  return {
    ...edits,
    order: edits.order.filter((id) => ids.has(id)),
    stories: edits.stories.filter((s) => ids.has(s.id)),
    blocks: edits.blocks.map((b) => (b.after === null || ids.has(b.after) ? b : { ...b, after: articleIds.at(-1) ?? null })),
  };
}

/** The ids in the edited order: the ordered ones still present, then the rest in their own order. */
export function orderedIds(edits: IssueEdits, articleIds: readonly string[]): string[] {
  const ids = new Set(articleIds);
  const first = [...new Set(edits.order)].filter((id) => ids.has(id));
  const placed = new Set(first);
  return [...first, ...articleIds.filter((id) => !placed.has(id))];
}
