// Organizations and teams without dead ends: the new-repository owner picker offers the
// organizations one may create in, refusals read about the organization beside their field with
// the input kept, the dashboard lists repositories reached through teams, and deleting a team
// asks for it no more.
import { apiAs, createUser, expect, rand, screenshots, signIn, signInWithCookie, test } from './fixtures';

test('create a repository in an organization from the owner picker; the dashboard lists team repositories', async ({ page, request }) => {
  const owner = await createUser(request, 'orgowner');
  const member = await createUser(request, 'teammate');
  const org = rand('crew');
  const readonlyOrg = rand('ro');
  await apiAs(request, owner, 'POST', '/orgs', { username: org });
  await apiAs(request, owner, 'POST', '/orgs', { username: readonlyOrg });
  const makers = await apiAs(request, owner, 'POST', `/orgs/${org}/teams`, {
    name: 'makers',
    permission: 'write',
    can_create_org_repo: true,
    units: ['repo.code', 'repo.issues', 'repo.pulls'],
  });
  const readers = await apiAs(request, owner, 'POST', `/orgs/${readonlyOrg}/teams`, { name: 'readers', permission: 'read', units: ['repo.code'] });
  await apiAs(request, owner, 'PUT', `/teams/${makers.id}/members/${member.username}`, undefined, 204);
  await apiAs(request, owner, 'PUT', `/teams/${readers.id}/members/${member.username}`, undefined, 204);
  await apiAs(request, owner, 'POST', `/orgs/${readonlyOrg}/repos`, { name: 'handbook', private: true });
  await apiAs(request, owner, 'PUT', `/teams/${readers.id}/repos/${readonlyOrg}/handbook`, undefined, 204);

  await signInWithCookie(page, member);
  await page.goto('/repo/create');
  const picker = page.getByLabel('Owner');
  await expect(picker.getByRole('option')).toHaveText([member.username, org]);
  await picker.selectOption(org);
  await page.getByLabel('Repository name').fill('rocket');
  await screenshots(page, 'new-repo-owner-picker');
  await page.getByLabel('Owner').selectOption(org);
  await page.getByLabel('Repository name').fill('rocket');
  await page.getByRole('button', { name: 'Create repository' }).click();
  await expect(page).toHaveURL(new RegExp(`/${org}/rocket$`));

  // The dashboard shows what the teams reach, not only what the user owns.
  await page.goto('/');
  const mine = page.getByRole('list', { name: 'Your repositories' });
  await expect(mine.getByRole('link', { name: `${org}/rocket` })).toBeVisible();
  await expect(mine.getByRole('link', { name: `${readonlyOrg}/handbook` })).toBeVisible();
});

test('refusals read about the organization, beside their field, keeping what was typed', async ({ page, request }) => {
  const owner = await createUser(request, 'refused');
  const other = await createUser(request, 'taken');
  const org = rand('keep');
  await apiAs(request, owner, 'POST', '/orgs', { username: org });
  await apiAs(request, owner, 'POST', `/orgs/${org}/repos`, { name: 'one' });
  await apiAs(request, owner, 'POST', `/orgs/${org}/repos`, { name: 'two' });
  await signInWithCookie(page, owner);

  await page.goto('/org/create');
  await page.getByLabel('Organization name').fill(other.username);
  await page.getByLabel('Description').fill('Kept after the refusal');
  await page.getByRole('button', { name: 'Create organization' }).click();
  const name = page.getByLabel('Organization name');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription(new RegExp(`An organization or user named “${other.username}” already exists`));
  await expect(name).toHaveValue(other.username);
  await expect(page.getByLabel('Description')).toHaveValue('Kept after the refusal');
  await screenshots(page, 'new-org-taken');

  await page.goto(`/org/${org}/settings`);
  await page.getByRole('button', { name: 'Delete organization' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this organization' });
  await dialog.getByRole('textbox').fill(org);
  await dialog.getByRole('button', { name: 'Delete this organization' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The organization still owns 2 repositories: delete or transfer them first.');
  await expect(dialog.getByRole('alert')).not.toContainText('uid');

  // A duplicate team name, beside the name field.
  await page.goto(`/org/${org}/teams/new`);
  await page.getByLabel('Team name').fill('Owners');
  await page.getByRole('button', { name: 'Create team' }).click();
  await expect(page.getByLabel('Team name')).toHaveAccessibleDescription(/This organization already has a team named “Owners”/);
  await expect(page.getByLabel('Team name')).toHaveValue('Owners');
});

test('deleting a team asks for it no more', async ({ page, request }) => {
  const owner = await createUser(request, 'teamdel');
  const org = rand('del');
  await apiAs(request, owner, 'POST', '/orgs', { username: org });
  const team = await apiAs(request, owner, 'POST', `/orgs/${org}/teams`, { name: 'temporary', permission: 'read', units: ['repo.code'] });
  await signIn(page, owner);
  const notFound: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 404 && r.url().includes(`/teams/${team.id}`)) notFound.push(r.url());
  });
  await page.goto(`/org/${org}/teams/temporary`);
  await expect(page.getByRole('heading', { name: 'temporary' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete team' }).click();
  await page.getByRole('dialog', { name: 'Delete team' }).getByRole('button', { name: 'Delete team' }).click();
  await expect(page).toHaveURL(new RegExp(`/org/${org}/teams$`));
  await expect(page.getByRole('link', { name: 'temporary' })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(notFound).toEqual([]);
});
