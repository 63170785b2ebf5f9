// Every e-mail leaves through mail/'s provider chains: the product's own mail (sign-in codes) through
// the system chain (system providers, then SMTP_URL, then the outbox), a creator's step-5 test and
// their issues through the creator's own chain. Vendors are loopback fakes of their documented APIs;
// SMTP_URL points at a real SMTP server on loopback.
// @postgres
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { harnessWithAdmin, silentLog } from '../../helpers/app';
import { startPostmarkFake, startResendFake, startBrevoFake, type VendorFake } from '../../helpers/fake-providers';
import { startSmtp } from '../workflow/smtp';
import { addSubscribers, newId, readyPublication } from '../delivery/send-support';
import { startJobWorker, type JobWorker } from '../../../src/server/jobs/worker';
import { jobHandlers } from '../../../src/server/job-handlers';
import { chainFor } from '../../../src/server/mail/chain';
import { toSessionUser } from '../../../src/server/auth/service';
import { outbox, users } from '../../../db/schema';

const closers: (() => Promise<void>)[] = [];
const workers: JobWorker[] = [];
afterEach(async () => {
  while (workers.length) await workers.pop()!.stop();
  while (closers.length) await closers.pop()!();
});

async function fake<T extends VendorFake>(start: () => Promise<T>): Promise<T> {
  const f = await start();
  closers.push(() => f.close());
  return f;
}

/** A harness whose SMTP_URL is a real SMTP server on loopback, with the vendor fakes' hosts allowed. */
async function setup(fakes: VendorFake[], deps: Parameters<typeof harnessWithAdmin>[0] = {}) {
  const smtp = await startSmtp();
  closers.push(smtp.close);
  const h = await harnessWithAdmin({
    ...deps,
    env: { SMTP_URL: smtp.url, FETCH_ALLOW_HOSTS: fakes.map((f) => f.hostPort).join(','), APP_SECRET: 'a'.repeat(40) },
  });
  // The SMTP_URL transport pools its connections; closing it lets the server stop.
  closers.push(async () => {
    for (const e of await chainFor(h.deps, 'system')) await e.transport.close?.();
  });
  return { h, smtp };
}

const codeIn = (subject: string) => /^Your sign-in code: (\d{6})$/.exec(subject)?.[1];

describe('system mail goes through the system chain', () => {
  it('a sign-in code goes through the system provider staff saved, before SMTP_URL; without it, through SMTP_URL', async () => {
    const postmark = await fake(() => startPostmarkFake());
    const { h, smtp } = await setup([postmark]);
    const saved = await h
      .caller(h.admin)
      .mailProviders.addSystem({ kind: 'postmark', priority: 'primary', settings: { serverToken: 'pm-token-4321wxyz', baseUrl: postmark.url } });

    await h.caller().auth.sendCode({ email: 'reader@example.com' });
    expect(postmark.sent.map((m) => m.to)).toEqual(['reader@example.com']);
    const code = codeIn(postmark.sent[0]!.subject);
    expect(code).toBeDefined();
    expect(smtp.received).toHaveLength(0);
    expect(await h.db.select().from(outbox)).toHaveLength(0);
    // The code that went through the provider is the one that signs in.
    expect((await h.caller().auth.verifyCode({ email: 'reader@example.com', code: code! })).success).toBe(true);

    await h.caller(h.admin).mailProviders.removeSystem({ id: saved.id });
    await h.caller().auth.sendCode({ email: 'second@example.com' });
    expect(postmark.sent).toHaveLength(1);
    expect(smtp.received.map((m) => m.envelopeTo)).toEqual([['second@example.com']]);
  });

  it('with nothing configured, the outbox keeps the code and the server log shows it on one line', async () => {
    const info = vi.fn();
    const h = await harnessWithAdmin({ deps: { log: { ...silentLog, info } } });
    await h.caller().auth.sendCode({ email: 'offline@example.com' });
    const [row] = await h.db.select().from(outbox).limit(1);
    const code = codeIn(row.subject)!;
    expect(info.mock.calls.map((c) => c[0])).toEqual([`[outbox] to=offline@example.com subject="Your sign-in code: ${code}" code=${code}`]);
  });
});

describe("a creator's mail goes through the creator's own chain", () => {
  /** A system Brevo saved by staff, and a Professional creator with their own Resend and a ready publication. */
  async function creatorWithOwnResend() {
    const brevo = await fake(() => startBrevoFake());
    const resend = await fake(() => startResendFake());
    const { h, smtp } = await setup([brevo, resend]);
    await h.caller(h.admin).mailProviders.addSystem({ kind: 'brevo', priority: 'primary', settings: { apiKey: 'brevo-key-1234abcd', baseUrl: brevo.url } });
    const creator = await h.insertUser({ email: 'creator@example.com', planType: 'professional', verified: true });
    await h
      .caller(creator)
      .mailProviders.add({ kind: 'resend', label: 'My Resend', priority: 'primary', settings: { apiKey: 're_test_key_5678', baseUrl: resend.url } });
    const pub = await readyPublication(h, creator);
    return { h, smtp, brevo, resend, creator, pub };
  }

  it("step 5's 'Send test to me' uses the creator's own provider, as their issues do", async () => {
    const { h, smtp, brevo, resend, creator, pub } = await creatorWithOwnResend();

    const res = await h.caller(creator).email.sendTest({ publicationId: pub.id });

    expect(res).toMatchObject({ success: true, transport: 'resend', failed: [] });
    expect(resend.sent.map((m) => m.to)).toEqual(['creator@example.com']);
    expect(resend.sent[0]!.subject).toBe(res.subject);
    expect(brevo.sent).toHaveLength(0);
    expect(smtp.received).toHaveLength(0);
  });

  it("step 5's send to a typed list of addresses also goes through the creator's own provider", async () => {
    const { h, smtp, brevo, resend, creator, pub } = await creatorWithOwnResend();

    const res = await h.caller(creator).email.sendToAddresses({ publicationId: pub.id, addresses: ['editor@example.com', 'friend@example.org'] });

    expect(res).toMatchObject({ success: true, transport: 'resend', failed: [] });
    expect(resend.sent.map((m) => m.to).sort()).toEqual(['editor@example.com', 'friend@example.org']);
    expect(brevo.sent).toHaveLength(0);
    expect(smtp.received).toHaveLength(0);
  });

  it('a creator without Email Management sends their step-5 test through the system chain', async () => {
    const brevo = await fake(() => startBrevoFake());
    const { h } = await setup([brevo]);
    await h.caller(h.admin).mailProviders.addSystem({ kind: 'brevo', priority: 'primary', settings: { apiKey: 'brevo-key-1234abcd', baseUrl: brevo.url } });
    const creator = await h.insertUser({ email: 'free@example.com', planType: 'free', verified: true });
    const pub = await readyPublication(h, creator);

    expect(await h.caller(creator).email.sendTest({ publicationId: pub.id })).toMatchObject({ success: true, transport: 'brevo' });
    expect(brevo.sent.map((m) => m.to)).toEqual(['free@example.com']);
  });

  it("a trial user's own provider carries their issue sends, while their sign-in code went through the system's", async () => {
    const postmark = await fake(() => startPostmarkFake());
    const resend = await fake(() => startResendFake());
    const { h, smtp } = await setup([postmark, resend]);
    await h
      .caller(h.admin)
      .mailProviders.addSystem({ kind: 'postmark', priority: 'primary', settings: { serverToken: 'pm-token-4321wxyz', baseUrl: postmark.url } });

    // /trial-signup: a password-less Professional trial account, signed in by the code it mails.
    expect(await h.caller().billing.startTrial({ email: 'trial@example.com', name: 'Tia Trial', plan: 'professional' })).toMatchObject({ success: true });
    expect(postmark.sent.map((m) => m.to)).toEqual(['trial@example.com']);
    await h.caller().auth.verifyCode({ email: 'trial@example.com', code: codeIn(postmark.sent[0]!.subject)! });
    const trial = toSessionUser((await h.db.select().from(users).where(eq(users.email, 'trial@example.com')).limit(1))[0]!);
    expect(trial).toMatchObject({ planType: 'free', trialPlan: 'professional' });

    const api = h.caller(trial);
    await api.mailProviders.add({ kind: 'resend', label: 'Trial Resend', priority: 'primary', settings: { apiKey: 're_test_key_5678', baseUrl: resend.url } });
    const pub = await readyPublication(h, trial);
    await addSubscribers(h, pub.id, 3);
    const worker = startJobWorker(h.deps, h.deps.queue, jobHandlers, { pollMs: 20, leaseMs: 5_000 });
    workers.push(worker);
    h.deps.delivery.kick = worker.kick;

    const created = await api.sends.create({ id: newId(), publicationId: pub.id });
    await worker.idle();

    expect(await api.sends.progress({ id: created.id })).toMatchObject({ status: 'sent', sent: 3 });
    expect(resend.sent.map((m) => m.to).sort()).toEqual([
      'Reader 0 <reader-0@example.com>',
      'Reader 1 <reader-1@example.com>',
      'Reader 2 <reader-2@example.com>',
    ]);
    expect(postmark.sent).toHaveLength(1);
    expect(smtp.received).toHaveLength(0);
    expect(await h.db.select().from(outbox)).toHaveLength(0);
  });
});
