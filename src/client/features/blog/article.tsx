// The body of a post: HTML the server rendered from Markdown and sanitised (src/server/markdown.ts:
// an allow-list without scripts, handlers, styles or frames). This is the only place the client sets
// stored HTML as markup. Typography matches the public pages.
import { cn } from '../../lib/cn';

const prose = [
  'text-[1.0625rem] leading-8 text-zinc-700 dark:text-zinc-300',
  '[&>*+*]:mt-5',
  '[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-zinc-900 dark:[&_h2]:text-white',
  '[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-zinc-900 dark:[&_h3]:text-white',
  '[&_h4]:mt-6 [&_h4]:font-semibold [&_h4]:text-zinc-900 dark:[&_h4]:text-white',
  '[&_a]:font-medium [&_a]:text-indigo-600 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-indigo-500 dark:[&_a]:text-indigo-400',
  '[&_strong]:font-semibold [&_strong]:text-zinc-900 dark:[&_strong]:text-white',
  '[&_ul]:list-disc [&_ol]:list-decimal [&_ul]:pl-6 [&_ol]:pl-6 [&_li]:mt-1.5 [&_li]:pl-1',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-indigo-200 [&_blockquote]:pl-4 [&_blockquote]:italic dark:[&_blockquote]:border-indigo-500/40',
  '[&_code]:rounded [&_code]:bg-zinc-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.9em] dark:[&_code]:bg-zinc-800',
  '[&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-zinc-900 [&_pre]:p-4 [&_pre]:text-sm [&_pre]:leading-6 [&_pre]:text-zinc-100',
  '[&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-inherit',
  '[&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl',
  '[&_hr]:my-10 [&_hr]:border-zinc-200 dark:[&_hr]:border-zinc-800',
  '[&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:text-left [&_table]:text-sm',
  '[&_th]:border-b [&_th]:border-zinc-300 [&_th]:px-3 [&_th]:py-2 [&_th]:font-semibold dark:[&_th]:border-zinc-700',
  '[&_td]:border-b [&_td]:border-zinc-200 [&_td]:px-3 [&_td]:py-2 dark:[&_td]:border-zinc-800',
].join(' ');

export function ArticleBody({ html, className }: { html: string; className?: string }) {
  return <div className={cn(prose, 'break-words', className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
