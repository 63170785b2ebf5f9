// Reads an `ai.watch` answer (tRPC's Server-Sent Events) up to its end event: every AI Magic job event
// in order, pings and tRPC's own frames left out.
import type { AiJobEvent } from '../../src/shared/schemas/ai';

export async function readJobEvents(res: Response): Promise<AiJobEvent[]> {
  const events: AiJobEvent[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  while (!events.some((e) => e.type === 'end')) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
      const data = buffer
        .slice(0, cut)
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trim())
        .join('');
      buffer = buffer.slice(cut + 2);
      const parsed = data ? (JSON.parse(data) as Partial<AiJobEvent> | null) : null;
      if (parsed && typeof parsed === 'object' && parsed.type) events.push(parsed as AiJobEvent);
    }
  }
  await reader.cancel();
  return events;
}
