// The form that adds a mail provider: its kind, priority (the ones in use are disabled) and name, then the
// settings that kind needs.
import { useState, type FormEvent } from 'react';
import type { ProviderKind } from '../../../server/mail/transport';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input, Select, Textarea } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/toast-store';
import { errorMessage } from '../../lib/errors';
import { FIELDS, KIND_OPTIONS, initialValues, toSettings, type FieldSpec } from './fields';
import { KIND_LABEL, PRIORITIES, type Priority, type ProviderApi } from './provider-api';

/** One setting of the chosen provider kind, as fields.ts describes it. */
function SettingField({ f, value, onChange }: { f: FieldSpec; value: string; onChange: (value: string) => void }) {
  const id = `mp-${f.name}`;
  const common = { id, value, placeholder: f.placeholder, autoComplete: 'off', onChange: (e: { target: { value: string } }) => onChange(e.target.value) };
  return (
    <div className={f.type === 'textarea' ? 'sm:col-span-2' : undefined}>
      <Label htmlFor={id}>
        {f.label}
        {f.optional ? <span className="font-normal text-muted"> (optional)</span> : null}
      </Label>
      {f.type === 'textarea' ? (
        <Textarea {...common} className="font-mono text-xs" />
      ) : f.type === 'select' ? (
        <Select {...common}>
          {f.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      ) : (
        <Input {...common} type={f.type} min={f.type === 'number' ? 0 : undefined} required={!f.optional} />
      )}
      {f.hint && <p className="mt-1 text-xs text-muted">{f.hint}</p>}
    </div>
  );
}

export function AddProviderForm({ api, taken, onDone }: { api: ProviderApi; taken: Set<Priority>; onDone: () => void }) {
  const [kind, setKind] = useState<ProviderKind>('brevo');
  const [label, setLabel] = useState('');
  const free = PRIORITIES.filter((p) => !taken.has(p));
  const [priority, setPriority] = useState<Priority>(free[0] ?? 'primary');
  const [values, setValues] = useState<Record<string, string>>(() => initialValues('brevo'));
  const [error, setError] = useState<string | null>(null);

  const pickKind = (k: ProviderKind) => {
    setKind(k);
    setValues(initialValues(k));
    setError(null);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    api.add.mutate(
      { kind, label: label || undefined, priority, settings: toSettings(kind, values) },
      {
        onSuccess: (p) => {
          toast({ title: `${p.label} added`, description: 'Use Test to check the credentials now.' });
          onDone();
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4 rounded-lg border border-dashed border-zinc-300 p-4 dark:border-zinc-700" aria-label="Add a mail provider">
      <div className="grid gap-4 sm:grid-cols-3">
        <Field htmlFor="mp-kind" label="Provider">
          <Select id="mp-kind" value={kind} onChange={(e) => pickKind(e.target.value as ProviderKind)} options={KIND_OPTIONS} />
        </Field>
        <Field htmlFor="mp-priority" label="Priority">
          <Select id="mp-priority" value={priority} onChange={(e) => setPriority(e.target.value as Priority)}>
            {PRIORITIES.map((p) => (
              <option key={p} value={p} disabled={taken.has(p)}>
                {p}
                {taken.has(p) ? ' (in use)' : ''}
              </option>
            ))}
          </Select>
        </Field>
        <Field htmlFor="mp-label" label="Name (optional)">
          <Input id="mp-label" value={label} maxLength={60} placeholder={KIND_LABEL[kind]} onChange={(e) => setLabel(e.target.value)} />
        </Field>
      </div>
      <p className="text-sm text-muted">{KIND_OPTIONS.find((k) => k.value === kind)?.blurb}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS[kind].map((f) => (
          <SettingField key={f.name} f={f} value={values[f.name] ?? ''} onChange={(value) => setValues((v) => ({ ...v, [f.name]: value }))} />
        ))}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" loading={api.add.isPending} disabled={free.length === 0}>
          Add provider
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
