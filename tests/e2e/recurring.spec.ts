// Recurring issues end to end: a Professional creator sets up a weekly digest on the fixture feed, runs
// it now, approves it from the mailed link (which shows the pre-send check), and the issue
// reaches the subscriber through the creator's own SMTP provider, a loopback SMTP server.
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { Locator } from '@playwright/test';
import { expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';
import { createUserWithPlan, outboxFor, trpcMutation } from './fixtures/workflow-helpers';
import { FIXTURE_ORIGIN } from './fixtures/feed-server';

skipWithoutBrowser();

/** The link of the newest approval mail to an address, read from the outbox like every mail of the e2e run. */
function approveLinkFor(address: string): string | null {
  const mail = outboxFor(address)
    .filter((m) => m.subject.startsWith('Approve your issue:'))
    .at(-1);
  return mail?.html ? (/href="(http[^"]+\/recurring\/approve\?token=[^"]+)"/.exec(mail.html)?.[1] ?? null) : null;
}

/** A loopback SMTP server on the port the e2e server allows (PORT + 9), keeping every message it is handed. */
async function smtpSink(port: number) {
  const received: { to: string[]; mail: ParsedMail }[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 200,
    onData(stream, session, cb) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail });
          cb();
        })
        .catch(cb);
    },
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The elements of a region that pass its right edge or scroll sideways inside it (text cut off from view). */
function cutOff(region: Locator): Promise<string[]> {
  return region.evaluate((section) => {
    const edge = section.getBoundingClientRect().right;
    return [...section.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > edge + 1 || (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible'))
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
  });
}

let closeSink: (() => Promise<void>) | undefined;
test.afterEach(async () => {
  await closeSink?.();
  closeSink = undefined;
});

test('a weekly digest on fixture feeds: set up, run now, approve from the mail, sent to the reader', async ({ page, baseURL }) => {
  const sinkPort = Number(new URL(baseURL!).port) + 9;
  const sink = await smtpSink(sinkPort);
  closeSink = sink.close;
  const email = uniqueEmail('digest');
  createUserWithPlan(email, 'Dana Digest', 'professional');
  await signInThroughUi(page, email);
  const channel = {
    id: 'green-ledger',
    name: 'Green Ledger Daily',
    url: `${FIXTURE_ORIGIN}/feed.xml`,
    siteUrl: FIXTURE_ORIGIN,
    description: 'Fixture',
    quality: 'high',
    frequency: 'Daily',
    niche: 'sustainability',
    source: 'fixture',
  };
  const pub = await trpcMutation<{ id: string }>(page, 'publications.create', { name: 'Weekly Ledger' });
  await trpcMutation(page, 'wizard.saveProgress', {
    publicationId: pub.id,
    currentStep: 3,
    workflowData: { selectedTheme: 'market-watch', selectedChannels: [channel] },
  });
  const reader = `reader-${email}`;
  await trpcMutation(page, 'subscribers.add', { publicationId: pub.id, email: reader, name: 'Rae' });
  await trpcMutation(page, 'mailProviders.add', {
    kind: 'smtp',
    label: 'Loopback',
    priority: 'primary',
    settings: { url: `smtp://127.0.0.1:${sinkPort}`, pool: 1 },
  });

  await page.goto('/publications');
  await page.getByRole('link', { name: 'Recurring' }).click();
  await expect(page.getByRole('heading', { name: 'Recurring issue' })).toBeVisible();
  // The zone picker is searchable: a city is enough.
  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await zone.fill('berlin');
  await zone.blur();
  await expect(zone).toHaveValue('Europe/Berlin');
  await page.getByLabel('Stories per issue').fill('3');
  await page.getByLabel('Skip when fewer new stories than').fill('1');
  await page.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByTestId('next-run')).toContainText('Monday');
  await expect(page.getByTestId('next-run')).toContainText('(Europe/Berlin)');

  await page.getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByTestId('recurring-run').first()).toContainText('Awaiting approval', { timeout: 20_000 });
  // At 1280 px the history shows every part of each run: nothing passes its panel or hides behind a scroll.
  await expect(page.getByTestId('recurring-run-check').first()).toBeVisible({ timeout: 20_000 });
  expect(await cutOff(page.getByRole('region', { name: 'History' }))).toEqual([]);
  if (process.env.RECURRING_SHOTS) {
    await page.screenshot({ path: `${process.env.RECURRING_SHOTS}/recurring-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await cutOff(page.getByRole('region', { name: 'History' }))).toEqual([]);
    await page.screenshot({ path: `${process.env.RECURRING_SHOTS}/recurring-390.png`, fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    // The colours change with a transition: the picture is taken once they have.
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    await page.screenshot({ path: `${process.env.RECURRING_SHOTS}/recurring-390-dark.png`, fullPage: true });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  const link = approveLinkFor(email);
  expect(link, 'the approval mail').toBeTruthy();
  await page.goto(link!);
  // The page shows the issue and the check made when it was prepared, before anything is sent.
  await expect(page.getByRole('heading', { name: /^Weekly Ledger: “/ })).toBeVisible();
  const check = page.getByRole('region', { name: 'Check before sending' });
  await expect(check).toContainText('Checked when the issue was prepared');
  await expect(check.getByTestId('precheck-finding').or(check.getByText('Everything checked out')).first()).toBeVisible();
  expect(sink.received).toHaveLength(0);
  if (process.env.RECURRING_SHOTS) {
    await page.screenshot({ path: `${process.env.RECURRING_SHOTS}/approve-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${process.env.RECURRING_SHOTS}/approve-phone.png`, fullPage: true });
  }
  await page.getByRole('button', { name: 'Approve and send' }).click();
  await expect(page.getByTestId('approval-result')).toContainText('Approved: the issue is on its way to your subscribers.');
  await expect.poll(() => sink.received.filter((m) => m.to.includes(reader)).length, { timeout: 20_000 }).toBe(1);
  const [delivered] = sink.received.filter((m) => m.to.includes(reader));
  expect(delivered!.mail.subject).toBeTruthy();
  expect(delivered!.mail.headerLines.map((h) => h.key)).toContain('list-unsubscribe');
  // Sent through the creator's provider, so nothing of it waits in the outbox.
  expect(outboxFor(reader)).toHaveLength(0);
});
