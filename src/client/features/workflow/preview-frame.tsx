// The newsletter shown in a sandboxed frame (no scripts, no same-origin), 600 px tall, at desktop or
// mobile width; 'Email HTML' shows the HTML source as code and rendered (spec §2).
import { cn } from '../../lib/cn';
import type { PreviewMode, PreviewWidth } from './preview-options';

export const FRAME_HEIGHT = 600;
export const MOBILE_WIDTH = 375;

function Frame({ html, title, width }: { html: string; title: string; width: PreviewWidth }) {
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

export function PreviewFrame({ mode, width, webHtml, emailHtml }: { mode: PreviewMode; width: PreviewWidth; webHtml: string; emailHtml: string }) {
  if (mode === 'web') return <Frame html={webHtml} title="Web preview" width={width} />;
  return (
    <div className="grid gap-4">
      <section aria-labelledby="email-html-source">
        <h4 id="email-html-source" className="mb-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200">
          HTML source
        </h4>
        <pre
          tabIndex={0}
          aria-label="Email HTML source"
          className="max-h-72 overflow-auto whitespace-pre-wrap break-all rounded-lg border border-zinc-200 bg-zinc-950 p-3 font-mono text-xs leading-relaxed text-zinc-200 dark:border-zinc-800"
        >
          <code>{emailHtml}</code>
        </pre>
      </section>
      <section aria-labelledby="email-html-rendered">
        <h4 id="email-html-rendered" className="mb-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200">
          Rendered email
        </h4>
        <Frame html={emailHtml} title="Email preview" width={width} />
      </section>
    </div>
  );
}
