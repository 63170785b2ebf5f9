// A reader's life with a publication, end to end: the creator offers topics and writes a welcome mail;
// a reader joins through a form embedded on another loopback origin (no JavaScript), confirms, and
// gets the welcome mail; from an issue's footer they open the preference centre and pick a topic; the
// creator builds a segment of that topic on the Subscribers page and sends the next issue to it from
// the send dialog, and only the reader who picked the topic receives it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, signInThroughUi, skipWithoutBrowser, test, uniqueEmail } from './support';
import { EXAMPLE_ARTICLE, EXAMPLE_CHANNEL, createUserWithPlan, outboxFor, trpcMutation, trpcQuery } from './fixtures/workflow-helpers';

skipWithoutBrowser();

const SHOTS = process.env.READERS_SHOTS;

/** Another site on its own loopback origin (a port the system picks), serving the given page. */
async function otherSite(html: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Reef blog</title></head><body><h1>Reef blog</h1>${html}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const linkIn = (html: string | null, pattern: RegExp) => {
  const m = pattern.exec(html ?? '');
  expect(m, `a link matching ${pattern}`).toBeTruthy();
  return m![0].replaceAll('&amp;', '&');
};

test('a reader joins through a form on another site, is welcomed, picks a topic, and only that topic’s segment gets the next issue', async ({
  page,
  browser,
}) => {
  // Two browsers, another origin, four mails and two sends: longer than one page's journey.
  test.setTimeout(150_000);
  const creator = uniqueEmail('segmenter');
  const tag = creator.split('@')[0]!;
  const reader = `reader-${tag}@example.com`;
  const other = `other-${tag}@example.com`;
  createUserWithPlan(creator, 'Sage Segmenter', 'professional');
  await signInThroughUi(page, creator);
  const pub = await trpcMutation<{ id: string }>(page, 'publications.create', { name: `Reef Notes ${tag}` });
  await trpcMutation(page, 'wizard.saveProgress', {
    publicationId: pub.id,
    currentStep: 5,
    workflowData: {
      newsletterName: `Reef Notes ${tag}`,
      selectedTheme: 'market-watch',
      selectedChannels: [EXAMPLE_CHANNEL],
      selectedArticles: [EXAMPLE_ARTICLE],
    },
  });

  // The creator offers two topics and turns the welcome mail on, on the Subscribers page.
  await page.goto(`/subscribers?publicationId=${pub.id}`);
  const topics = page.getByRole('region', { name: 'Topics readers can choose' });
  for (const topic of ['Corals', 'Kelp']) {
    await topics.getByLabel('New topic').fill(topic);
    await topics.getByRole('button', { name: 'Add' }).click();
  }
  await topics.getByRole('button', { name: 'Save topics' }).click();
  await expect(page.getByText('Topics saved').first()).toBeVisible();
  const welcome = page.getByRole('region', { name: 'Welcome mail' });
  await welcome.getByRole('switch').click();
  await welcome.getByLabel('Subject').fill('Welcome to the reef');
  await welcome.getByLabel('Message (Markdown)').fill('Glad you are here. **Next issue on Friday.**');
  await welcome.getByRole('button', { name: 'Save welcome mail' }).click();
  await expect(page.getByText('Welcome mail saved').first()).toBeVisible();
  // The preview shows the mail as readers get it, Markdown rendered.
  await expect(welcome.frameLocator('iframe').locator('strong', { hasText: 'Next issue on Friday.' })).toBeVisible();
  if (SHOTS) {
    await welcome.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/welcome.png` });
  }

  const form = await trpcMutation<{ htmlCode: string }>(page, 'forms.create', { publicationId: pub.id, name: 'Reef blog sidebar' });
  const site = await otherSite(form.htmlCode);
  const visitorContext = await browser.newContext({ javaScriptEnabled: false });
  const readerContext = await browser.newContext();
  try {
    // The reader joins on the other site with JavaScript off, confirms, and is welcomed.
    const visitor = await visitorContext.newPage();
    await visitor.goto(site.url);
    await visitor.getByLabel('Email').fill(reader);
    await visitor.getByRole('button', { name: 'Subscribe' }).click();
    await expect(visitor.getByRole('status')).toHaveText('Check your inbox to confirm your subscription.');
    const readerPage = await readerContext.newPage();
    await readerPage.goto(linkIn(outboxFor(reader)[0]!.html, /https?:\/\/[^"\s]+\/confirm\?token=[\w-]+/));
    await expect(readerPage.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible();
    await expect.poll(() => outboxFor(reader).map((m) => m.subject), { timeout: 15_000 }).toContain('Welcome to the reef');
    const welcomed = outboxFor(reader).find((m) => m.subject === 'Welcome to the reef')!;
    expect(welcomed.html).toContain('<strong>Next issue on Friday.</strong>');

    // A second reader, added by hand, who picks no topic.
    await trpcMutation(page, 'subscribers.add', { publicationId: pub.id, email: other, name: 'Otto' });

    // The first issue goes to everyone; its footer carries each reader's preferences link.
    await trpcMutation(page, 'sends.create', { id: `first${Date.now()}`, publicationId: pub.id });
    await expect.poll(() => outboxFor(reader).length, { timeout: 20_000 }).toBe(3);
    await expect.poll(() => outboxFor(other).length, { timeout: 20_000 }).toBe(1);
    const firstIssue = outboxFor(reader)[2]!;
    await readerPage.goto(linkIn(firstIssue.html, /https?:\/\/[^"\s]+\/preferences\/[^"\s]+/));
    await expect(readerPage.getByRole('group', { name: 'Topics' })).toBeVisible();
    await readerPage.getByRole('checkbox', { name: 'Corals' }).check();
    await readerPage.getByRole('button', { name: 'Save preferences' }).click();
    await expect(readerPage.getByRole('status')).toHaveText('Your preferences are saved.');

    // The creator builds the segment of readers who chose Corals, watching the live count.
    await page.goto(`/subscribers?publicationId=${pub.id}`);
    await expect(page.getByRole('list', { name: `Tags of ${reader}` })).toContainText('Corals');
    const segments = page.getByRole('region', { name: 'Segments' });
    await segments.getByRole('button', { name: 'New segment' }).click();
    await segments.getByLabel('Name').fill('Coral readers');
    await segments.getByLabel('Rule 1: tag').fill('Corals');
    await expect(segments.getByTestId('segment-count')).toHaveText('1 reader matches; 1 would get an issue sent now.');
    if (SHOTS) {
      await segments.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/segment-builder.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await segments.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/segment-builder-390.png` });
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    await segments.getByRole('button', { name: 'Save segment' }).click();
    await expect(segments.getByRole('list', { name: 'Saved segments' })).toContainText('tagged “Corals”');

    // The next issue, sent from step 5 to that segment.
    await page.goto(`/workflow?publicationId=${pub.id}`);
    await expect(page.getByText('2 active subscribers')).toBeVisible();
    await page.getByRole('button', { name: 'Send to subscribers' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('audience-count')).toContainText('2 readers would get it now');
    await dialog.getByLabel('Audience').selectOption({ label: 'Segment: Coral readers' });
    await expect(dialog.getByTestId('audience-count')).toContainText('1 reader would get it now');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/send-dialog.png` });
    await dialog.getByRole('button', { name: /^Send to 1( anyway)?$/ }).click();
    const progress = page.getByTestId('send-progress');
    await expect(progress).toContainText('Sent', { timeout: 20_000 });
    await expect(progress).toContainText('To the segment “Coral readers”.');
    await expect.poll(() => outboxFor(reader).length, { timeout: 20_000 }).toBe(4);
    expect(outboxFor(other)).toHaveLength(1);
    const sends = await trpcQuery<{ total: number; segmentName: string | null }[]>(page, 'sends.list', { publicationId: pub.id });
    expect(sends[0]).toMatchObject({ total: 1, segmentName: 'Coral readers' });
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/send-progress.png` });
      await page.goto(`/subscribers?publicationId=${pub.id}`);
      await page.getByRole('checkbox', { name: `Select ${other}` }).check();
      await expect(page.getByRole('form', { name: 'Tag the selected subscribers' })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/subscribers-tags.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SHOTS}/subscribers-tags-390.png`, fullPage: true });
      await page.goto(`/recurring?publicationId=${pub.id}`);
      await page.getByLabel('Audience').selectOption({ label: 'Segment: Coral readers' });
      await expect(page.getByTestId('audience-count')).toContainText('1 reader would get it now');
      await page.getByLabel('Audience').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/recurring-390.png` });
    }
  } finally {
    await visitorContext.close();
    await readerContext.close();
    await site.close();
  }
});
