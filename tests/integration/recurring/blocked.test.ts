// A recurring issue whose email has lost its unsubscribe link (the one finding that stops a send) is
// never sent: neither by "send automatically" nor by an approval. The product's own template always
// carries the link, so this file stands in for a template fault by assembling the issue without it.
// @postgres
import { describe, it, expect, afterEach, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { issueSends, recurringRuns } from '../../../db/schema';
import { MARKERS } from '../../../src/server/newsletter/markers';
import { scene, stories, type Scene } from './support';

const fault = vi.hoisted(() => ({ dropUnsubscribe: false }));

vi.mock('../../../src/server/newsletter/assemble', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/server/newsletter/assemble')>();
  return {
    ...real,
    assembleForOwner: async (...args: Parameters<typeof real.assembleForOwner>) => {
      const email = await real.assembleForOwner(...args);
      if (!fault.dropUnsubscribe) return email;
      const link = new RegExp(`<a[^>]*href="${MARKERS.unsubscribeUrl}"[^>]*>[\\s\\S]*?</a>`, 'g');
      return { ...email, html: email.html.replace(link, ''), text: email.text.replace(/^Unsubscribe:.*$/m, '') };
    },
  };
});

const open: Scene[] = [];
afterEach(async () => {
  fault.dropUnsubscribe = false;
  while (open.length) await open.pop()!.close();
});

async function blockedRun(mode: 'auto' | 'approve') {
  const s = await scene(new Date('2026-03-01T11:00:00Z'));
  open.push(s);
  s.setItems('/feed.xml', stories(mode, 4));
  await s.schedule({ mode });
  fault.dropUnsubscribe = true;
  await s.h.caller(s.user).recurring.runNow({ publicationId: s.pubId });
  await s.worker.idle();
  const [run] = await s.h.db.select().from(recurringRuns).where(eq(recurringRuns.publicationId, s.pubId));
  return { s, run: run! };
}

describe('recurring issues: a finding that stops the send', () => {
  it('"send automatically" ends the run as failed with the finding, tells the creator and sends nothing', async () => {
    const { s, run } = await blockedRun('auto');
    expect(run.status).toBe('failed');
    expect(run.reason).toContain('No unsubscribe link');
    expect(run.precheck!.blocked).toBe(true);
    expect(await s.h.db.select().from(issueSends)).toHaveLength(0);
    const [mail] = await s.mailTo('creator@example.com');
    // The issue was made and saved; what failed is its send, and the creator can open it to fix it.
    expect(mail!.subject).toBe('Your recurring issue was not sent');
    expect(mail!.text).toContain('No unsubscribe link');
    expect(mail!.text).toContain(`/newsletters?edit=${run.newsletterId}`);
    expect(await s.mailTo('reader-0@example.com')).toHaveLength(0);
  });

  it('"prepare it and ask me" lists the finding, and approving it sends nothing', async () => {
    const { s, run } = await blockedRun('approve');
    expect(run.status).toBe('awaiting_approval');
    const [asked] = await s.mailTo('creator@example.com');
    expect(asked!.text).toContain('No unsubscribe link');
    const token = decodeURIComponent(/recurring\/approve\?token=([^\s"]+)/.exec(asked!.text)![1]!);
    expect((await s.h.caller('anon').recurring.pending({ token })).precheck!.blocked).toBe(true);
    const answer = await s.h.caller('anon').recurring.approve({ token });
    expect(answer.status).toBe('failed');
    expect(answer.message).toContain('No unsubscribe link');
    await s.worker.idle();
    expect(await s.h.db.select().from(issueSends)).toHaveLength(0);
    expect(await s.mailTo('reader-0@example.com')).toHaveLength(0);
    const [after] = await s.h.db.select().from(recurringRuns).where(eq(recurringRuns.id, run.id));
    expect(after).toMatchObject({ status: 'failed', approveTokenHash: null });
  });
});
