// A platform that quotes the API key back in its error body: the creator's error message, the stored
// publication error and every log line show the platform's words without the key.
// @postgres
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { integrationPublications } from '../../../db/schema';
import { harnessWithAdmin } from '../../helpers/app';
import { startFakePlatforms, FAKE_KEYS, type FakePlatforms } from '../../helpers/fake-platforms';
import type { SessionUser } from '../../../src/server/auth/service';

let fake: FakePlatforms;
let h: Awaited<ReturnType<typeof harnessWithAdmin>>;
const lines: string[] = [];
const log = {
  info: (m: string) => lines.push(m),
  warn: (m: string) => lines.push(m),
  error: (m: string, e?: unknown) => lines.push(`${m} ${e instanceof Error ? `${e.message} ${e.stack}` : String(e)}`),
};
beforeAll(async () => {
  fake = await startFakePlatforms();
  h = await harnessWithAdmin({ env: { INTEGRATIONS_API_BASE: fake.url }, deps: { log } });
});
afterAll(() => fake.close());

const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as Error,
  );

/** Connecting (its check call logs a failure) and publishing, each answered by a 400 that quotes the key. */
async function echoedErrors(user: SessionUser, platform: 'brevo' | 'mailchimp', listId: string) {
  const api = h.caller(user);
  fake.failNext(platform, { kind: 'echo-key' });
  const onConnect = await failure(api.integrations.connect({ platform, apiKey: FAKE_KEYS[platform] }));
  await api.integrations.connect({ platform, apiKey: FAKE_KEYS[platform] });
  const nl = await api.drafts.create({
    title: 'Echo issue',
    subject: 'Echo subject',
    htmlContent: '<p>Story one</p>',
    content: 'Story one',
    contentSources: { channels: [], articles: [] },
  });
  fake.failNext(platform, { kind: 'echo-key' });
  const onPublish = await failure(
    api.integrations.publish({ newsletterId: nl.id, platform, listId, subject: 'Echo', fromName: 'Pro', fromEmail: 'pro@example.com', mode: 'draft' }),
  );
  return [onConnect, onPublish];
}

describe('a platform that echoes the API key in its error', () => {
  it.each([
    ['brevo', '2'],
    ['mailchimp', 'a1b2c3d4e5'],
  ] as const)('%s: the key never reaches the error message, the stored error or the log', async (platform, listId) => {
    lines.length = 0;
    const user = await h.insertUser({ planType: 'professional' });
    const errors = await echoedErrors(user, platform, listId);
    for (const err of errors) {
      expect(err).not.toBeNull();
      // The platform's own words are still shown, with the key blanked out.
      expect(err!.message).toContain('Invalid request for key [hidden]');
      expect(err!.message).not.toContain(FAKE_KEYS[platform]);
    }
    for (const row of await h.db.select().from(integrationPublications).where(eq(integrationPublications.userId, user.id)))
      expect(row.error ?? '').not.toContain(FAKE_KEYS[platform]);
    expect(lines.some((l) => l.includes('Invalid request for key'))).toBe(true);
    for (const l of lines) expect(l).not.toContain(FAKE_KEYS[platform]);
  });
});
