// Organizations and teams in a real browser against the real server: an owner creates an
// organization and a team that may write issues but only read code, gives it a member and a
// private repository; the member can comment but finds no settings and cannot push; the owner
// renames the organization and an old link still leads there.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect, createUser, screenshots, rand, git, apiAs, signInWithCookie } from './fixtures';

test('organization, team with issues-write and code-read, a member who may comment but not push, rename', async ({ page, browser, request, baseURL }) => {
  test.setTimeout(180_000);
  const owner = await createUser(request, 'orgowner');
  const member = await createUser(request, 'orgmember');
  const outsider = await createUser(request, 'outsider');
  const orgName = rand('org');

  // Create the organization through the form; the limits show before anything is sent.
  await signInWithCookie(page, owner);
  await page.goto('/org/create');
  await page.getByLabel('Organization name').fill(orgName);
  await expect(page.getByText(`${orgName.length} / 40`)).toBeVisible();
  await page.getByLabel('Full name').fill('Rocket Works');
  await page.getByLabel('Description').fill('We build rockets, together.');
  await page.getByLabel('Location').fill('Lisbon');
  await screenshots(page, 'org-new');
  // The screenshots reload the page: fill again before submitting.
  await page.getByLabel('Organization name').fill(orgName);
  await page.getByLabel('Full name').fill('Rocket Works');
  await page.getByLabel('Description').fill('We build rockets, together.');
  await page.getByRole('button', { name: 'Create organization' }).click();
  await expect(page).toHaveURL(new RegExp(`/${orgName}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Rocket Works');

  // A private repository of the organization, with an issue in it.
  const repo = await apiAs(request, owner, 'POST', `/orgs/${orgName}/repos`, { name: 'engine', private: true, auto_init: true });
  const issue = await apiAs(request, owner, 'POST', `/repos/${orgName}/engine/issues`, { title: 'Thrust is low' });
  expect(repo.private).toBe(true);

  // A team writing issues and reading code.
  await page.goto(`/org/${orgName}/teams`);
  await page.getByRole('link', { name: 'New team' }).click();
  await page.getByLabel('Team name').fill('triage');
  await page.getByRole('radio', { name: 'Code: read' }).check();
  await page.getByRole('radio', { name: 'Issues: write' }).check();
  await page.getByRole('radio', { name: 'Pull requests: no access' }).check();
  await page.getByRole('radio', { name: 'Releases: no access' }).check();
  await page.getByRole('radio', { name: 'Wiki: no access' }).check();
  await page.getByRole('button', { name: 'Create team' }).click();
  await expect(page).toHaveURL(new RegExp(`/org/${orgName}/teams/triage$`));
  await expect(page.getByText('Code: read · Issues: write')).toBeVisible();

  // Give it a member (the user picker) and the private repository.
  await page.getByRole('button', { name: 'Add a member' }).click();
  await page.getByLabel('Add a member').fill(member.username);
  await page.getByRole('list', { name: 'Matching users' }).getByRole('button', { name: member.username }).click();
  await expect(page.getByRole('list', { name: 'Members of triage' }).getByRole('link', { name: member.username })).toBeVisible();
  await page.getByLabel('Add a repository').selectOption('engine');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Repositories of triage' }).getByRole('link', { name: `${orgName}/engine` })).toBeVisible();
  await screenshots(page, 'team');

  await page.goto(`/${orgName}`);
  await expect(page.getByRole('link', { name: 'engine' })).toBeVisible();
  await screenshots(page, 'org');

  // The member: may comment on the issue, finds no settings, and git refuses the push.
  const ctx = await browser.newContext();
  const mp = await ctx.newPage();
  await signInWithCookie(mp, member);
  await mp.goto(`/${orgName}/engine/issues/${issue.number}`);
  const box = mp.getByRole('form', { name: 'Add a comment' });
  await box.getByRole('textbox', { name: 'Comment' }).fill('Checked the valves.');
  await box.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(mp.getByRole('article', { name: `Comment by ${member.username}` })).toContainText('Checked the valves.');
  await mp.goto(`/${orgName}/engine`);
  await expect(mp.getByRole('navigation', { name: 'Repository' })).toBeVisible();
  await expect(mp.getByRole('navigation', { name: 'Repository' }).getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await mp.goto(`/${orgName}/engine/settings`);
  await expect(mp.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await ctx.close();

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'org-e2e-'));
  try {
    const url = new URL(`/${orgName}/engine.git`, baseURL);
    url.username = member.username;
    url.password = member.token;
    git(work, 'clone', '--quiet', url.toString(), 'engine');
    const dir = path.join(work, 'engine');
    fs.writeFileSync(path.join(dir, 'notes.md'), 'more thrust\n');
    git(dir, 'add', 'notes.md');
    git(dir, 'commit', '--quiet', '-m', 'notes');
    expect(() => git(dir, 'push', '--quiet', 'origin', 'HEAD')).toThrow();
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }

  // Repository settings: the member also becomes a collaborator (read); the access page shows both
  // grants, flagged as overlapping.
  await page.goto(`/${orgName}/engine/settings/collaborators`);
  await page.getByRole('button', { name: 'Add a collaborator' }).click();
  await page.getByLabel('Permission for new collaborators').selectOption('read');
  await page.getByLabel('Add a collaborator').fill(outsider.username);
  await page.getByRole('list', { name: 'Matching users' }).getByRole('button', { name: outsider.username }).click();
  await expect(page.getByLabel(`Permission of ${outsider.username}`)).toHaveValue('read');
  await page.getByLabel('Add a collaborator').fill(member.username);
  await page.getByRole('list', { name: 'Matching users' }).getByRole('button', { name: member.username }).click();
  // The level shown counts the team's grant too (issues: write), as the server reports it.
  await expect(page.getByLabel(`Permission of ${member.username}`)).toHaveValue('write');
  await screenshots(page, 'collaborators');
  await page.goto(`/${orgName}/engine/settings/access`);
  const table = page.getByRole('table', { name: 'Who has access and through which grant' });
  await expect(table.getByText('2 overlapping grants')).toBeVisible();
  await expect(table.getByRole('link', { name: 'Team triage' })).toBeVisible();
  await screenshots(page, 'repo-access');

  // Rename the organization; the old link still leads to it.
  const newName = rand('renamed');
  await page.goto(`/org/${orgName}/members`);
  await expect(page.getByRole('list', { name: `Members of ${orgName}` }).getByRole('link', { name: member.username })).toBeVisible();
  await screenshots(page, 'org-members');
  await page.goto('/explore/organizations');
  await expect(page.getByRole('list', { name: 'Organizations' }).getByRole('link', { name: orgName })).toBeVisible();
  await screenshots(page, 'explore-orgs');
  await page.goto(`/org/${orgName}/settings`);
  await expect(page.getByLabel('Full name')).toHaveValue('Rocket Works');
  await screenshots(page, 'org-settings');
  await page.getByLabel('Rename organization').fill(newName);
  await expect(page.getByRole('note')).toContainText('Links to the old name');
  await page.getByRole('button', { name: 'Rename' }).click();
  await expect(page).toHaveURL(new RegExp(`/org/${newName}/settings$`));
  await page.goto(`/${orgName}`);
  await expect(page).toHaveURL(new RegExp(`/${newName}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Rocket Works');
});
