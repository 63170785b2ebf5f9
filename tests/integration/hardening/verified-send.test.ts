// Defect 9: a new, unverified account could send mail it fully controls from the product's address to
// ten strangers per request. Other people's addresses now need a verified account address, and the
// From is always the product's sender with the creator's name as display name only (Reply-To: them).
import { describe, it, expect, afterEach } from 'vitest';
import { eq } from 'drizzle-orm';
import { harnessWithAdmin, jsonRequest, cookieFrom } from '../../helpers/app';
import { buildArticle } from '../workflow/factories';
import { startSmtp } from '../workflow/smtp';
import { codeFromMail, signUpRest } from '../foundation/support';
import { outbox } from '../../../db/schema';
import { MSG } from '../../../src/shared/messages';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

const issue = { newsletterName: 'Weekly', themeId: 'market-watch', articles: [buildArticle({ title: 'Verified sending', url: 'https://example.com/v' })] };

const sendTo = (h: Awaited<ReturnType<typeof harnessWithAdmin>>, cookie: string, addresses: string[]) =>
  h.app.request('/api/trpc/email.sendToAddresses', jsonRequest('POST', { ...issue, addresses }, { cookie }));

describe('sending to other people needs a verified address', () => {
  it('an unverified sign-up is refused for strangers, may send to itself, and may send to others once the e-mail code verifies it', async () => {
    const h = await harnessWithAdmin();
    const { cookie } = await signUpRest(h, { name: 'Mallory', email: 'mallory@example.com' });

    const refused = await sendTo(h, cookie, ['victim@example.com', 'mallory@example.com']);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(MSG.verifyEmailToSend);
    expect(await h.db.select().from(outbox).where(eq(outbox.toAddress, 'victim@example.com'))).toHaveLength(0);

    expect((await sendTo(h, cookie, ['mallory@example.com'])).status).toBe(200);
    const check = await h.app.request('/api/auth/check', { headers: { cookie } });
    expect(await check.json()).toMatchObject({ user: { emailVerified: false } });

    await h.app.request('/api/auth/send-code', jsonRequest('POST', { email: 'mallory@example.com' }));
    const verified = await h.app.request(
      '/api/auth/verify-code',
      jsonRequest('POST', { email: 'mallory@example.com', code: await codeFromMail(h, 'mallory@example.com') }),
    );
    expect(verified.status).toBe(200);
    const fresh = cookieFrom(verified);
    expect(await (await h.app.request('/api/auth/check', { headers: { cookie: fresh } })).json()).toMatchObject({ user: { emailVerified: true } });
    expect((await sendTo(h, fresh, ['friend@example.com'])).status).toBe(200);
  });

  it('the From is the product’s address under the creator’s name, whatever the name holds; replies go to the creator', async () => {
    const smtp = await startSmtp();
    closers.push(smtp.close);
    const h = await harnessWithAdmin({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Curated <newsletter@curated.email>' } });
    const user = await h.insertUser({ name: 'Eve" <ceo@bank.example>\r\nBcc: all@example.com', email: 'eve@example.com', verified: true });
    const res = await h.caller(user).email.sendToAddresses({ ...issue, addresses: ['reader@example.com'] });
    expect(res.sent).toHaveLength(1);
    const mail = smtp.received[0].parsed;
    expect(mail.from?.value).toHaveLength(1);
    expect(mail.from?.value[0].address).toBe('newsletter@curated.email');
    expect(mail.from?.value[0].name).toContain('Eve');
    expect(mail.replyTo?.value.map((v) => v.address)).toEqual(['eve@example.com']);
    expect(mail.bcc).toBeUndefined();
    expect(smtp.received[0].envelopeTo).toEqual(['reader@example.com']);
  });

  it('the outbox records the same From and Reply-To', async () => {
    const h = await harnessWithAdmin();
    const user = await h.insertUser({ name: 'Ada Lovelace', email: 'ada@example.com' });
    await h.caller(user).email.sendTest(issue);
    const [row] = await h.db.select().from(outbox).where(eq(outbox.toAddress, 'ada@example.com')).limit(1);
    expect(row!.fromAddress).toBe('"Ada Lovelace" <newsletter@curated.email>');
    expect(row!.headers).toMatchObject({ 'Reply-To': 'ada@example.com' });
  });
});
