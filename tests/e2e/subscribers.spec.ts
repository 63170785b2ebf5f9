// Subscribers end to end: a creator imports a CSV (the bad row is reported first, then the valid rows
// are imported), finds a reader by search; a visitor signs up on the public page and confirms with the
// link from the mail, and shows up as active.
import Database from 'better-sqlite3';
import { createAccount, expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';
import { E2E_DB, confirmLinkFor, trpcMutation } from './fixtures/workflow-helpers';

skipWithoutBrowser();

test('a creator imports readers from a CSV, and a visitor signs up on the public page and confirms', async ({ page, request, browser }) => {
  const email = uniqueEmail('creator');
  const tag = email.split('@')[0];
  await createAccount(request, 'Cleo Creator', email);
  await signInThroughUi(page, email);
  await trpcMutation(page, 'publications.create', { name: `Tide Tables ${tag}` });

  await page.goto('/publications');
  await page.getByRole('link', { name: 'Subscribers' }).click();
  await expect(page.getByRole('heading', { name: `Subscribers of Tide Tables ${tag}` })).toBeVisible();
  await expect(page.getByText('No subscribers yet')).toBeVisible();

  const readers = [`mara-${tag}@example.com`, `otto-${tag}@example.com`];
  await page.getByLabel('Import a CSV file').setInputFiles({
    name: 'readers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Full Name,E-mail\nMara Quill,${readers[0]}\nBroken,mara-at-example\nOtto Lind,${readers[1]}\n`),
  });
  const report = page.getByTestId('import-report');
  await expect(report).toContainText('1 invalid rows');
  await expect(report).toContainText('Line 3: mara-at-example — Not a valid e-mail address');
  await expect(page.getByText('No subscribers yet')).toBeVisible();
  await page.getByRole('button', { name: 'Import the 2 valid rows, skip the bad ones' }).click();
  await expect(page.getByText(readers[0], { exact: true })).toBeVisible();
  await expect(page.getByText(readers[1], { exact: true })).toBeVisible();
  await expect(page.getByText('active 2', { exact: true })).toBeVisible();

  await page.getByLabel('Search subscribers').fill('quill');
  await expect(page.getByText(readers[1], { exact: true })).toHaveCount(0);
  await expect(page.getByText(readers[0], { exact: true })).toBeVisible();
  await page.getByLabel('Search subscribers').fill('');

  // A visitor (no session) signs up on the page the creator shares.
  const signupUrl = await page.getByRole('textbox', { name: 'Signup page address' }).inputValue();
  expect(signupUrl).toMatch(/\/p\/tide-tables-[a-z0-9-]+$/);
  const visitor = await browser.newPage();
  await visitor.goto(signupUrl);
  await expect(visitor.getByRole('heading', { name: `Tide Tables ${tag}` })).toBeVisible();
  await expect(visitor.getByRole('heading', { name: 'Past issues' })).toBeVisible();
  const reader = `vera-${tag}@example.com`;
  await visitor.getByLabel('Email').fill(reader);
  await visitor.getByLabel('First name (optional)').fill('Vera');
  await visitor.getByRole('button', { name: 'Subscribe' }).click();
  await expect(visitor.getByRole('status')).toHaveText('Check your inbox to confirm your subscription.');

  await page.reload();
  await expect(page.getByText('pending 1', { exact: true })).toBeVisible();

  await visitor.goto(confirmLinkFor(reader));
  await expect(visitor.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'Already subscribed' })).toBeVisible();
  await visitor.close();

  await page.reload();
  await page.getByLabel('Filter by status').selectOption('active');
  const row = page.getByRole('row').filter({ hasText: reader });
  await expect(row).toContainText('Vera');
  await expect(row).toContainText('signup');
  await expect(page.getByText('active 3', { exact: true })).toBeVisible();
  await expect(page.getByText('pending 0', { exact: true })).toBeVisible();
});

const SHOTS = process.env.SUBSCRIBERS_SHOTS;

/** Readers' own choices, as the preference centre stores them (the e2e server's database, written beside it). */
function chooseFor(publicationId: string, email: string, c: { pausedDays?: number; weekly?: boolean; text?: boolean; topics?: string[] }) {
  const db = new Database(E2E_DB, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const { id } = db.prepare('select id from subscribers where publication_id = ? and email = ?').get(publicationId, email) as { id: string };
    db.prepare('update subscribers set paused_until = ?, frequency = ?, format = ? where id = ?').run(
      c.pausedDays ? Date.now() + c.pausedDays * 86_400_000 : null,
      c.weekly ? 'weekly' : 'every',
      c.text ? 'text' : 'html',
      id,
    );
    for (const tag of c.topics ?? [])
      db.prepare("insert into subscriber_tags (subscriber_id, publication_id, tag, source, created_at) values (?, ?, ?, 'preferences', ?)").run(
        id,
        publicationId,
        tag,
        Date.now(),
      );
  } finally {
    db.close();
  }
}

test("every column of the list shows beside the panels at 1280 px and at 390 px, and each reader's own choices show with their status", async ({
  page,
  request,
}) => {
  const email = uniqueEmail('chooser');
  const tag = email.split('@')[0];
  await createAccount(request, 'Cora Chooser', email);
  await signInThroughUi(page, email);
  const pub = await trpcMutation<{ id: string }>(page, 'publications.create', { name: `Reef Notes ${tag}` });
  const reader = (who: string) => `${who}-${tag}@example.com`;
  for (const who of ['paused', 'weekly', 'plain', 'usual'])
    await trpcMutation(page, 'subscribers.add', { publicationId: pub.id, email: reader(who), name: who, tags: who === 'plain' ? ['vip'] : [] });
  // An address with nowhere to break a line: the table cannot be narrower than it.
  await trpcMutation(page, 'subscribers.add', {
    publicationId: pub.id,
    email: `averyveryverylongaddresswithoutanybreaks${tag.replace(/\W/g, '')}@example.com`,
  });
  chooseFor(pub.id, reader('paused'), { pausedDays: 20 });
  chooseFor(pub.id, reader('weekly'), { weekly: true });
  chooseFor(pub.id, reader('plain'), { text: true, topics: ['tides', 'reefs'] });
  const pausedUntil = new Date(Date.now() + 20 * 86_400_000).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/subscribers?publicationId=${pub.id}`);
    const rowOf = (who: string) => page.getByRole('row').filter({ hasText: reader(who) });
    await expect(rowOf('usual')).toContainText('active');

    // The table is never under the panels nor pushes them off the page: its frame ends before the panels
    // begin (or they are below it), the last column is inside the frame, and everything is inside the page.
    const frame = page
      .getByRole('table')
      .filter({ has: page.getByRole('columnheader', { name: 'E-mail' }) })
      .locator('..');
    const box = (await frame.boundingBox())!;
    const panels = (await page.getByRole('complementary').filter({ hasText: 'Add a subscriber' }).boundingBox())!;
    const apart = box.x + box.width <= panels.x + 0.5 || panels.y >= box.y + box.height - 0.5;
    expect(apart, `table frame ${JSON.stringify(box)} and panels ${JSON.stringify(panels)}`).toBe(true);
    expect(panels.x + panels.width).toBeLessThanOrEqual(width);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    if (width === 1280) {
      const added = (await page.getByRole('columnheader', { name: 'Added' }).boundingBox())!;
      expect(added.x + added.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
      expect(await frame.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    }
    // Nothing widens the page itself.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    await expect(rowOf('paused').getByRole('list', { name: `Choices of ${reader('paused')}` })).toHaveText(`Paused until ${pausedUntil}`);
    await expect(rowOf('weekly').getByRole('list', { name: `Choices of ${reader('weekly')}` })).toHaveText('Weekly roll-up');
    const plain = rowOf('plain').getByRole('list', { name: `Choices of ${reader('plain')}` });
    await expect(plain.getByRole('listitem')).toHaveText(['Text only', 'Topics: reefs, tides']);
    // A topic is a tag too (segments select by it).
    await expect(
      rowOf('plain')
        .getByRole('list', { name: `Tags of ${reader('plain')}` })
        .getByRole('listitem'),
    ).toHaveText(['reefs', 'tides', 'vip']);
    await expect(rowOf('usual').getByRole('list', { name: `Choices of ${reader('usual')}` })).toHaveCount(0);
    if (SHOTS) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: `${SHOTS}/subscribers-${width}-${scheme}.png`, fullPage: width === 390 });
      }
      await page.emulateMedia({ colorScheme: 'light' });
    }
  }
});
