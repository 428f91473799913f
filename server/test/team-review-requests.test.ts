// Review requests to teams, as Gitea answers them (routers/api/v1/repo/pull_review.go apiReviewRequest,
// services/issue/review_request.go isValidTeamReviewRequest, models/issues/review.go
// AddTeamReviewRequest / RemoveTeamReviewRequest / IsOfficialReviewerTeam, SubmitReview): only in an
// organization's repositories, the team must be the organization's (else 404) and, for a private
// repository, have it (else 422); the pull request lists the teams in requested_reviewers_teams (Gitea's
// Team shape) and the timeline has review_request events naming the team. Real SQLite, real git.
import { describe, expect, it } from 'vitest';
import { createTestForge, uniq } from './helpers.ts';
import { makeRepo, openPull, personOf, standardHistory } from './merge-fixtures.ts';

const forge = await createTestForge();
const owner = await forge.user('owner'); // owns the organizations
const poster = await forge.user('poster');
const member = await forge.user('member'); // in the `reviewers` team
const other = await forge.user('other'); // in the `readers` team
const stranger = await forge.user('stranger');

/** An organization with a writing team `reviewers` (all repositories) and a reading team `readers` (no repositories). */
async function orgWithTeams() {
  const orgName = uniq('org');
  const org = await forge.req('POST', '/orgs', { token: owner.token, body: { username: orgName } });
  expect(org.status).toBe(201);
  const team = async (body: Record<string, unknown>, who: { name: string }) => {
    const r = await forge.req('POST', `/orgs/${orgName}/teams`, { token: owner.token, body });
    expect(r.status, r.text).toBe(201);
    expect((await forge.req('PUT', `/teams/${r.body.id}/members/${who.name}`, { token: owner.token })).status).toBe(204);
    return r.body as { id: number; name: string };
  };
  const reviewers = await team(
    { name: 'reviewers', permission: 'write', includes_all_repositories: true, units_map: { 'repo.code': 'write', 'repo.pulls': 'write' } },
    member,
  );
  const readers = await team({ name: 'readers', permission: 'read', units_map: { 'repo.code': 'read', 'repo.pulls': 'read' } }, other);
  return { orgName, orgId: org.body.id as number, reviewers, readers };
}

async function orgPull(opts: { private?: boolean } = {}) {
  const o = await orgWithTeams();
  const r = await makeRepo(forge, { ...owner, id: o.orgId, name: o.orgName }, standardHistory(personOf(poster)), opts);
  // The fixture writes the repository directly: give it to `reviewers` as creating it would have.
  expect((await forge.req('PUT', `/teams/${o.reviewers.id}/repos/${o.orgName}/${r.name}`, { token: owner.token })).status).toBe(204);
  const index = await openPull(forge, r.repo, r.dir, poster, { head: 'feature' });
  const issue = await forge.deps.db.selectFrom('issue').select('id').where('repo_id', '=', r.repo.id).where('index', '=', index).executeTakeFirstOrThrow();
  return { ...o, ...r, index, issueId: issue.id, pull: `${r.api}/pulls/${index}` };
}

const request = (pull: string, teams: string[], token = owner.token, method = 'POST') =>
  forge.req(method, `${pull}/requested_reviewers`, { token, body: { team_reviewers: teams } });
const teamsOf = async (pull: string) =>
  ((await forge.req('GET', pull, { token: owner.token })).body.requested_reviewers_teams as { name: string }[]).map((t) => t.name);
const requestEvents = async (api: string, index: number) =>
  ((await forge.req('GET', `${api}/issues/${index}/timeline`, { token: owner.token })).body as any[])
    .filter((e) => e.type === 'review_request')
    .map((e) => ({ by: e.user.login, team: e.assignee_team?.name ?? null, assignee: e.assignee, removed: e.removed_assignee }));
const officialOf = async (issueId: number, teamId: number) =>
  (await forge.deps.db.selectFrom('review').select('official').where('issue_id', '=', issueId).where('reviewer_team_id', '=', teamId).executeTakeFirstOrThrow())
    .official;

describe('team review requests', () => {
  it('requests a review from a team (by any case of its name), lists it on the pull request and in the timeline, and removes it', async () => {
    const p = await orgPull();
    const r = await request(p.pull, ['Reviewers']);
    expect(r.status, r.text).toBe(201);
    expect(r.body).toHaveLength(1);
    expect(r.body[0]).toMatchObject({
      user: null,
      state: 'REQUEST_REVIEW',
      team: { id: p.reviewers.id, name: 'reviewers', permission: 'write', organization: { name: p.orgName } },
    });

    const pull = (await forge.req('GET', p.pull, { token: owner.token })).body;
    expect(pull.requested_reviewers).toEqual([]);
    expect(pull.requested_reviewers_teams).toEqual([
      expect.objectContaining({
        id: p.reviewers.id,
        name: 'reviewers',
        description: '',
        permission: 'write',
        includes_all_repositories: true,
        can_create_org_repo: false,
        units: ['repo.code', 'repo.pulls'],
        units_map: { 'repo.code': 'write', 'repo.pulls': 'write' },
        organization: expect.objectContaining({ name: p.orgName, username: p.orgName }),
      }),
    ]);
    // The list answers the same teams.
    const list = (await forge.req('GET', `${p.api}/pulls?state=open`, { token: owner.token })).body as any[];
    expect(list.find((x) => x.number === p.index).requested_reviewers_teams.map((t: any) => t.name)).toEqual(['reviewers']);
    expect(await requestEvents(p.api, p.index)).toEqual([{ by: owner.name, team: 'reviewers', assignee: null, removed: false }]);

    // Asking again changes nothing (Gitea skips a team already asked).
    const again = await request(p.pull, ['reviewers']);
    expect(again.status).toBe(201);
    expect(again.body).toEqual([]);
    expect(await requestEvents(p.api, p.index)).toHaveLength(1);

    expect((await request(p.pull, ['reviewers'], owner.token, 'DELETE')).status).toBe(204);
    expect(await teamsOf(p.pull)).toEqual([]);
    expect((await request(p.pull, ['reviewers'], owner.token, 'DELETE')).status).toBe(204);
    expect(await requestEvents(p.api, p.index)).toEqual([
      { by: owner.name, team: 'reviewers', assignee: null, removed: false },
      { by: owner.name, team: 'reviewers', assignee: null, removed: true },
    ]);
  });

  it('answers 404 for a team the organization does not have, before changing anything', async () => {
    const p = await orgPull();
    const elsewhere = await orgWithTeams(); // a `readers` team, but of another organization
    const r = await forge.req('POST', `${p.pull}/requested_reviewers`, {
      token: owner.token,
      body: { reviewers: [member.name], team_reviewers: ['reviewers', 'nope'] },
    });
    expect(r.status).toBe(404);
    expect(r.body.message).toBe("Team 'nope' not exist");
    expect(await teamsOf(p.pull)).toEqual([]);
    expect((await forge.req('GET', p.pull, { token: owner.token })).body.requested_reviewers).toEqual([]);
    expect(elsewhere.readers.id).not.toBe(p.readers.id);
    expect((await request(p.pull, ['nope'], owner.token, 'DELETE')).status).toBe(404);
  });

  it('requests users and teams together: the users first, then the teams', async () => {
    const p = await orgPull();
    const r = await forge.req('POST', `${p.pull}/requested_reviewers`, {
      token: owner.token,
      body: { reviewers: [member.name], team_reviewers: ['readers', 'reviewers'] },
    });
    expect(r.status, r.text).toBe(201);
    expect(r.body.map((x: any) => x.user?.login ?? x.team.name)).toEqual([member.name, 'readers', 'reviewers']);
    expect(await teamsOf(p.pull)).toEqual(['readers', 'reviewers']);
  });

  it('refuses a team that cannot read a private repository (422), and those who may not choose reviewers', async () => {
    const p = await orgPull({ private: true });
    const r = await request(p.pull, ['readers']);
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(`Reviewing team can't read repo [user_id: ${owner.id}, repo_id: ${p.repo.id}]`);
    expect((await request(p.pull, ['reviewers'])).status).toBe(201);
    expect(await teamsOf(p.pull)).toEqual(['reviewers']);

    const pub = await orgPull();
    const choose = await request(pub.pull, ['reviewers'], stranger.token);
    expect(choose.status).toBe(422);
    expect(choose.body.message).toBe(`Doer can't choose reviewer [user_id: ${stranger.id}, repo_id: ${pub.repo.id}]`);
    // The poster may choose teams; someone else may not take the request away.
    expect((await request(pub.pull, ['reviewers'], poster.token)).status).toBe(201);
    const remove = await request(pub.pull, ['reviewers'], stranger.token, 'DELETE');
    expect(remove.status).toBe(422);
    expect(remove.body.message).toBe(`Doer can't remove reviewer [user_id: ${stranger.id}, repo_id: ${pub.repo.id}]`);
    expect(await teamsOf(pub.pull)).toEqual(['reviewers']);
    expect((await request(pub.pull, ['reviewers'], stranger.token)).status).toBe(422);
    expect((await forge.req('POST', `${pub.pull}/requested_reviewers`, { body: { team_reviewers: ['reviewers'] } })).status).toBe(401);
  });

  it('lets reading collaborators and members of a team reading its pull requests choose reviewers (CanDoerChangeReviewRequests)', async () => {
    const p = await orgPull();
    // `other` is only in `readers`, which does not have the repository yet.
    expect((await request(p.pull, ['reviewers'], other.token)).status).toBe(422);
    expect((await forge.req('PUT', `/teams/${p.readers.id}/repos/${p.orgName}/${p.name}`, { token: owner.token })).status).toBe(204);
    expect((await request(p.pull, ['reviewers'], other.token)).status).toBe(201);
    expect((await request(p.pull, ['reviewers'], other.token, 'DELETE')).status).toBe(204);
    // A collaborator with read access may too; a plain reader of the public repository may not.
    expect((await forge.req('PUT', `${p.api}/collaborators/${stranger.name}`, { token: owner.token, body: { permission: 'read' } })).status).toBe(204);
    expect((await request(p.pull, ['readers'], stranger.token)).status).toBe(201);
    const reader = await forge.user('reader');
    expect((await request(p.pull, ['readers'], reader.token, 'DELETE')).status).toBe(422);
    expect(await teamsOf(p.pull)).toEqual(['readers']);
  });

  it('is official as Gitea decides: a whitelisted team, a writing team without a whitelist, else as the one asking', async () => {
    // Approvals whitelist on, listing `reviewers`: only that team is official (the poster asking is not).
    const w = await orgPull();
    const protect = (api: string, rule: Record<string, unknown>) =>
      forge.req('POST', `${api}/branch_protections`, { token: owner.token, body: { rule_name: 'main', ...rule } });
    expect((await protect(w.api, { enable_approvals_whitelist: true, approvals_whitelist_teams: ['reviewers'] })).status).toBe(201);
    expect((await request(w.pull, ['reviewers', 'readers'], poster.token)).status).toBe(201);
    expect(await officialOf(w.issueId, w.reviewers.id)).toBe(1);
    expect(await officialOf(w.issueId, w.readers.id)).toBe(0);

    // Whitelist off: a team writing code is official; a reading team only when the one asking is.
    const n = await orgPull();
    expect((await protect(n.api, { enable_approvals_whitelist: false })).status).toBe(201);
    expect((await request(n.pull, ['reviewers', 'readers'], poster.token)).status).toBe(201);
    expect(await officialOf(n.issueId, n.reviewers.id)).toBe(1);
    expect(await officialOf(n.issueId, n.readers.id)).toBe(0);
    const byOwner = await orgPull();
    expect((await protect(byOwner.api, { enable_approvals_whitelist: false })).status).toBe(201);
    expect((await request(byOwner.pull, ['readers'])).status).toBe(201);
    expect(await officialOf(byOwner.issueId, byOwner.readers.id)).toBe(1);
  });

  it('an official team request blocks the merge by name until a member of the team approves', async () => {
    const p = await orgPull();
    expect(
      (await forge.req('POST', `${p.api}/branch_protections`, { token: owner.token, body: { rule_name: 'main', block_on_official_review_requests: true } }))
        .status,
    ).toBe(201);
    expect((await request(p.pull, ['reviewers', 'readers'])).status).toBe(201);
    const blockers = async () => (await forge.req('GET', p.pull, { token: owner.token })).body.merge_blockers as string[];
    expect(await blockers()).toEqual(['There are official review requests (waiting for reviewers, readers)']);
    // A member of `readers` only comments: the request stays. A member of `reviewers` approves: theirs goes.
    expect((await forge.req('POST', `${p.pull}/reviews`, { token: other.token, body: { event: 'COMMENT', body: 'hm' } })).status).toBe(200);
    expect(await teamsOf(p.pull)).toEqual(['reviewers', 'readers']);
    const approve = await forge.req('POST', `${p.pull}/reviews`, { token: member.token, body: { event: 'APPROVED', body: 'ok' } });
    expect(approve.status, approve.text).toBe(200);
    expect(await teamsOf(p.pull)).toEqual(['readers']);
    expect(await blockers()).toEqual(['There are official review requests (waiting for readers)']);
    // Gitea removes it silently: the timeline keeps only the request.
    expect((await requestEvents(p.api, p.index)).map((e) => [e.team, e.removed])).toEqual([
      ['reviewers', false],
      ['readers', false],
    ]);
  });

  it('ignores team names in a user’s repository, as Gitea', async () => {
    const r = await makeRepo(forge, owner, standardHistory(personOf(poster)));
    const index = await openPull(forge, r.repo, r.dir, poster, { head: 'feature' });
    const res = await request(`${r.api}/pulls/${index}`, ['reviewers']);
    expect(res.status).toBe(201);
    expect(res.body).toEqual([]);
    expect(await teamsOf(`${r.api}/pulls/${index}`)).toEqual([]);
  });
});
