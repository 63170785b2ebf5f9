// Team collaboration: an Enterprise owner invites an editor by e-mail, the invitee signs in with an
// e-mailed code from the invitation link and accepts, the owner shares a publication and the
// invitee opens it from /publications in the workflow.
import { test, expect, uniqueEmail, signInThroughUi, skipWithoutBrowser } from './support';
import { createUserWithPlan, latestCodeFor, outboxFor, trpcMutation } from './fixtures/workflow-helpers';

skipWithoutBrowser();

test('an owner invites an editor who accepts after signing in by code and opens a shared publication', async ({ page, browser }) => {
  // Two people in two browser contexts, a mailed code and the workflow page: ~20 s alone, 35 s on a loaded CI machine.
  test.setTimeout(60_000);
  const ownerEmail = uniqueEmail('team-owner');
  const inviteeEmail = uniqueEmail('team-editor');
  createUserWithPlan(ownerEmail, 'Olive Owner', 'enterprise');
  await signInThroughUi(page, ownerEmail);
  const pub = await trpcMutation<{ id: string }>(page, 'publications.create', { name: 'Team Digest' });

  await page.goto('/team');
  await expect(page.getByRole('heading', { name: 'Team', exact: true })).toBeVisible();
  await expect(page.getByLabel('Team name')).toHaveValue("Olive Owner's team");
  await page.getByLabel('Email address').fill(inviteeEmail);
  await page.getByLabel('Role', { exact: true }).selectOption('editor');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent', { exact: true })).toBeVisible();
  const pending = page.getByRole('list', { name: 'Pending invitations' });
  await expect(pending.getByText(inviteeEmail)).toBeVisible();

  // The invitation mail holds the link; the invitee opens it signed out and signs in with a code.
  const mail = outboxFor(inviteeEmail).find((m) => m.subject === "Olive Owner invited you to Olive Owner's team on Curated");
  expect(mail?.html).toBeTruthy();
  const link = /href="(https?:\/\/[^"]+\/team\/join\?token=[A-Za-z0-9_-]+)"/.exec(mail!.html!)?.[1];
  expect(link).toBeTruthy();
  const joinPath = new URL(link!).pathname + new URL(link!).search;

  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  await invitee.goto(joinPath);
  await expect(invitee).toHaveURL(/\/auth$/);
  await invitee.getByRole('button', { name: 'More options' }).click();
  await invitee.getByRole('button', { name: 'Email me a sign-in code' }).click();
  await invitee.getByLabel('Email').fill(inviteeEmail);
  await invitee.getByRole('button', { name: 'Send code' }).click();
  // The mail is in the outbox once the page says it was sent (the click alone returns before the request).
  await expect(invitee.getByRole('status').filter({ hasText: 'Verification code sent! Check your email.' })).toBeVisible();
  await invitee.getByLabel('6-digit code').fill(latestCodeFor(inviteeEmail));
  await invitee.getByRole('button', { name: 'Verify and sign in' }).click();

  // Back on the invitation after signing in.
  await expect(invitee).toHaveURL(joinPath);
  await expect(invitee.getByRole('heading', { name: "Join Olive Owner's team" })).toBeVisible();
  await expect(invitee.getByText("Olive Owner invited you to join Olive Owner's team.")).toBeVisible();
  await expect(invitee.getByText('Editor', { exact: true })).toBeVisible();
  await invitee.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(invitee.getByRole('heading', { name: "You are a member of Olive Owner's team" })).toBeVisible();

  // The owner sees the new member and shares the publication.
  await page.reload();
  const members = page.getByRole('region', { name: 'Members table' });
  await expect(members.getByRole('cell', { name: inviteeEmail })).toBeVisible();
  await expect(members.getByLabel(/^Role of /)).toHaveValue('editor');
  await expect(pending).toHaveCount(0);
  await page.getByRole('button', { name: 'Share Team Digest' }).click();
  await expect(page.getByText('Shared with your team', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unshare Team Digest' })).toBeVisible();

  // The invitee finds it in /publications with the badge and opens it in the workflow.
  await invitee.goto('/publications');
  const row = invitee.getByRole('article', { name: 'Team Digest' });
  await expect(row.getByText('Shared by Olive Owner')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await row.getByRole('button', { name: 'Open' }).click();
  await expect(invitee).toHaveURL(new RegExp(`/workflow\\?publicationId=${pub.id}$`));
  await expect(invitee.getByRole('textbox').first()).toHaveValue('Team Digest');

  // The invitee's /team lists the workspace they belong to.
  await invitee.goto('/team');
  const belong = invitee.getByRole('list', { name: 'Workspaces you belong to' });
  await expect(belong.getByText("Olive Owner's team")).toBeVisible();
  await expect(belong.getByText(`Owner: Olive Owner (${ownerEmail})`, { exact: false })).toBeVisible();
  await inviteeContext.close();
});
