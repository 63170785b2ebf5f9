// The AI model picker: nothing without configured models; the plan's models and the built-in engine to
// choose from, other plans' models disabled with the plan that has them; the choice kept on this device
// and sent with requests, and a stored choice the plan no longer includes falling back to the default.
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, renderHook, screen } from '@testing-library/react';
import { AiModelPicker, useAiModelChoice } from '../../src/client/components/ai-model-picker';
import type { AiModelOption } from '../../src/shared/schemas/ai';

const models: AiModelOption[] = [
  { id: 'gpt', name: 'ChatGPT', included: true, plan: 'Basic' },
  { id: 'claude', name: 'Claude', included: false, plan: 'Enterprise' },
];

afterEach(() => localStorage.clear());

describe('AiModelPicker', () => {
  it('shows nothing when the operator configured no model', () => {
    const { container } = render(<AiModelPicker models={[]} />);
    expect(container.innerHTML).toBe('');
  });

  it('lists the plan’s models and the built-in engine; another plan’s model is disabled and names its plan', () => {
    render(<AiModelPicker models={models} />);
    const select = screen.getByLabelText('AI model') as HTMLSelectElement;
    expect(select.value).toBe('gpt');
    expect([...select.options].map((o) => [o.text, o.disabled])).toEqual([
      ['ChatGPT', false],
      ['Claude (Enterprise plan)', true],
      ['Built-in engine', false],
    ]);
    fireEvent.change(select, { target: { value: 'builtin' } });
    expect(select.value).toBe('builtin');
    expect(renderHook(() => useAiModelChoice(models)).result.current.model).toBe('builtin');
  });

  it('a stored choice the plan does not include is not sent: the server’s default applies', () => {
    localStorage.setItem('curated.aiModel', 'claude');
    expect(renderHook(() => useAiModelChoice(models)).result.current.model).toBeUndefined();
    localStorage.setItem('curated.aiModel', 'gpt');
    expect(renderHook(() => useAiModelChoice(models)).result.current.model).toBe('gpt');
  });
});
