// The Subscribers page's "Signup forms" section: forms for other sites (each may tag its readers and send
// them to a thank-you address of the creator's), made, edited and deleted here, each with its copy-paste
// code: a plain HTML form that works without JavaScript, and an iframe of the form page. The code is
// written and the thank-you address checked by the server.
import { useState } from 'react';
import { Check, Copy, Pencil, Plus, Trash2 } from 'lucide-react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Button } from '../../components/ui/button';
import { Input, Textarea } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Badge } from '../../components/ui/badge';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { trpc, type RouterOutputs } from '../../trpc';
import { LOADED } from '../../lib/page-data';
import { Panel } from '../../components/panel';

type Form = RouterOutputs['forms']['list'][number];

function CopyBlock({ title, label, code, copyLabel }: { title: string; label: string; code: string; copyLabel: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast({ title: 'Could not copy', description: 'Select the code and copy it by hand.', variant: 'destructive' });
    }
  };
  return (
    <div className="grid min-w-0 gap-1">
      <div className="flex items-center justify-between gap-2">
        <span className="text-xs font-medium text-muted">{title}</span>
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? 'Copied' : copyLabel}
        </Button>
      </div>
      <Textarea
        readOnly
        aria-label={label}
        value={code}
        rows={Math.min(12, code.split('\n').length + 1)}
        onFocus={(e) => e.currentTarget.select()}
        className="font-mono text-xs break-all whitespace-pre-wrap"
      />
    </div>
  );
}

function FormCard({ form, publicationId, onChanged }: { form: Form; publicationId: string; onChanged: () => void }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(form.name);
  const [tag, setTag] = useState(form.tag ?? '');
  const [thanksUrl, setThanksUrl] = useState(form.thanksUrl ?? '');
  const [confirm, setConfirm] = useState(false);
  const update = trpc.forms.update.useMutation({
    onSuccess: () => {
      setEditing(false);
      onChanged();
    },
    onError: (err) => toast({ title: 'Could not save the form', description: errorMessage(err), variant: 'destructive' }),
  });
  const remove = trpc.forms.delete.useMutation({
    onSuccess: () => {
      setConfirm(false);
      toast({ title: `${form.name} deleted` });
      onChanged();
    },
    onError: (err) => toast({ title: 'Could not delete the form', description: errorMessage(err), variant: 'destructive' }),
  });
  return (
    <li className="grid gap-3 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800" aria-label={form.name}>
      {editing ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            update.mutate({ publicationId, id: form.id, name, tag: tag.trim() || null, thanksUrl: thanksUrl.trim() || null });
          }}
        >
          <div className="grid min-w-0 flex-1 gap-1">
            <Label htmlFor={`form-name-${form.id}`}>Form name</Label>
            <Input id={`form-name-${form.id}`} value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} />
          </div>
          <div className="grid min-w-0 flex-1 gap-1">
            <Label htmlFor={`form-tag-${form.id}`}>Tag (optional)</Label>
            <Input id={`form-tag-${form.id}`} value={tag} onChange={(e) => setTag(e.target.value)} maxLength={50} />
          </div>
          <ThanksField id={`form-thanks-${form.id}`} value={thanksUrl} onChange={setThanksUrl} />
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
          <Button type="button" variant="outline" onClick={() => setEditing(false)}>
            Cancel
          </Button>
          <ThanksHint id={`form-thanks-${form.id}`} />
        </form>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="min-w-0 font-medium break-words text-zinc-900 dark:text-zinc-100">{form.name}</h3>
          {form.tag ? <Badge tone="neutral">tag: {form.tag}</Badge> : <span className="text-xs text-muted">no tag</span>}
          <div className="ml-auto flex gap-1">
            <Button variant="outline" size="sm" onClick={() => setEditing(true)} aria-label={`Edit ${form.name}`}>
              <Pencil aria-hidden /> Edit
            </Button>
            <Button variant="outline" size="sm" onClick={() => setConfirm(true)} aria-label={`Delete ${form.name}`}>
              <Trash2 aria-hidden /> Delete
            </Button>
          </div>
        </div>
      )}
      {!editing && (
        <p className="min-w-0 text-xs break-all text-muted">
          After signing up: {form.thanksUrl ? <span className="font-mono">{form.thanksUrl}</span> : 'the built-in thank-you page'}
        </p>
      )}
      <div className="grid gap-3 lg:grid-cols-2">
        <CopyBlock title="HTML form (works without JavaScript)" label={`HTML form code for ${form.name}`} copyLabel="Copy HTML" code={form.htmlCode} />
        <CopyBlock title="Iframe" label={`Iframe code for ${form.name}`} copyLabel="Copy iframe" code={form.iframeCode} />
      </div>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={`Delete ${form.name}?`}
        description="Pages that carry its code stop taking signups. Readers who joined through it stay, with their tag."
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() => remove.mutate({ publicationId, id: form.id })}
      />
    </li>
  );
}

/** Where readers go after posting the form: the creator's page, or (empty) the built-in thank-you page. */
function ThanksField({ id, value, onChange }: { id: string; value: string; onChange: (v: string) => void }) {
  return (
    <div className="grid min-w-0 flex-1 basis-64 gap-1">
      <Label htmlFor={id}>Thank-you address (optional)</Label>
      <Input
        id={id}
        inputMode="url"
        placeholder="https://your-site.example/thanks"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={2000}
        aria-describedby={`${id}-hint`}
      />
    </div>
  );
}

/** The field's hint, on a line of its own below the form's row. */
function ThanksHint({ id }: { id: string }) {
  return (
    <p id={`${id}-hint`} className="basis-full text-xs text-muted">
      Thank-you address: a web address, or a path of your publication’s pages (/p/…). Empty: the built-in thank-you page.
    </p>
  );
}

export function SignupFormsPanel({ publicationId }: { publicationId: string }) {
  const utils = trpc.useUtils();
  const forms = trpc.forms.list.useQuery({ publicationId }, LOADED);
  const [name, setName] = useState('');
  const [tag, setTag] = useState('');
  const [thanksUrl, setThanksUrl] = useState('');
  const refresh = () => void utils.forms.list.invalidate({ publicationId });
  const create = trpc.forms.create.useMutation({
    onSuccess: (f) => {
      toast({ title: `${f.name} created` });
      setName('');
      setTag('');
      setThanksUrl('');
      refresh();
    },
    onError: (err) => toast({ title: 'Could not create the form', description: errorMessage(err), variant: 'destructive' }),
  });
  return (
    <Panel
      headingId="forms-heading"
      title="Signup forms"
      description="Put a signup form on your own site: paste the HTML form (works without JavaScript) or the iframe. Readers confirm by e-mail, as on your signup page; a form’s tag is given to the readers who join through it."
      className="gap-3"
    >
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ publicationId, name, tag: tag.trim() || null, thanksUrl: thanksUrl.trim() || null });
        }}
      >
        <div className="grid min-w-0 flex-1 basis-40 gap-1">
          <Label htmlFor="new-form-name">Form name</Label>
          <Input id="new-form-name" placeholder="Blog sidebar" value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} />
        </div>
        <div className="grid min-w-0 flex-1 basis-40 gap-1">
          <Label htmlFor="new-form-tag">Tag (optional)</Label>
          <Input id="new-form-tag" placeholder="from-blog" value={tag} onChange={(e) => setTag(e.target.value)} maxLength={50} />
        </div>
        <ThanksField id="new-form-thanks" value={thanksUrl} onChange={setThanksUrl} />
        <Button type="submit" loading={create.isPending}>
          <Plus aria-hidden /> Create form
        </Button>
        <ThanksHint id="new-form-thanks" />
      </form>
      {forms.isError && !forms.data ? (
        <p className="text-red-700 dark:text-red-300">{errorMessage(forms.error)}</p>
      ) : forms.data && forms.data.length === 0 ? (
        <p className="text-muted">No signup forms yet.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Signup forms">
          {forms.data?.map((f) => (
            <FormCard key={f.id} form={f} publicationId={publicationId} onChanged={refresh} />
          ))}
        </ul>
      )}
    </Panel>
  );
}
