// @postgres
import { describe, it, expect, afterEach } from 'vitest';
import { eq } from 'drizzle-orm';
import { harnessWithAdmin, type Harness } from '../../helpers/app';
import { buildArticle, buildChannel, expectStatus } from './factories';
import { startSmtp } from './smtp';
import { chainFor } from '../../../src/server/mail/chain';
import { outbox } from '../../../db/schema';
import { MSG } from '../../../src/shared/messages';
import { PUBLICATION_MSG } from '../../../src/server/publications/publications';
import { SEND_RULE } from '../../../src/server/email/send';
import { readHtml } from '../../../src/server/precheck/html';
import { contrast } from '../../../src/server/newsletter/palette';
import type { ReceivedMail } from './smtp';
import type { SessionUser } from '../../../src/server/auth/service';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

async function smtpHarness(reject: string[] = []) {
  const smtp = await startSmtp({ reject });
  closers.push(smtp.close);
  const h = await harnessWithAdmin({ env: { SMTP_URL: smtp.url } });
  // Test sends go through the system chain, whose SMTP transport keeps pooled connections open.
  closers.push(async () => {
    for (const e of await chainFor(h.deps, 'system')) await e.transport.close?.();
  });
  return { h, smtp };
}

const articles = [
  buildArticle({ title: 'Borrow checking without tears', url: 'https://example.com/borrow', summary: 'How lifetimes are inferred in practice.' }),
  buildArticle({ title: 'A tour of SSA form', url: 'https://example.com/ssa', summary: 'Static single assignment explained with examples.' }),
];

/** A publication saved at step 5, ready to send. */
async function readyPublication(h: Harness, user: SessionUser) {
  const api = h.caller(user);
  const pub = await api.publications.create({ name: 'Compiler Weekly' });
  await api.wizard.saveProgress({ publicationId: pub.id, currentStep: 3, workflowData: { selectedTheme: 'market-watch', selectedChannels: [buildChannel()] } });
  await api.wizard.saveProgress({ publicationId: pub.id, currentStep: 5, workflowData: { selectedArticles: articles } });
  return pub;
}

describe('email.sendTest', () => {
  it("sends the stored publication to the user's own address through a real SMTP server, with text and HTML parts", async () => {
    const { h, smtp } = await smtpHarness();
    const user = await h.insertUser({ email: 'writer@example.com', planType: 'free' });
    const pub = await readyPublication(h, user);

    const res = await h.caller(user).email.sendTest({ publicationId: pub.id });
    expect(res).toMatchObject({ success: true, transport: 'smtp', failed: [] });
    expect(res.sent).toHaveLength(1);
    expect(res.sent[0].to).toBe('writer@example.com');
    expect(res.subject).toContain('Compiler Weekly');

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail.envelopeTo).toEqual(['writer@example.com']);
    expect(mail.parsed.subject).toBe(res.subject);
    expect(mail.parsed.messageId).toBe(res.sent[0].messageId);
    expect(typeof mail.parsed.html).toBe('string');
    expect(mail.parsed.html as string).toContain('Borrow checking without tears');
    expect(mail.parsed.text).toContain('A tour of SSA form');
    expect(mail.parsed.text).toContain('https://example.com/ssa');
    expect(mail.parsed.headers.has('list-unsubscribe')).toBe(false);
  });

  it('sends what the request gives, without a publication, to the outbox', async () => {
    const h = await harnessWithAdmin();
    const user = await h.insertUser({ email: 'outbox@example.com', planType: 'free' });
    const res = await h.caller(user).email.sendTest({ newsletterName: 'Ad-hoc Issue', themeId: 'market-watch', articles });
    expect(res).toMatchObject({ success: true, transport: 'outbox', failed: [] });
    const rows = await h.db.select().from(outbox).where(eq(outbox.toAddress, 'outbox@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0].messageId).toBe(res.sent[0].messageId);
    expect(rows[0].subject).toBe(res.subject);
    expect(rows[0].subject).toContain('Ad-hoc Issue');
    expect(rows[0].html).toContain('Borrow checking without tears');
    expect(rows[0].text).toContain('https://example.com/borrow');
  });

  it('answers 401 signed out, 404 for a foreign publication, 400 for missing fields, 403 for a theme above the plan', async () => {
    const h = await harnessWithAdmin();
    const owner = await h.insertUser({ planType: 'free' });
    const pub = await readyPublication(h, owner);
    await expectStatus(h.caller('anon').email.sendTest({ publicationId: pub.id }), 401, MSG.notSignedIn);

    const stranger = h.caller(await h.insertUser({ planType: 'enterprise' }));
    await expectStatus(stranger.email.sendTest({ publicationId: pub.id }), 404, PUBLICATION_MSG.notFound);

    const api = h.caller(owner);
    await expectStatus(api.email.sendTest({ newsletterName: 'No articles', themeId: 'market-watch', articles: [] }), 400, MSG.assemblyMissing);
    await expectStatus(api.email.sendTest({ newsletterName: 'Locked', themeId: 'newsprint', articles }), 403);
    expect(await h.db.select().from(outbox).where(eq(outbox.toAddress, owner.email))).toHaveLength(0);
  });
});

/** What a test send must say about itself, read from the message as the SMTP server received it. */
function expectMarkedAsTest(mail: ReceivedMail, subject: string) {
  expect(mail.parsed.subject).toBe(`[Test] ${subject}`);
  const html = mail.parsed.html as string;
  const banner = `This is a test of “${subject}”. Your readers will not see this banner.`;
  expect(html).toContain('data-test-banner');
  expect(html).toContain(banner);
  // The banner comes before the first story's link.
  expect(html.indexOf(banner)).toBeLessThan(html.indexOf('href="https://example.com/borrow"'));
  expect(html).not.toMatch(/you subscribed/i);
  expect(html).not.toContain('Unsubscribe');
  const text = mail.parsed.text ?? '';
  expect(text.startsWith(`[TEST SEND] ${banner}`)).toBe(true);
  expect(text).not.toMatch(/you subscribed|unsubscribe/i);
  expect(mail.parsed.headers.has('list-unsubscribe')).toBe(false);
  // The banner reads at WCAG AA in light rendering and under the mail's own dark-mode rules.
  const runs = readHtml(html).texts.filter((t) => banner.includes(t.text.trim()) || t.text.trim() === 'Test send.');
  expect(runs.length).toBeGreaterThan(0);
  for (const r of runs) {
    expect(contrast(r.light.fg, r.light.bg)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(r.dark.fg, r.dark.bg)).toBeGreaterThanOrEqual(4.5);
  }
}

describe('a test send says it is one', () => {
  it('"Send test to me": [Test] subject, a banner on top, no subscription footer or List-Unsubscribe, in both parts', async () => {
    const { h, smtp } = await smtpHarness();
    const user = await h.insertUser({ email: 'tester@example.com', planType: 'free' });
    const pub = await readyPublication(h, user);
    const res = await h.caller(user).email.sendTest({ publicationId: pub.id });
    expect(smtp.received).toHaveLength(1);
    const issueSubject = res.subject.replace(/^\[Test\] /, '');
    expect(res.subject).toBe(`[Test] ${issueSubject}`);
    expectMarkedAsTest(smtp.received[0]!, issueSubject);
  });

  it('a test to typed addresses is marked the same way', async () => {
    const { h, smtp } = await smtpHarness();
    const user = await h.insertUser({ planType: 'basic', verified: true });
    const pub = await readyPublication(h, user);
    const res = await h.caller(user).email.sendToAddresses({ publicationId: pub.id, addresses: ['editor@example.com'], colorTheme: 'dark' });
    expect(smtp.received).toHaveLength(1);
    expectMarkedAsTest(smtp.received[0]!, res.subject.replace(/^\[Test\] /, ''));
  });

  it('the issue itself (saved or sent to readers) keeps its subscription footer and carries no banner', async () => {
    const h = await harnessWithAdmin();
    const user = await h.insertUser({ planType: 'free' });
    const { data: r } = await h.caller(user).wizard.assemble({ newsletterName: 'Compiler Weekly', themeId: 'market-watch', articles });
    expect(r.subject).not.toMatch(/^\[Test\]/);
    expect(r.html).toContain('You are receiving this email because you subscribed to Compiler Weekly.');
    expect(r.html).not.toContain('data-test-banner');
    expect(r.text).not.toContain('[TEST SEND]');
  });
});

describe('email.sendToAddresses', () => {
  it('sends to a deduplicated typed list over SMTP and reports a refused recipient without losing the others', async () => {
    const { h, smtp } = await smtpHarness(['bounce@example.com']);
    const user = await h.insertUser({ planType: 'basic', verified: true });
    const pub = await readyPublication(h, user);

    const res = await h.caller(user).email.sendToAddresses({
      publicationId: pub.id,
      addresses: ['Ann@Example.com', ' ann@example.com ', 'bob@example.com', 'bounce@example.com'],
      colorTheme: 'light',
    });
    expect(res.success).toBe(false);
    expect(res.sent.map((s) => s.to)).toEqual(['ann@example.com', 'bob@example.com']);
    expect(res.failed).toHaveLength(1);
    expect(res.failed[0].to).toBe('bounce@example.com');
    expect(res.failed[0].message).toMatch(new RegExp(`^${MSG.sendEmailFailed}: .*550`));

    expect(smtp.received.map((m) => m.envelopeTo[0]).sort()).toEqual(['ann@example.com', 'bob@example.com']);
    for (const m of smtp.received) {
      expect(m.parsed.subject).toBe(res.subject);
      expect(m.parsed.html).toBeTruthy();
      expect(m.parsed.text).toContain('Borrow checking without tears');
    }
  });

  it('validates the list: 1 to 10 real addresses', async () => {
    const h = await harnessWithAdmin();
    const api = h.caller(await h.insertUser());
    await expectStatus(
      api.email.sendToAddresses({ addresses: [], newsletterName: 'x', themeId: 'market-watch', articles }),
      400,
      /Please enter an email address/,
    );
    await expectStatus(
      api.email.sendToAddresses({ addresses: ['not-an-address'], newsletterName: 'x', themeId: 'market-watch', articles }),
      400,
      /valid email/,
    );
    const eleven = Array.from({ length: 11 }, (_, i) => `r${i}@example.com`);
    await expectStatus(api.email.sendToAddresses({ addresses: eleven, newsletterName: 'x', themeId: 'market-watch', articles }), 400, /at most 10/);
    await expectStatus(h.caller('anon').email.sendToAddresses({ addresses: ['a@example.com'], newsletterName: 'x', themeId: 'market-watch', articles }), 401);
    expect((await h.db.select().from(outbox)).filter((r) => r.toAddress.startsWith('r'))).toHaveLength(0);
  });

  it(`rate-limits sends to ${SEND_RULE.limit} messages per user per hour, counted per recipient`, async () => {
    let clock = new Date('2026-11-21T08:00:00.000Z');
    const h = await harnessWithAdmin({ deps: { now: () => clock } });
    const user = await h.insertUser({ planType: 'professional', verified: true });
    const other = await h.insertUser({ planType: 'professional' });
    const input = { newsletterName: 'Often', themeId: 'market-watch', articles };
    const api = h.caller(user);

    for (let i = 0; i < SEND_RULE.limit - 2; i++) await api.email.sendTest(input);
    const batch = await api.email.sendToAddresses({ ...input, addresses: ['a@example.com', 'b@example.com', 'c@example.com'] });
    expect(batch.sent.map((s) => s.to)).toEqual(['a@example.com', 'b@example.com']);
    expect(batch.failed).toEqual([{ to: 'c@example.com', message: MSG.rateLimited }]);
    expect(await h.db.select().from(outbox).where(eq(outbox.toAddress, 'c@example.com'))).toHaveLength(0);

    await expectStatus(api.email.sendTest(input), 429, MSG.rateLimited);
    // Another user has their own allowance.
    expect((await h.caller(other).email.sendTest(input)).success).toBe(true);

    clock = new Date('2026-11-21T09:00:01.000Z');
    expect((await api.email.sendTest(input)).success).toBe(true);
  });
});
