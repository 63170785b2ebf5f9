// The product's own mail (sign-in codes, password resets, invitations) goes through the providers staff
// save in Email Management, as issues and product news do; with none saved, the outbox as before.
// @postgres
import { afterEach, describe, expect, it } from 'vitest';
import { harnessWithAdmin } from '../../helpers/app';
import { startBrevoFake, type VendorFake } from '../../helpers/fake-providers';
import { outbox } from '../../../db/schema';

const fakes: VendorFake[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
});

async function setup() {
  const brevo = await startBrevoFake();
  fakes.push(brevo);
  const h = await harnessWithAdmin({ env: { FETCH_ALLOW_HOSTS: brevo.hostPort, APP_SECRET: 'a'.repeat(40) } });
  await h.insertUser({ email: 'member@example.com', password: 'correct horse battery' });
  return { h, brevo };
}

type Setup = Awaited<ReturnType<typeof setup>>;
const outboxAddresses = async (h: Setup['h']) => (await h.db.select().from(outbox)).map((m) => m.toAddress);

async function sendSystemMail(h: Awaited<ReturnType<typeof setup>>['h']) {
  await h.caller().auth.sendCode({ email: 'coder@example.com' });
  await h.caller().auth.forgotPassword({ email: 'member@example.com' });
  await h.caller(h.admin).team.invite({ email: 'invitee@example.com', role: 'editor' });
}

describe('system mail follows the system provider chain', () => {
  it('with a system Brevo provider saved, a sign-in code, a reset and an invitation go through Brevo, not the outbox', async () => {
    const { h, brevo } = await setup();
    await h.caller(h.admin).mailProviders.addSystem({ kind: 'brevo', priority: 'primary', settings: { apiKey: 'brevo-key-1234abcd', baseUrl: brevo.url } });

    await sendSystemMail(h);

    expect(brevo.sent.map((m) => m.to)).toEqual(['coder@example.com', 'member@example.com', 'invitee@example.com']);
    expect(brevo.sent[0]!.subject).toMatch(/^Your sign-in code: \d{6}$/);
    expect(await h.db.select().from(outbox)).toEqual([]);
    expect(await h.deps.mailer.nextTransport()).toBe('brevo');
  });

  it('a provider saved after the first mail is used for the next one, and removing it brings the outbox back', async () => {
    const { h, brevo } = await setup();
    await h.caller().auth.sendCode({ email: 'early@example.com' });
    expect(await outboxAddresses(h)).toEqual(['early@example.com']);

    const saved = await h
      .caller(h.admin)
      .mailProviders.addSystem({ kind: 'brevo', priority: 'primary', settings: { apiKey: 'brevo-key-1234abcd', baseUrl: brevo.url } });
    await h.caller().auth.sendCode({ email: 'later@example.com' });
    expect(brevo.sent.map((m) => m.to)).toEqual(['later@example.com']);

    await h.caller(h.admin).mailProviders.removeSystem({ id: saved.id });
    await h.caller().auth.sendCode({ email: 'after@example.com' });
    expect(await outboxAddresses(h)).toEqual(['early@example.com', 'after@example.com']);
  });

  it('with no provider saved, the same mail goes to the outbox as before', async () => {
    const { h, brevo } = await setup();
    await sendSystemMail(h);
    expect(brevo.sent).toEqual([]);
    expect(await outboxAddresses(h)).toEqual(['coder@example.com', 'member@example.com', 'invitee@example.com']);
    expect(await h.deps.mailer.nextTransport()).toBe('outbox');
  });

  it('a provider that refuses the mail makes the request fail instead of pretending it was sent', async () => {
    const { h, brevo } = await setup();
    await h.caller(h.admin).mailProviders.addSystem({ kind: 'brevo', priority: 'primary', settings: { apiKey: 'brevo-key-1234abcd', baseUrl: brevo.url } });
    await expect(h.caller().auth.sendCode({ email: 'bad-address@example.com' })).rejects.toThrow();
    expect(await h.db.select().from(outbox)).toEqual([]);
  });
});
