// The product's other mails with a layout (a reader's confirmation and welcome, a team invitation, the
// product's own mails, the weekly roll-up, a recurring issue's approval request, the mail service test):
// language and direction, presentation tables, one h1 and no skipped level, links that say where they go.
import { describe, it, expect } from 'vitest';
import { DomUtils } from 'htmlparser2';
import type { Element } from 'domhandler';
import { confirmationMail } from '../../../src/server/readers/subscription/confirm-mail';
import { invitationMail } from '../../../src/server/team/invite-mail';
import { renderProductEmail } from '../../../src/server/onboarding/email';
import { renderWelcome } from '../../../src/server/readers/welcome';
import { rollupBodies } from '../../../src/server/delivery/rollup';
import { approvalMail } from '../../../src/server/recurring/mail';
import { testMail } from '../../../src/server/email/direct';
import { assembleNewsletter } from '../../../src/server/newsletter/assemble';
import { assembleInput } from '../../../src/shared/schemas/newsletter';
import type { PrecheckResult } from '../../../src/shared/precheck';
import { inspect } from '../newsletter/helpers';

const env = { APP_URL: 'https://app.example.com', MAIL_FROM: '"Curated" <hello@curated.email>' };
const BODY =
  '# What\'s new\n\nScheduled sends are here.\n\n#### How it works\n\nPick a time. <img src="https://img.example.com/schedule.png">\n\n[Open your dashboard](https://app.example.com/dashboard)';
const MEANINGLESS = new Set(['', 'read more', 'more', 'open', 'click here', 'here', 'link', 'read', 'edit', 'read the issue']);
const bare = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N} ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function check(html: string, label: string, h1: string) {
  const { byTag, all } = inspect(html);
  expect(byTag('html')[0]?.attribs.lang, `${label}: <html lang>`).toBe('en');
  expect(byTag('html')[0]?.attribs.dir, `${label}: <html dir>`).toBe('ltr');
  for (const t of byTag('table'))
    if (!DomUtils.findAll((e) => e.name === 'th', t.children).length) expect(t.attribs.role, `${label}: layout table`).toBe('presentation');
  const levels = all.filter((e) => /^h[1-6]$/.test(e.name)).map((h) => Number(h.name[1]));
  expect(
    levels.filter((l) => l === 1),
    `${label}: one h1`,
  ).toHaveLength(1);
  expect(levels[0], `${label}: the h1 first`).toBe(1);
  levels.forEach((l, i) => i && expect(l, `${label}: h${l} after h${levels[i - 1]}`).toBeLessThanOrEqual(levels[i - 1]! + 1));
  expect(DomUtils.textContent(all.find((e) => e.name === 'h1')!).trim(), `${label}: the h1`).toContain(h1);
  for (const img of byTag('img')) expect(img.attribs.alt, `${label}: ${img.attribs.src} has an alt`).toBeDefined();
  for (const a of byTag('a') as Element[]) expect(MEANINGLESS.has(bare(DomUtils.textContent(a))), `${label}: link "${DomUtils.textContent(a)}"`).toBe(false);
}

describe("the product's other mails", () => {
  it('a reader confirmation, a team invitation, a welcome mail and a product mail', () => {
    check(
      confirmationMail({ publicationName: 'Harbour Weekly', confirmUrl: 'https://app.example.com/p/harbour/confirm?token=t' }).html,
      'confirmation',
      'Harbour Weekly',
    );
    check(
      invitationMail({ inviterName: 'Mara', workspaceName: 'Harbour desk', role: 'editor', joinUrl: 'https://app.example.com/join/t' }).html,
      'invitation',
      'Join Harbour desk',
    );
    check(
      renderWelcome(env, { publicationName: 'Harbour Weekly', subject: 'Welcome aboard', markdown: BODY, unsubscribeUrl: 'https://app.example.com/u/t' }).html,
      'welcome',
      'Harbour Weekly',
    );
    check(
      renderProductEmail(env, {
        subject: 'New: scheduled sends',
        markdown: BODY,
        reason: 'You get product news.',
        unsubscribeUrl: 'https://app.example.com/u/t',
      }).html,
      'product mail',
      'Curated',
    );
  });

  it("the weekly roll-up names each issue in its links; a recurring issue's approval request and the mail service test are whole documents", () => {
    const issue = (n: number) =>
      ({
        subject: `Harbour Weekly #${n}`,
        startedAt: new Date(Date.UTC(2026, 10, 16 + n)),
        url: `https://app.example.com/p/harbour/issues/${n}`,
        articles: [{ id: `a${n}`, title: `Story ${n}`, url: `https://news.example.com/${n}` }],
      }) as unknown as Parameters<typeof rollupBodies>[1][number];
    const rollup = rollupBodies('Harbour Weekly', [issue(1), issue(2)]).html;
    check(rollup, 'roll-up', 'Harbour Weekly');
    const reads = inspect(rollup)
      .byTag('a')
      .filter((a) => a.attribs.href?.includes('/issues/'))
      .map((a) => DomUtils.textContent(a));
    expect(reads.filter((t) => t.startsWith('Read'))).toEqual(['Read the issue “Harbour Weekly #1”', 'Read the issue “Harbour Weekly #2”']);

    const articles = [{ id: 'x', title: 'Harbour dredging begins', summary: 'Two dredgers arrived.', url: 'https://news.example.com/x' }];
    const issueHtml = assembleNewsletter(
      { user: { role: 'admin' } },
      assembleInput.parse({ newsletterName: 'Harbour Weekly', themeId: 'newsprint', articles }),
    ).webHtml;
    const check0: PrecheckResult = {
      checkedAt: '2026-11-21T09:00:00Z',
      findings: [],
      blocked: false,
      counts: { error: 0, warning: 0, info: 0 },
      links: { total: 1, checked: 1, broken: 0, unanswered: 0 },
      htmlBytes: 1,
    };
    const run = { publicationId: 'p', subject: 'Harbour Weekly: Harbour dredging begins', articles, autoSendAt: null, newsletterId: 'n' };
    check(approvalMail(env, run as never, 'Harbour Weekly', issueHtml, 'tok', check0).html!, 'approval', 'Harbour Weekly');
    const probe = inspect(testMail({ product: 'Curated', provider: 'SMTP', appUrl: env.APP_URL }).html).byTag('html')[0];
    expect([probe?.attribs.lang, probe?.attribs.dir]).toEqual(['en', 'ltr']);
  });
});
