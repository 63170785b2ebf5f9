// A mailed code says what it is for: the sign-in code keeps its mail, the sender-verification code of
// step 5 (a signed-in creator proving their own address) has its own subject and text, chosen by the
// server from a fixed list of purposes. Read from the outbox, as the messages really left.
// @postgres
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { harnessWithAdmin } from '../../helpers/app';
import { outbox, users } from '../../../db/schema';
import { CODE_MSG } from '../../../src/server/auth/codes';
import { codeFromMail, expectStatus, lastMail } from './support';

describe('code mail by purpose', () => {
  it('a signed-in creator verifying their sender address gets "Verify your sender address", and the code verifies it', async () => {
    const h = await harnessWithAdmin();
    const u = await h.insertUser({ email: 'maker@example.com', verified: false });
    await h.caller(u).auth.sendCode({ email: 'maker@example.com', purpose: 'verify-sender' });
    const mail = await lastMail(h, 'maker@example.com');
    const code = await codeFromMail(h, 'maker@example.com');
    expect(mail.subject).toBe(`Verify your sender address: ${code}`);
    expect(mail.subject).not.toContain('sign-in');
    expect(mail.text).toContain(`Your code to verify maker@example.com for sending is ${code}.`);
    await h.caller(u).auth.verifyCode({ email: 'maker@example.com', code });
    const [row] = await h.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.emailVerifiedAt).not.toBeNull();
  });

  it('sign-in codes keep their own mail, with or without the purpose named', async () => {
    const h = await harnessWithAdmin();
    await h.caller().auth.sendCode({ email: 'guest@example.com' });
    expect((await lastMail(h, 'guest@example.com')).subject).toMatch(/^Your sign-in code: \d{6}$/);
    await h.caller().auth.sendCode({ email: 'guest@example.com', purpose: 'sign-in' });
    const again = await lastMail(h, 'guest@example.com');
    expect(again.subject).toMatch(/^Your sign-in code: \d{6}$/);
    expect(again.text).toMatch(/^Your verification code is \d{6}\./);
  });

  it('only the signed-in owner of the address may ask for a sender code; an unknown purpose is 400', async () => {
    const h = await harnessWithAdmin();
    const u = await h.insertUser({ email: 'owner@example.com' });
    const anon = await expectStatus(h.caller().auth.sendCode({ email: 'owner@example.com', purpose: 'verify-sender' }), 403);
    expect(anon.message).toBe(CODE_MSG.senderNotYours);
    await expectStatus(h.caller(u).auth.sendCode({ email: 'stranger@example.com', purpose: 'verify-sender' }), 403);
    await expectStatus(h.caller(u).auth.sendCode({ email: 'owner@example.com', purpose: 'Your account is closed' as never }), 400);
    const mailed = await h.db.select().from(outbox).where(eq(outbox.toAddress, 'stranger@example.com'));
    expect(mailed).toHaveLength(0);
    expect(await h.db.select().from(outbox).where(eq(outbox.toAddress, 'owner@example.com'))).toHaveLength(0);
  });

  it('the admin template list shows the sender code as the mail it really sends', async () => {
    const h = await harnessWithAdmin();
    const u = await h.insertUser({ email: 'you@example.com' });
    await h.caller(u).auth.sendCode({ email: 'you@example.com', purpose: 'verify-sender' });
    const sent = await lastMail(h, 'you@example.com');
    const code = await codeFromMail(h, 'you@example.com');
    const preview = await h.caller(h.admin).emailAdmin.previewTemplate({ id: 'sender-verification-code' });
    expect(preview.subject).toBe('Verify your sender address: 123456');
    expect(sent.text).toBe(preview.text.replaceAll('123456', code));
  });
});
