// The preview of a product e-mail as the server renders it for sending: the HTML in a sandboxed frame
// (sandbox="" : no scripts, no forms, no navigation of this page) and its plain-text version.
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';

export function EmailPreview({
  preview,
  loading,
  error,
}: {
  preview: { subject: string; html: string; text: string } | undefined;
  loading: boolean;
  error: string | null;
}) {
  return (
    <Card className="overflow-hidden">
      <Tabs defaultValue="email">
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-zinc-100 px-4 py-2 dark:border-zinc-800">
          <h2 className="text-sm font-semibold text-zinc-900 dark:text-white">Preview</h2>
          <div className="flex items-center gap-2">
            {loading && <Spinner size="sm" />}
            <TabsList>
              <TabsTrigger value="email">Email</TabsTrigger>
              <TabsTrigger value="text">Plain text</TabsTrigger>
            </TabsList>
          </div>
        </div>
        {error && (
          <p role="alert" className="px-4 py-3 text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
        {preview && (
          <p className="truncate border-b border-zinc-100 px-4 py-2 text-sm text-muted dark:border-zinc-800">
            <span className="font-medium text-zinc-900 dark:text-zinc-100">Subject:</span> {preview.subject}
          </p>
        )}
        <TabsContent value="email" className="mt-0">
          {/* A new frame per version, born with its srcdoc and never changed: Chromium could keep showing
              the frame's earlier document (often the empty one from before the first answer) when srcdoc
              changed while that document was still loading. */}
          {preview ? (
            <iframe key={preview.html} title="Email preview" sandbox="" srcDoc={preview.html} className="block h-[600px] w-full bg-white" />
          ) : (
            <div className="h-[600px] bg-white" />
          )}
        </TabsContent>
        <TabsContent value="text" className="mt-0">
          <pre
            tabIndex={0}
            aria-label="Plain-text version"
            className="h-[600px] overflow-auto whitespace-pre-wrap px-4 py-3 font-mono text-sm text-zinc-800 dark:text-zinc-200"
          >
            {preview?.text ?? ''}
          </pre>
        </TabsContent>
      </Tabs>
    </Card>
  );
}
