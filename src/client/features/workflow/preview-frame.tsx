// The newsletter shown in a sandboxed frame (no scripts; same-origin so the pre-send findings can be
// pointed at, see preview-highlight.ts), 600 px tall, at desktop or mobile width; 'Email HTML' shows
// the HTML source as code and rendered (spec §2).
import { NewsletterFrame as Frame } from '../../components/newsletter-frame';
import type { PreviewMode, PreviewWidth } from './preview-options';

export { FRAME_HEIGHT } from '../../components/newsletter-frame';

export function PreviewFrame({ mode, width, webHtml, emailHtml }: { mode: PreviewMode; width: PreviewWidth; webHtml: string; emailHtml: string }) {
  if (mode === 'web') return <Frame html={webHtml} title="Web preview" width={width} inspectable />;
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
        <Frame html={emailHtml} title="Email preview" width={width} inspectable />
      </section>
    </div>
  );
}
