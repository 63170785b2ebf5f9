// The AI model a creator writes with (AI Magic and the workflow's AI tools): the models the operator
// configured that the plan includes, or the built-in engine; models of other plans are listed, disabled,
// with the plan that has them. The choice is kept on this device; a choice the plan no longer includes
// falls back to the server's default. Nothing shows when no model is configured.
import { useSyncExternalStore } from 'react';
import type { AiModelOption } from '../../shared/schemas/ai';
import { Select } from './ui/input';

const KEY = 'curated.aiModel';
const BUILTIN = 'builtin';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function write(value: string) {
  try {
    localStorage.setItem(KEY, value);
  } catch {
    // storage unavailable: the choice lasts until the page reloads
  }
  for (const l of listeners) l();
}

/** The model to send with a writing request (undefined: the server's default for the plan). */
export function useAiModelChoice(models: readonly AiModelOption[] | undefined): { model: string | undefined; setModel: (id: string) => void } {
  const stored = useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    read,
    () => null,
  );
  const usable = stored === BUILTIN || (models ?? []).some((m) => m.id === stored && m.included);
  return { model: usable && stored ? stored : undefined, setModel: write };
}

export function AiModelPicker({ models, id = 'ai-model', className }: { models: readonly AiModelOption[] | undefined; id?: string; className?: string }) {
  const { model, setModel } = useAiModelChoice(models);
  if (!models || models.length === 0) return null;
  const value = model ?? models.find((m) => m.included)?.id ?? BUILTIN;
  return (
    <div className={className}>
      <label htmlFor={id} className="sr-only">
        AI model
      </label>
      <Select id={id} value={value} onChange={(e) => setModel(e.target.value)} className="sm:w-64" data-testid="ai-model-picker">
        {models.map((m) => (
          <option key={m.id} value={m.id} disabled={!m.included}>
            {m.included ? m.name : `${m.name} (${m.plan ?? 'another'} plan)`}
          </option>
        ))}
        <option value={BUILTIN}>Built-in engine</option>
      </Select>
    </div>
  );
}
