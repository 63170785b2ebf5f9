// Step 5's editor of the issue's body: story order (up/down buttons, no dragging needed: focus stays on the
// moved story and its new position is announced), each
// story's title and blurb, Markdown text blocks after a story, a preheader and a sign-off. Every change
// is saved whole with the publication (wizard.saveProgress); the server applies it to every output.
import { useEffect, useRef, useState } from 'react';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { ReasonButton } from '../../components/ui/reason-button';
import { Input, Textarea } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { LiveRegion } from '../../components/ui/live-region';
import {
  MAX_TEXT_BLOCKS,
  orderedIds,
  PREHEADER_MAX,
  SIGN_OFF_MAX,
  STORY_BLURB_MAX,
  STORY_TITLE_MAX,
  TEXT_BLOCK_MAX,
  type IssueEdits,
} from '../../../shared/schemas/issue-edits';
import { Part } from './part';

type StoryEdit = IssueEdits['stories'][number];

export interface EditableStory {
  id: string;
  title: string;
  summary: string;
}

/** Moves a story up or down; after a move the focus is put back on the button the move asks for. */
function MoveButton({
  dir,
  title,
  disabled,
  focusHere,
  onFocused,
  onMove,
}: {
  dir: 'up' | 'down';
  title: string;
  disabled: boolean;
  focusHere: boolean;
  onFocused: () => void;
  onMove: () => void;
}) {
  return (
    <ReasonButton
      type="button"
      size="sm"
      variant="outline"
      aria-label={`Move "${title}" ${dir}`}
      disabled={disabled}
      reason={dir === 'up' ? 'Already the first story' : 'Already the last story'}
      ref={(el) => {
        if (el && focusHere) {
          el.focus();
          onFocused();
        }
      }}
      onClick={onMove}
    >
      {dir === 'up' ? <ArrowUp aria-hidden /> : <ArrowDown aria-hidden />}
    </ReasonButton>
  );
}

/** A story's title and blurb as edited; a field set back to the feed's text stores nothing. */
function StoryFields({
  i,
  story: s,
  edit: e,
  onSet,
}: {
  i: number;
  story: EditableStory;
  edit?: StoryEdit;
  onSet: (field: 'title' | 'blurb', value: string) => void;
}) {
  return (
    <div className="grid min-w-0 flex-1 gap-2">
      <Label htmlFor={`story-title-${i}`} className="sr-only">
        Title of story {i + 1}
      </Label>
      <Input
        id={`story-title-${i}`}
        defaultValue={e?.title || s.title}
        maxLength={STORY_TITLE_MAX}
        onBlur={(ev) => ev.target.value !== (e?.title || s.title) && onSet('title', ev.target.value === s.title ? '' : ev.target.value)}
      />
      <Label htmlFor={`story-blurb-${i}`} className="sr-only">
        Blurb of story {i + 1}
      </Label>
      <Textarea
        id={`story-blurb-${i}`}
        rows={2}
        defaultValue={e?.blurb || s.summary}
        maxLength={STORY_BLURB_MAX}
        onBlur={(ev) => ev.target.value !== (e?.blurb || s.summary) && onSet('blurb', ev.target.value === s.summary ? '' : ev.target.value)}
      />
    </div>
  );
}

/** The preheader and the sign-off, saved as they lose focus. */
function EndFields({ edits, onChange }: { edits: IssueEdits; onChange: (next: IssueEdits) => void }) {
  return (
    <div className="mt-4 grid gap-4 @3xl:grid-cols-2">
      <div className="grid content-start gap-2">
        <Label htmlFor="issue-preheader">Preheader</Label>
        <Input
          id="issue-preheader"
          defaultValue={edits.preheader}
          maxLength={PREHEADER_MAX}
          placeholder="Built from the first stories' titles"
          onBlur={(ev) => ev.target.value !== edits.preheader && onChange({ ...edits, preheader: ev.target.value })}
        />
      </div>
      <div className="grid content-start gap-2">
        <Label htmlFor="issue-sign-off">Sign-off</Label>
        <Textarea
          id="issue-sign-off"
          rows={2}
          defaultValue={edits.signOff}
          maxLength={SIGN_OFF_MAX}
          placeholder="A few words after the stories (optional)"
          onBlur={(ev) => ev.target.value !== edits.signOff && onChange({ ...edits, signOff: ev.target.value })}
        />
      </div>
    </div>
  );
}

/** The story order: a move, its announcement, and which button takes the focus after it. */
function useStoryOrder(ids: string[], byId: Map<string, EditableStory>, edits: IssueEdits, onChange: (next: IssueEdits) => void) {
  const [focusAfterMove, setFocusAfterMove] = useState<string | null>(null);
  const [moved, setMoved] = useState('');
  const move = (i: number, by: -1 | 1) => {
    const next = [...ids];
    const [id] = next.splice(i, 1);
    const to = i + by;
    next.splice(to, 0, id);
    onChange({ ...edits, order: next });
    setMoved(`Moved “${byId.get(id!)?.title ?? 'the story'}” to position ${to + 1} of ${next.length}.`);
    // A story moved to an end loses the button just pressed (it turns off), so focus goes to its other one.
    const dir = by < 0 ? (to === 0 ? 'down' : 'up') : to === next.length - 1 ? 'up' : 'down';
    setFocusAfterMove(`${id}:${dir}`);
  };
  return { move, moved, focusAfterMove, focused: () => setFocusAfterMove(null) };
}

/** The text blocks: adding one (focused at once), editing and removing. */
function useTextBlocks(edits: IssueEdits, onChange: (next: IssueEdits) => void) {
  const [focusBlock, setFocusBlock] = useState<string | null>(null);
  const addBlock = (after: string | null) => {
    const id = `b${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    onChange({ ...edits, blocks: [...edits.blocks, { id, after, markdown: '' }] });
    setFocusBlock(id);
  };
  const setBlock = (id: string, markdown: string) => onChange({ ...edits, blocks: edits.blocks.map((b) => (b.id === id ? { ...b, markdown } : b)) });
  const removeBlock = (id: string) => onChange({ ...edits, blocks: edits.blocks.filter((b) => b.id !== id) });
  const canAdd = edits.blocks.length < MAX_TEXT_BLOCKS;
  const blocksAfter = (after: string | null) =>
    edits.blocks
      .filter((b) => b.after === after)
      .map((b) => (
        <BlockField
          key={b.id}
          id={b.id}
          markdown={b.markdown}
          autoFocus={focusBlock === b.id}
          onFocused={() => setFocusBlock(null)}
          onSave={setBlock}
          onRemove={removeBlock}
        />
      ));
  /** The blocks after a story (null: before the first) and the button that adds one there. */
  const blocksAt = (after: string | null, label: string, className: string) => (
    <>
      {blocksAfter(after)}
      <ReasonButton
        type="button"
        size="sm"
        variant="ghost"
        className={className}
        disabled={!canAdd}
        reason={`At most ${MAX_TEXT_BLOCKS} text blocks: remove one to add another`}
        onClick={() => addBlock(after)}
      >
        <Plus aria-hidden /> {label}
      </ReasonButton>
    </>
  );
  return blocksAt;
}

export function IssueEditor({ stories, edits, onChange }: { stories: EditableStory[]; edits: IssueEdits; onChange: (next: IssueEdits) => void }) {
  const ids = orderedIds(
    edits,
    stories.map((s) => s.id),
  );
  const byId = new Map(stories.map((s) => [s.id, s]));
  const order = useStoryOrder(ids, byId, edits, onChange);
  const blocksAt = useTextBlocks(edits, onChange);
  const storyEdit = (id: string) => edits.stories.find((s) => s.id === id);
  const setStory = (id: string, field: 'title' | 'blurb', value: string) => {
    const rest = edits.stories.filter((s) => s.id !== id);
    onChange({ ...edits, stories: [...rest, { ...storyEdit(id), id, [field]: value }] });
  };

  return (
    <Part
      title="Edit the issue"
      id="issue-editor"
      className="mb-6"
      description="Reorder stories, rewrite their titles and blurbs, and add text (Markdown) between them. Changes show in the preview, the sent mail and every export."
    >
      <div>{blocksAt(null, 'Add text before the first story', 'mt-1')}</div>
      <LiveRegion testId="story-order-announcement">{order.moved}</LiveRegion>
      <ol className="mt-2 grid gap-3" aria-label="Stories">
        {ids.map((id, i) => {
          const s = byId.get(id)!;
          const moveButton = (dir: 'up' | 'down') => (
            <MoveButton
              dir={dir}
              title={s.title}
              disabled={dir === 'up' ? i === 0 : i === ids.length - 1}
              focusHere={order.focusAfterMove === `${id}:${dir}`}
              onFocused={order.focused}
              onMove={() => order.move(i, dir === 'up' ? -1 : 1)}
            />
          );
          return (
            <li key={id} className="rounded-md border border-zinc-200 p-3 dark:border-zinc-700">
              <div className="flex items-start gap-2">
                <span className="mt-2 text-xs font-semibold tabular-nums text-muted">{i + 1}.</span>
                <StoryFields i={i} story={s} edit={storyEdit(id)} onSet={(field, value) => setStory(id, field, value)} />
                <div className="flex flex-col gap-1">
                  {moveButton('up')}
                  {moveButton('down')}
                </div>
              </div>
              {blocksAt(id, `Add text after story ${i + 1}`, 'mt-2')}
            </li>
          );
        })}
      </ol>
      <EndFields edits={edits} onChange={onChange} />
    </Part>
  );
}

function BlockField({
  id,
  markdown,
  autoFocus,
  onFocused,
  onSave,
  onRemove,
}: {
  id: string;
  markdown: string;
  autoFocus: boolean;
  onFocused: () => void;
  onSave: (id: string, v: string) => void;
  onRemove: (id: string) => void;
}) {
  const area = useRef<HTMLTextAreaElement | null>(null);
  // A change made elsewhere (alt text given in the pre-send check) shows here, unless the creator is typing.
  useEffect(() => {
    const el = area.current;
    if (el && el !== document.activeElement && el.value !== markdown) el.value = markdown;
  }, [markdown]);
  return (
    <div className="mt-2 grid gap-1.5 rounded-md bg-zinc-50 p-2.5 dark:bg-zinc-800/50">
      <Label htmlFor={`block-${id}`}>Text block (Markdown)</Label>
      <Textarea
        id={`block-${id}`}
        ref={(el) => {
          area.current = el;
          if (el && autoFocus) {
            el.focus();
            onFocused();
          }
        }}
        rows={3}
        defaultValue={markdown}
        maxLength={TEXT_BLOCK_MAX}
        onBlur={(ev) => ev.target.value !== markdown && onSave(id, ev.target.value)}
      />
      <Button type="button" size="sm" variant="ghost" className="justify-self-start" onClick={() => onRemove(id)}>
        <Trash2 aria-hidden /> Remove text block
      </Button>
    </div>
  );
}
