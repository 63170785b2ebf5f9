// A rendered newsletter in a sandboxed frame (no scripts, no same-origin), 600 px tall, at desktop
// width or a 375 px phone: the workflow's preview and the theme builder's.
import { cn } from '../lib/cn';

export const FRAME_HEIGHT = 600;
export const MOBILE_WIDTH = 375;

export type FrameWidth = 'desktop' | 'mobile';

export function NewsletterFrame({ html, title, width }: { html: string; title: string; width: FrameWidth }) {
  return (
    <div className="flex justify-center overflow-hidden rounded-lg border border-zinc-200 bg-zinc-100 dark:border-zinc-800 dark:bg-zinc-950">
      <iframe
        title={title}
        sandbox=""
        srcDoc={html}
        referrerPolicy="no-referrer"
        style={{ height: FRAME_HEIGHT, width: width === 'mobile' ? MOBILE_WIDTH : '100%' }}
        className={cn('block max-w-full bg-white', width === 'mobile' && 'border-x border-zinc-200 dark:border-zinc-800')}
      />
    </div>
  );
}
