// White-label (Enterprise): an Enterprise account's issues (email, plain text, web archive) carry no
// "Made with Curated" and nothing else of the product, and its readers' pages say so to the client
// (which then shows the publication's name only) and in the app shell's title; a Professional
// account's issues keep the product's line.
// @postgres
import { describe, it, expect, afterEach } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { harnessWithAdmin, type Harness } from '../../helpers/app';
import { outbox, subscribers } from '../../../db/schema';
import { startJobWorker, type JobWorker } from '../../../src/server/jobs/worker';
import { jobHandlers } from '../../../src/server/job-handlers';
import { unsubscribeToken } from '../../../src/server/readers/unsubscribe';
import { ensureSlug } from '../../../src/server/readers/pages/slug';
import { readerShell } from '../../../src/server/readers/pages/reader-shell';
import { addSubscribers, newId, readyPublication } from './send-support';

const workers: JobWorker[] = [];
afterEach(async () => {
  while (workers.length) await workers.pop()!.stop();
});

const SHELL =
  '<html><head><meta name="description" content="Curated: build newsletters." /><title>Curated — AI-assisted newsletter builder</title></head><body></body></html>';

/** One worker per harness: on Postgres a second one's idle() would not wait for a job the first took. */
async function sendIssue(h: Harness, worker: JobWorker, plan: 'enterprise' | 'professional', email: string) {
  const user = await h.insertUser({ email, planType: plan, verified: true });
  const pub = await readyPublication(h, user, `Harbour Notes ${plan}`);
  const [reader] = await addSubscribers(h, pub.id, 1, { prefix: plan });
  const send = await h.caller(user).sends.create({ id: newId(), publicationId: pub.id });
  await worker.idle();
  const [mail] = await h.db.select().from(outbox).where(eq(outbox.toAddress, reader!.email));
  const slug = await ensureSlug(h.db, pub.id);
  return { user, pub, reader: reader!, send, mail: mail!, slug };
}

describe('white-label', () => {
  it("an Enterprise account's issue and readers' pages carry nothing of the product; a Professional one keeps its line", async () => {
    const h = await harnessWithAdmin();
    const worker = startJobWorker(h.deps, h.deps.queue, jobHandlers, { pollMs: 20, leaseMs: 5_000 });
    workers.push(worker);
    const ent = await sendIssue(h, worker, 'enterprise', 'owner@harbour.example');
    for (const part of [ent.mail.html ?? '', ent.mail.text, ent.mail.subject]) expect(part).not.toMatch(/curated/i);
    const archived = await h.app.request(`/p/${ent.slug}/issues/${ent.send.id}`);
    expect(archived.status).toBe(200);
    expect(await archived.text()).not.toMatch(/made with/i);

    const pro = await sendIssue(h, worker, 'professional', 'writer@example.com');
    expect(pro.mail.html).toContain('Made with <strong>Curated</strong>');
    expect(pro.mail.text).toContain('Made with Curated');

    // The readers' pages: the client is told which frame to show.
    const anon = h.caller();
    expect(await anon.subscribers.publicPage({ slug: ent.slug })).toMatchObject({ name: 'Harbour Notes enterprise', brand: { whiteLabel: true } });
    // Every plan: the publication's name and, once an issue is out, its archive.
    expect(await anon.subscribers.publicPage({ slug: pro.slug })).toMatchObject({
      brand: { name: 'Harbour Notes professional', whiteLabel: false, home: `/p/${pro.slug}`, archiveUrl: `/p/${pro.slug}` },
    });
    // The web version of a normal plan's issue is signed "Made with Curated" once (the issue's own line); white-label's not at all.
    const proPage = await (await h.app.request(`/p/${pro.slug}/issues/${pro.send.id}`)).text();
    expect(proPage.match(/Made with/g)).toHaveLength(1);
    expect(await anon.sends.archive({ slug: ent.slug })).toMatchObject({ whiteLabel: true });
    const [sub] = await h.db.select().from(subscribers).where(eq(subscribers.email, ent.reader.email));
    const token = unsubscribeToken(h.deps.env.APP_SECRET, sub!.id, ent.send.id);
    expect(await anon.sends.unsubscribeInfo({ token })).toMatchObject({
      publicationName: 'Harbour Notes enterprise',
      brand: { name: 'Harbour Notes enterprise', whiteLabel: true },
    });

    // The readers' pages wear the publication's saved theme: its logo and main colour.
    const logo = await h.caller(ent.user).themes.uploadLogo({
      bytes: new Uint8Array(
        await sharp({ create: { width: 600, height: 200, channels: 4, background: '#0b5394' } })
          .png()
          .toBuffer(),
      ),
    });
    const theme = await h.caller(ent.user).themes.save({
      brand: {
        name: 'Harbour House',
        baseThemeId: 'newsprint',
        colors: { primary: '#0b5394', secondary: '#eee2dc', accent: '#ac3b61', background: '#ffffff', text: '#1b1b2f', link: '#0b5394' },
        titleFont: 'georgia',
        bodyFont: 'arial',
        headerStyle: 'broadsheet',
        cardStyle: 'column-rules',
        footerText: '',
        logo,
      },
    });
    await h.caller(ent.user).wizard.saveProgress({ publicationId: ent.pub.id, currentStep: 5, workflowData: { selectedTheme: theme.id } });
    expect(await anon.subscribers.publicPage({ slug: ent.slug })).toMatchObject({
      brand: {
        whiteLabel: true,
        logo: { src: `/media/${logo.id}.png`, width: 240, height: 80 },
        color: '#0b5394',
        // #0b5394 reads on white as it is; on the dark page it is lightened until it reads.
        light: { accent: '#0b5394', onAccent: '#ffffff' },
        dark: { onAccent: '#09090b' },
      },
    });
    expect(await anon.sends.unsubscribeInfo({ token })).toMatchObject({ brand: { logo: { src: `/media/${logo.id}.png` }, color: '#0b5394' } });

    // The shell's title and description before the client runs.
    const shell = await readerShell(h.deps, { path: `/p/${ent.slug}` }, SHELL);
    expect(shell).toContain('<title>Subscribe to Harbour Notes enterprise</title>');
    expect(shell).not.toMatch(/curated/i);
    expect(await readerShell(h.deps, { path: `/p/${ent.slug}/confirm` }, SHELL)).toContain(
      '<title>Confirm your subscription to Harbour Notes enterprise</title>',
    );
    // Every plan's page is titled by its publication; only white-label's is marked so the client shows nothing of the product.
    const proShell = await readerShell(h.deps, { path: `/p/${pro.slug}` }, SHELL);
    expect(proShell).toContain('<title>Subscribe to Harbour Notes professional</title>');
    expect(proShell).not.toContain('data-white-label');
    expect(shell).toContain('data-white-label');
    expect(await readerShell(h.deps, { path: '/dashboard' }, SHELL)).toBeNull();
  });
});
