// Teams in the pull request create path and in "review requested", as Gitea does them:
// - POST /repos/{o}/{r}/pulls with `team_reviewers` (routers/api/v1/repo/pull.go CreatePullRequest →
//   parseReviewersByNames, services/pull/pull.go NewPullRequest → TeamReviewRequest): in an
//   organization's repository the teams are asked after the users; a team the organization does not
//   have is 404 and nothing is created; in a user's repository team names are ignored.
// - GET /repos/issues/search?review_requested=true (models/issues/issue_search.go
//   applyReviewRequestedCondition): open requests to the caller or to a team they are in, on pull
//   requests someone else opened. The /pulls page's "Review requested" tab and its counts ask this.
// Real SQLite, real git.
import { describe, expect, it } from 'vitest';
import { createTestForge, uniq } from './helpers.ts';
import { type ForgeUser, makeRepo, personOf, standardHistory } from './merge-fixtures.ts';

const forge = await createTestForge();
const owner = await forge.user('owner'); // owns the organizations

/** An organization with a writing team `reviewers` (all repositories) and a reading team `readers` (no repositories). */
async function orgWithTeams(reviewersMember: ForgeUser, readersMember: ForgeUser) {
  const orgName = uniq('org');
  const org = await forge.req('POST', '/orgs', { token: owner.token, body: { username: orgName } });
  expect(org.status).toBe(201);
  const team = async (body: Record<string, unknown>, who: ForgeUser) => {
    const r = await forge.req('POST', `/orgs/${orgName}/teams`, { token: owner.token, body });
    expect(r.status, r.text).toBe(201);
    expect((await forge.req('PUT', `/teams/${r.body.id}/members/${who.name}`, { token: owner.token })).status).toBe(204);
    return r.body as { id: number; name: string };
  };
  const reviewers = await team(
    { name: 'reviewers', permission: 'write', includes_all_repositories: true, units_map: { 'repo.code': 'write', 'repo.pulls': 'write' } },
    reviewersMember,
  );
  const readers = await team({ name: 'readers', permission: 'read', units_map: { 'repo.code': 'read', 'repo.pulls': 'read' } }, readersMember);
  return { orgName, orgId: org.body.id as number, reviewers, readers };
}

/** An organization repository (branches of standardHistory) that `reviewers` has, as creating it would give. */
async function orgRepo(reviewersMember: ForgeUser, readersMember: ForgeUser, opts: { private?: boolean } = {}) {
  const o = await orgWithTeams(reviewersMember, readersMember);
  const r = await makeRepo(forge, { ...owner, id: o.orgId, name: o.orgName }, standardHistory(personOf(owner)), opts);
  expect((await forge.req('PUT', `/teams/${o.reviewers.id}/repos/${o.orgName}/${r.name}`, { token: owner.token })).status).toBe(204);
  return { ...o, ...r };
}

const open = (api: string, by: ForgeUser, body: Record<string, unknown>) =>
  forge.req('POST', `${api}/pulls`, { token: by.token, body: { base: 'main', title: `from ${String(body.head)}`, ...body } });
const pullsOf = async (api: string) => ((await forge.req('GET', `${api}/pulls?state=all`, { token: owner.token })).body as any[]).map((p) => p.number);
const requestEvents = async (api: string, index: number) =>
  ((await forge.req('GET', `${api}/issues/${index}/timeline`, { token: owner.token })).body as any[])
    .filter((e) => e.type === 'review_request')
    .map((e) => ({ by: e.user.login, user: e.assignee?.login ?? null, team: e.assignee_team?.name ?? null }));

describe('POST /pulls with team_reviewers', () => {
  it('asks the teams (any case of their names) after the users, on the pull request and in its timeline', async () => {
    const poster = await forge.user('poster');
    const member = await forge.user('member');
    const other = await forge.user('other');
    const r = await orgRepo(member, other);
    const created = await open(r.api, poster, { head: 'feature', reviewers: [member.name], team_reviewers: ['Reviewers', 'readers'] });
    expect(created.status, created.text).toBe(201);
    expect(created.body.requested_reviewers.map((u: any) => u.login)).toEqual([member.name]);
    expect(created.body.requested_reviewers_teams.map((t: any) => t.name)).toEqual(['reviewers', 'readers']);
    expect(created.body.requested_reviewers_teams[0]).toMatchObject({ id: r.reviewers.id, permission: 'write', organization: { name: r.orgName } });

    const n = created.body.number;
    const pull = (await forge.req('GET', `${r.api}/pulls/${n}`, { token: owner.token })).body;
    expect(pull.requested_reviewers_teams.map((t: any) => t.name)).toEqual(['reviewers', 'readers']);
    expect(await requestEvents(r.api, n)).toEqual([
      { by: poster.name, user: member.name, team: null },
      { by: poster.name, user: null, team: 'reviewers' },
      { by: poster.name, user: null, team: 'readers' },
    ]);
    // The request endpoint agrees: the teams are already asked.
    const again = await forge.req('POST', `${r.api}/pulls/${n}/requested_reviewers`, { token: poster.token, body: { team_reviewers: ['reviewers'] } });
    expect(again.status).toBe(201);
    expect(again.body).toEqual([]);
  });

  it("answers 404 for a team the organization does not have, and creates nothing (not even the users' requests)", async () => {
    const poster = await forge.user('poster');
    const member = await forge.user('member');
    const other = await forge.user('other');
    const r = await orgRepo(member, other);
    const elsewhere = await orgWithTeams(member, other); // has its own `reviewers`, not this organization's
    expect(elsewhere.orgName).not.toBe(r.orgName);

    const bad = await open(r.api, poster, { head: 'feature', reviewers: [member.name], team_reviewers: ['reviewers', 'nope'] });
    expect(bad.status).toBe(404);
    expect(bad.body.message).toBe("Team 'nope' not exist");
    expect(await pullsOf(r.api)).toEqual([]);
    expect(await forge.deps.db.selectFrom('review').select('id').where('reviewer_id', '=', member.id).execute()).toEqual([]);

    // Nothing was taken either: the next pull request is still number 1.
    const ok = await open(r.api, poster, { head: 'feature', team_reviewers: ['reviewers'] });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.number).toBe(1);
    expect(await pullsOf(r.api)).toEqual([1]);
  });

  it('refuses (422) a team that cannot read a private repository before creating anything', async () => {
    const member = await forge.user('member');
    const other = await forge.user('other');
    const r = await orgRepo(member, other, { private: true });
    const bad = await open(r.api, owner, { head: 'feature', team_reviewers: ['reviewers', 'readers'] });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe(`Reviewing team can't read repo [user_id: ${owner.id}, repo_id: ${r.repo.id}]`);
    expect(await pullsOf(r.api)).toEqual([]);

    const ok = await open(r.api, owner, { head: 'feature', team_reviewers: ['reviewers'] });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.requested_reviewers_teams.map((t: any) => t.name)).toEqual(['reviewers']);
  });

  it("ignores team names in a user's repository, as Gitea does", async () => {
    const poster = await forge.user('poster');
    const r = await makeRepo(forge, poster, standardHistory(personOf(poster)));
    const created = await open(r.api, poster, { head: 'feature', team_reviewers: ['core'] });
    expect(created.status, created.text).toBe(201);
    expect(created.body.requested_reviewers_teams).toEqual([]);
    expect(await requestEvents(r.api, created.body.number)).toEqual([]);
  });
});

describe("review_requested=true counts requests to the caller's teams", () => {
  const requested = async (who: ForgeUser, extra = '') => {
    const r = await forge.req('GET', `/repos/issues/search?type=pulls&review_requested=true${extra}`, { token: who.token });
    expect(r.status, r.text).toBe(200);
    return { numbers: (r.body as any[]).map((i) => `${i.repository.name}#${i.number}`), total: r.headers.get('x-total-count') };
  };

  it("lists another's pull request asked of a team the caller is in, until the caller answers it", async () => {
    const poster = await forge.user('poster');
    const member = await forge.user('member'); // in `reviewers`
    const other = await forge.user('other'); // in `readers`
    const outsider = await forge.user('outsider');
    const r = await orgRepo(member, other);
    const teamPull = await open(r.api, poster, { head: 'feature', team_reviewers: ['reviewers'] });
    const userPull = await open(r.api, poster, { head: 'behind', reviewers: [other.name] });
    // The member's own pull request asked of their own team is not waiting for them (Gitea: poster_id <> me).
    const ownPull = await open(r.api, member, { head: 'conflicting', team_reviewers: ['reviewers'] });
    for (const p of [teamPull, userPull, ownPull]) expect(p.status, p.text).toBe(201);
    const at = (p: typeof teamPull) => `${r.name}#${p.body.number}`;

    expect(await requested(member)).toEqual({ numbers: [at(teamPull)], total: '1' });
    expect(await requested(other)).toEqual({ numbers: [at(userPull)], total: '1' });
    expect(await requested(outsider)).toEqual({ numbers: [], total: '0' });
    // The /pulls page counts with limit=1: the total header has every match.
    expect((await requested(member, '&limit=1')).total).toBe('1');

    // A team member's verdict answers the team's request.
    const approve = await forge.req('POST', `${r.api}/pulls/${teamPull.body.number}/reviews`, {
      token: member.token,
      body: { event: 'APPROVED', body: 'fine' },
    });
    expect(approve.status, approve.text).toBe(200);
    expect(await requested(member)).toEqual({ numbers: [], total: '0' });
    // Asked again, it waits for them again (the new request is the latest).
    const again = await forge.req('POST', `${r.api}/pulls/${teamPull.body.number}/requested_reviewers`, {
      token: poster.token,
      body: { team_reviewers: ['reviewers'] },
    });
    expect(again.status, again.text).toBe(201);
    expect(await requested(member)).toEqual({ numbers: [at(teamPull)], total: '1' });

    // Leaving the team drops it from their list.
    expect((await forge.req('DELETE', `/teams/${r.reviewers.id}/members/${member.name}`, { token: owner.token })).status).toBe(204);
    expect(await requested(member)).toEqual({ numbers: [], total: '0' });
  });

  it('still lists requests made to the caller by name, and not a comment-only reply', async () => {
    const poster = await forge.user('poster');
    const member = await forge.user('member');
    const other = await forge.user('other');
    const r = await orgRepo(member, other);
    const p = await open(r.api, poster, { head: 'feature', reviewers: [member.name] });
    expect(p.status, p.text).toBe(201);
    const at = `${r.name}#${p.body.number}`;
    expect((await requested(member)).numbers).toEqual([at]);
    const comment = await forge.req('POST', `${r.api}/pulls/${p.body.number}/reviews`, { token: member.token, body: { event: 'COMMENT', body: 'a question' } });
    expect(comment.status, comment.text).toBe(200);
    expect((await requested(member)).numbers).toEqual([at]);
  });
});
