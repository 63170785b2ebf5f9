// A rendered newsletter in a sandboxed frame (no scripts), 600 px tall, at desktop width or a 375 px
// phone: the workflow's preview and the theme builder's. `inspectable` frames are same-origin (still
// without scripts) so step 5 can outline a pre-send finding's element from this page.
import { cn } from '../lib/cn';

export const FRAME_HEIGHT = 600;
export const MOBILE_WIDTH = 375;

export type FrameWidth = 'desktop' | 'mobile';

export function NewsletterFrame({ html, title, width, inspectable }: { html: string; title: string; width: FrameWidth; inspectable?: boolean }) {
  return (
    <div className="flex justify-center overflow-hidden rounded-lg border border-zinc-200 bg-zinc-100 dark:border-zinc-800 dark:bg-zinc-950">
      <iframe
        title={title}
        sandbox={inspectable ? 'allow-same-origin' : ''}
        data-inspectable={inspectable ? '' : undefined}
        srcDoc={html}
        referrerPolicy="no-referrer"
        style={{ height: FRAME_HEIGHT, width: width === 'mobile' ? MOBILE_WIDTH : '100%' }}
        className={cn('block max-w-full bg-white', width === 'mobile' && 'border-x border-zinc-200 dark:border-zinc-800')}
      />
    </div>
  );
}
