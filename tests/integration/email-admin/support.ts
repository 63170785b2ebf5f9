// Helpers for the Email Management tests: signed-in REST sessions, a closed loopback port, and rows of
// real sends and provider events inserted the way the sender and the webhooks write them.
import net from 'node:net';
import crypto from 'node:crypto';
import { expect } from 'vitest';
import { cookieFrom, jsonRequest, type Harness } from '../../helpers/app';
import { issueSends, mailEvents, publications, sendRecipients, type MailEventKind, type RecipientStatus } from '../../../db/schema';
import type { PlanType, Role } from '../../../src/shared/plans';

const PASSWORD = 'correct horse battery';

const EMPTY_WORKFLOW = {
  newsletterName: 'Weekly',
  selectedTheme: null,
  selectedChannels: [],
  selectedArticles: [],
  searchTopic: '',
  topic: '',
  fontStyle: 'normal',
  layoutStyle: 'single',
  colorTheme: 'light',
  lastSaved: '',
};

/** A user with a password, signed in over REST: the session cookie and the user. */
export async function restSession(h: Harness, o: { email: string; role?: Role; planType?: PlanType; verified?: boolean }) {
  const user = await h.insertUser({ ...o, password: PASSWORD, verified: o.verified ?? true });
  const res = await h.app.request('/api/auth/login', jsonRequest('POST', { email: o.email, password: PASSWORD }));
  expect(res.status).toBe(200);
  return { user, cookie: cookieFrom(res) };
}

/** A loopback port nothing listens on (bound, then closed). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** An issue send of `userId` with recipients in the given states (sentAt for the sent ones). */
export async function insertSend(h: Harness, userId: string, recipients: { status: RecipientStatus; sentAt?: Date }[]) {
  const now = h.deps.now();
  const pubId = crypto.randomUUID();
  await h.db.insert(publications).values({ id: pubId, userId, name: 'Weekly', workflowData: EMPTY_WORKFLOW, createdAt: now, updatedAt: now });
  const sendId = crypto.randomUUID();
  await h.db.insert(issueSends).values({
    id: sendId,
    userId,
    publicationId: pubId,
    subject: 'Issue 1',
    fromName: 'Weekly',
    replyTo: 'owner@example.com',
    html: '<p>Hi</p>',
    text: 'Hi',
    webHtml: '<p>Hi</p>',
    status: 'sent',
    scheduledAt: now,
    total: recipients.length,
    createdAt: now,
  });
  for (const [i, r] of recipients.entries()) {
    await h.db.insert(sendRecipients).values({
      sendId,
      email: `reader${i}-${sendId.slice(0, 8)}@example.com`,
      status: r.status,
      provider: 'smtp',
      providerMessageId: `<m${i}-${sendId}@example.com>`,
      sentAt: r.sentAt ?? null,
    });
  }
  return { sendId, messageId: (i: number) => `<m${i}-${sendId}@example.com>` };
}

export async function insertEvent(
  h: Harness,
  o: { kind: MailEventKind; userId: string | null; at: Date; providerMessageId?: string; sendId?: string; email?: string },
) {
  await h.db.insert(mailEvents).values({
    kind: o.kind,
    provider: 'smtp',
    userId: o.userId,
    sendId: o.sendId ?? null,
    email: o.email ?? 'reader@example.com',
    providerMessageId: o.providerMessageId ?? null,
    at: o.at,
  });
}
