// Branch protection on merges (issue #8, "merge"), as Gitea's CheckPullMergeable and
// CheckPullBranchProtections: each unmet rule refuses POST /pulls/{i}/merge with 405 and its reason,
// and the merge goes through once the rule is met; the approvals whitelist decides whose approvals
// count; a push dismisses stale approvals; force_merge for admins; scheduled merges wait for every
// rule; and GET /pulls/{i} lists the same blockers in merge_blockers before anyone tries.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitClient, listenForge } from './git-over-http.ts';
import { createTestForge } from './helpers.ts';
import { branchExists, eventsOf, makeRepo, openPull, parentsOf, personOf, pullRow, standardHistory, tipOf } from './merge-fixtures.ts';
import { commitTo } from './reviews-fixtures.ts';
import { pushLike, refSha, writeCommit } from './pulls-helpers.ts';
import { repoDir } from '../src/context.ts';

const forge = await createTestForge();
const owner = await forge.user('owner'); // owns the repositories: their admin
const poster = await forge.user('poster');
const writer = await forge.user('writer');
const writer2 = await forge.user('writer2');
const reader = await forge.user('reader');

/** Fields of the /branch_protections API (Gitea's names; users and teams by name). */
type RuleFields = Record<string, unknown>;

const protect = async (api: string, rule: RuleFields) => {
  const r = await forge.req('POST', `${api}/branch_protections`, { token: owner.token, body: { rule_name: 'main', ...rule } });
  expect(r.status, r.text).toBe(201);
};

/** A repository with the standard history, writer and writer2 as write collaborators, and a rule on main. */
async function setup(rule: RuleFields | null) {
  const r = await makeRepo(forge, owner, standardHistory(personOf(poster)));
  for (const u of [writer, writer2]) {
    expect((await forge.req('PUT', `${r.api}/collaborators/${u.name}`, { token: owner.token, body: { permission: 'write' } })).status).toBe(204);
  }
  if (rule) await protect(r.api, rule);
  return r;
}

const merge = (api: string, index: number, body: Record<string, unknown> = {}, token = owner.token) =>
  forge.req('POST', `${api}/pulls/${index}/merge`, { token, body: { Do: 'merge', ...body } });
const review = (api: string, index: number, token: string, event: string, body = 'ok') =>
  forge.req('POST', `${api}/pulls/${index}/reviews`, { token, body: { event, body } });
const blockersOf = async (api: string, index: number, token?: string) => {
  const r = await forge.req('GET', `${api}/pulls/${index}`, { token });
  expect(r.status).toBe(200);
  return r.body.merge_blockers as string[] | undefined;
};
const postStatus = (api: string, sha: string, state: string, context: string) =>
  forge.req('POST', `${api}/statuses/${sha}`, { token: owner.token, body: { state, context } });

/** Refused with 405 and `message`, and nothing merged. */
async function expectRefused(api: string, index: number, message: string, body: Record<string, unknown> = {}, token = owner.token) {
  const r = await merge(api, index, body, token);
  expect(r.status, r.text).toBe(405);
  expect(r.body.message).toBe(message);
  expect((await forge.req('GET', `${api}/pulls/${index}/merge`)).status).toBe(404);
}

describe('required approvals', () => {
  it("refuses until an official approval is given; a reader's approval does not count", async () => {
    const { repo, dir, api, shas } = await setup({ required_approvals: 1 });
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    const msg = 'Does not have enough approvals (0 of 1 approvals granted)';
    await expectRefused(api, index, msg);
    expect(await blockersOf(api, index, owner.token)).toEqual([msg]);

    // Someone without write access may review, but the review is not official.
    const byReader = await review(api, index, reader.token, 'APPROVED');
    expect(byReader.status).toBe(200);
    expect(byReader.body.official).toBe(false);
    await expectRefused(api, index, msg);

    const byWriter = await review(api, index, writer.token, 'APPROVED');
    expect(byWriter.body.official).toBe(true);
    expect(await blockersOf(api, index, owner.token)).toEqual([]);
    expect((await merge(api, index)).status).toBe(200);
    expect(await parentsOf(dir, await tipOf(dir, 'main'))).toEqual([shas.m1, shas.f2]);
    // Merged: the field is gone.
    expect(await blockersOf(api, index, owner.token)).toBeUndefined();
  });

  it('a dismissed approval no longer counts; with ignore_stale_approvals neither does one of an older head', async () => {
    const { repo, dir, api } = await setup({ required_approvals: 1, ignore_stale_approvals: true });
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    const approval = await review(api, index, writer.token, 'APPROVED');
    expect(await blockersOf(api, index)).toEqual([]);
    const dismissed = await forge.req('POST', `${api}/pulls/${index}/reviews/${approval.body.id}/dismissals`, { token: owner.token, body: { message: 'no' } });
    expect(dismissed.status).toBe(200);
    await expectRefused(api, index, 'Does not have enough approvals (0 of 1 approvals granted)');

    // An approval of the head, then the head moves on: it goes stale, and stale ones are ignored.
    await review(api, index, writer2.token, 'APPROVED');
    expect(await blockersOf(api, index)).toEqual([]);
    const next = await commitOnto(dir, await tipOf(dir, 'feature'), { 'feature.txt': 'feature v3\n' });
    expect((await forge.req('PUT', `${api}/branches/feature`, { token: owner.token, body: { new_commit_id: next } })).status).toBe(204);
    expect((await pullRow(forge, repo.id, index)).pr.head_commit_id).toBe(next);
    expect((await forge.req('GET', `${api}/pulls/${index}/reviews`)).body.map((r: any) => [r.state, r.stale, r.dismissed])).toEqual([
      ['APPROVED', true, true],
      ['APPROVED', true, false],
    ]);
    await expectRefused(api, index, 'Does not have enough approvals (0 of 1 approvals granted)');
  });

  it('with the approvals whitelist on, only the approvals of listed users count', async () => {
    const { repo, dir, api } = await setup({ required_approvals: 1, enable_approvals_whitelist: true, approvals_whitelist_username: [writer2.name] });
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    const byWriter = await review(api, index, writer.token, 'APPROVED');
    expect(byWriter.body.official).toBe(false);
    await expectRefused(api, index, 'Does not have enough approvals (0 of 1 approvals granted)');
    const byListed = await review(api, index, writer2.token, 'APPROVED');
    expect(byListed.body.official).toBe(true);
    expect((await merge(api, index)).status).toBe(200);
  });
});

describe('reviews that block', () => {
  it('block_on_rejected_reviews: an official change request refuses until the reviewer approves', async () => {
    const { repo, dir, api } = await setup({ block_on_rejected_reviews: true });
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    // A reader's change request is not official and blocks nothing.
    await review(api, index, reader.token, 'REQUEST_CHANGES', 'no');
    expect(await blockersOf(api, index)).toEqual([]);
    await review(api, index, writer.token, 'REQUEST_CHANGES', 'fix it');
    await expectRefused(api, index, 'There are requested changes (1 official reviewer requested changes)');
    expect(await blockersOf(api, index)).toEqual(['There are requested changes (1 official reviewer requested changes)']);
    await review(api, index, writer.token, 'APPROVED');
    expect((await merge(api, index)).status).toBe(200);
  });

  it('block_on_official_review_requests: an open request to a writer refuses until they review', async () => {
    const { repo, dir, api } = await setup({ block_on_official_review_requests: true });
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    const asked = await forge.req('POST', `${api}/pulls/${index}/requested_reviewers`, { token: owner.token, body: { reviewers: [writer.name] } });
    expect(asked.status).toBe(201);
    await expectRefused(api, index, `There are official review requests (waiting for ${writer.name})`);
    await review(api, index, writer.token, 'APPROVED');
    expect((await merge(api, index)).status).toBe(200);
  });
});

describe('block_on_outdated_branch', () => {
  it('refuses while the base has commits the head lacks; updating the head lets it merge', async () => {
    const { repo, dir, api, shas } = await setup({ block_on_outdated_branch: true });
    const index = await openPull(forge, repo, dir, poster, { head: 'behind' });
    const msg = 'The head branch is behind the base branch (by 1 commit)';
    await expectRefused(api, index, msg);
    expect(await blockersOf(api, index)).toEqual([msg]);
    expect((await forge.req('POST', `${api}/pulls/${index}/update`, { token: owner.token })).status).toBe(200);
    expect(await blockersOf(api, index)).toEqual([]);
    expect((await merge(api, index)).status).toBe(200);
    const tip = await tipOf(dir, 'main');
    expect((await parentsOf(dir, tip))[0]).toBe(shas.m1);
  });
});

describe('required status checks', () => {
  it('each required context (a glob) must report success on the head; other contexts do not matter', async () => {
    const { repo, dir, api, shas } = await setup({ enable_status_check: true, status_check_contexts: ['ci/*', 'lint'] });
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    const head = shas.f2!;
    await expectRefused(api, index, 'Not all required status checks successful (not reported: ci/*, lint)');
    await postStatus(api, head, 'failure', 'ci/build');
    await postStatus(api, head, 'pending', 'lint');
    await expectRefused(api, index, 'Not all required status checks successful (failed: ci/*; pending: lint)');
    await postStatus(api, head, 'success', 'ci/build');
    await postStatus(api, head, 'success', 'lint');
    // A context no rule names may fail.
    await postStatus(api, head, 'failure', 'coverage');
    expect(await blockersOf(api, index)).toEqual([]);
    expect((await merge(api, index)).status).toBe(200);
  });

  it('with no context named, the combined status must be success (no status at all is not)', async () => {
    const { repo, dir, api, shas } = await setup({ enable_status_check: true });
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    await expectRefused(api, index, 'Not all required status checks successful (the head commit has no status yet)');
    await postStatus(api, shas.f2!, 'failure', 'anything');
    await expectRefused(api, index, 'Not all required status checks successful (the combined status of the head commit is failure)');
    await postStatus(api, shas.f2!, 'success', 'anything');
    expect((await merge(api, index)).status).toBe(200);
  });
});

describe('who may merge', () => {
  it('the merge whitelist: only listed users merge, force_merge does not help an admin outside it', async () => {
    const { repo, dir, api } = await setup({ enable_merge_whitelist: true, merge_whitelist_usernames: [writer.name] });
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    const msg = 'User not allowed to merge PR (not in the merge whitelist)';
    await expectRefused(api, index, msg);
    await expectRefused(api, index, msg, { force_merge: true });
    await expectRefused(api, index, msg, {}, writer2.token);
    // The pull request shows it to those it stops, not to the one it lets through.
    expect(await blockersOf(api, index, writer2.token)).toEqual([msg]);
    expect(await blockersOf(api, index, writer.token)).toEqual([]);
    expect(await blockersOf(api, index)).toEqual([]);
    // Without write access the merge says so before any rule.
    await expectRefused(api, index, 'User not allowed to merge PR', {}, reader.token);
    expect((await merge(api, index, {}, writer.token)).status).toBe(200);
  });

  it('force_merge: a repository admin merges past unmet rules, a writer cannot', async () => {
    const { repo, dir, api } = await setup({ required_approvals: 2, block_on_rejected_reviews: true });
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    await review(api, index, writer2.token, 'REQUEST_CHANGES', 'no');
    const first = 'Does not have enough approvals (0 of 2 approvals granted)';
    expect(await blockersOf(api, index)).toEqual([first, 'There are requested changes (1 official reviewer requested changes)']);
    await expectRefused(api, index, first, { force_merge: true }, writer.token);
    await expectRefused(api, index, first, { force_merge: false });
    expect((await merge(api, index, { force_merge: true })).status).toBe(200);
    expect((await pullRow(forge, repo.id, index)).pr.merger_id).toBe(owner.id);
  });

  it('block_admin_merge_override: not even a repository admin may force', async () => {
    const { repo, dir, api } = await setup({ required_approvals: 1, block_admin_merge_override: true });
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    await expectRefused(api, index, 'Does not have enough approvals (0 of 1 approvals granted)', { force_merge: true });
    await expectRefused(api, index, 'Does not have enough approvals (0 of 1 approvals granted)', { force_merge: true }, forge.admin.token);
  });

  it('require_signed_commits: this server does not sign merges, so, as Gitea without a signing key, it refuses them, forced or scheduled', async () => {
    const { repo, dir, api } = await setup({ require_signed_commits: true });
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    const msg = 'Protected branch main requires signed commits but this merge would not be signed';
    expect(await blockersOf(api, index)).toEqual([msg]);
    await expectRefused(api, index, msg);
    await expectRefused(api, index, msg, { force_merge: true });
    await expectRefused(api, index, msg, { merge_when_checks_succeed: true });
    // Marking it merged by hand asks no rule but the whitelist (Gitea's MergeCheckTypeManually): it
    // gets as far as checking the commit, which is not on main.
    const manual = await merge(api, index, { Do: 'manually-merged', MergeCommitID: await tipOf(dir, 'feature') });
    expect([manual.status, manual.body.message]).toEqual([409, 'Wrong commit ID']);
  });

  it('protection applies only to the branch the rule names', async () => {
    const { repo, dir, api } = await setup({ required_approvals: 1 });
    // A pull request into another branch is not held by the rule on main.
    const index = await openPull(forge, repo, dir, poster, { head: 'feature', base: 'behind' });
    expect(await blockersOf(api, index)).toEqual([]);
    expect((await merge(api, index)).status).toBe(200);
  });
});

describe('whitelists naming teams', () => {
  it('approvals count from members of the approvals teams, merges come from members of the merge teams', async () => {
    const orgName = `org${Date.now().toString(36)}`;
    const org = await forge.req('POST', '/orgs', { token: owner.token, body: { username: orgName } });
    expect(org.status).toBe(201);
    const team = async (name: string, member: { name: string }) => {
      const t = await forge.req('POST', `/orgs/${orgName}/teams`, {
        token: owner.token,
        body: { name, permission: 'write', includes_all_repositories: true, units_map: { 'repo.code': 'write', 'repo.pulls': 'write' } },
      });
      expect(t.status).toBe(201);
      expect((await forge.req('PUT', `/teams/${t.body.id}/members/${member.name}`, { token: owner.token })).status).toBe(204);
      return t.body.id as number;
    };
    const reviewers = await team('reviewers', writer2);
    const devs = await team('devs', writer);
    const r = await makeRepo(forge, { ...owner, id: org.body.id, name: orgName }, standardHistory(personOf(poster)));
    await protect(r.api, {
      required_approvals: 1,
      enable_approvals_whitelist: true,
      approvals_whitelist_teams: ['reviewers'],
      enable_merge_whitelist: true,
      merge_whitelist_teams: ['devs'],
    });
    // The teams named are the ones created above.
    const row = await forge.deps.db.selectFrom('protected_branch').selectAll().where('repo_id', '=', r.repo.id).executeTakeFirstOrThrow();
    expect([JSON.parse(row.approvals_whitelist_team_ids), JSON.parse(row.merge_whitelist_team_ids)]).toEqual([[reviewers], [devs]]);
    const index = await openPull(forge, r.repo, r.dir, poster, { head: 'feature' });

    expect((await review(r.api, index, writer.token, 'APPROVED')).body.official).toBe(false);
    await expectRefused(r.api, index, 'Does not have enough approvals (0 of 1 approvals granted)', {}, writer.token);
    expect((await review(r.api, index, writer2.token, 'APPROVED')).body.official).toBe(true);
    // The org's owner is not in the merge team; a member of the approvals team is not either.
    await expectRefused(r.api, index, 'User not allowed to merge PR (not in the merge whitelist)');
    await expectRefused(r.api, index, 'User not allowed to merge PR (not in the merge whitelist)', {}, writer2.token);
    expect((await merge(r.api, index, {}, writer.token)).status).toBe(200);
  });
});

describe('dismiss_stale_approvals', () => {
  it('a push that changes the pull request dismisses its approvals (with an event by the pusher); merging the base in does not', async () => {
    const { repo, dir, api } = await setup({ required_approvals: 1, dismiss_stale_approvals: true });
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    const approval = await review(api, index, writer.token, 'APPROVED');
    expect(await blockersOf(api, index)).toEqual([]);

    // Bringing the base in changes nothing the pull request brings: the approval stands.
    expect((await forge.req('POST', `${api}/pulls/${index}/update`, { token: writer2.token })).status).toBe(200);
    expect((await forge.req('GET', `${api}/pulls/${index}/reviews/${approval.body.id}`)).body.dismissed).toBe(false);
    expect(await blockersOf(api, index)).toEqual([]);

    // A new commit on the head (moved through the branch API, as a push) dismisses it.
    const fixed = await commitOnto(dir, await tipOf(dir, 'feature'), { 'feature.txt': 'feature v3\n' });
    const moved = await forge.req('PUT', `${api}/branches/feature`, { token: writer.token, body: { new_commit_id: fixed } });
    expect(moved.status).toBe(204);
    const got = (await forge.req('GET', `${api}/pulls/${index}/reviews/${approval.body.id}`)).body;
    expect(got).toMatchObject({ state: 'APPROVED', dismissed: true, stale: true });
    const { issue } = await pullRow(forge, repo.id, index);
    const dismissal = (await eventsOf(forge, issue.id)).filter((e) => e.type === 32);
    expect(dismissal.map((e) => [e.review_id, e.poster_id, e.content])).toEqual([
      [approval.body.id, writer.id, 'New commits pushed, approval review dismissed automatically according to repository settings'],
    ]);
    await expectRefused(api, index, 'Does not have enough approvals (0 of 1 approvals granted)');
    await review(api, index, writer2.token, 'APPROVED');
    expect((await merge(api, index)).status).toBe(200);
  });

  it('without the setting a push leaves approvals standing', async () => {
    const { repo, dir, api } = await setup({ required_approvals: 1 });
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    const approval = await review(api, index, writer.token, 'APPROVED');
    const fixed = await commitOnto(dir, await tipOf(dir, 'feature'), { 'feature.txt': 'feature v3\n' });
    expect((await forge.req('PUT', `${api}/branches/feature`, { token: writer.token, body: { new_commit_id: fixed } })).status).toBe(204);
    expect((await forge.req('GET', `${api}/pulls/${index}/reviews/${approval.body.id}`)).body).toMatchObject({ dismissed: false, stale: true });
    expect((await pullRow(forge, repo.id, index)).pr.head_commit_id).toBe(fixed);
    expect((await merge(api, index)).status).toBe(200);
  });
});

describe('dismiss_stale_approvals through the git CLI', () => {
  let url = '';
  let close = () => {};
  const { home, git: cli, cleanup } = gitClient('forge-merge-protection-');
  beforeAll(async () => {
    ({ base: url, close } = await listenForge(forge));
  });
  afterAll(() => {
    close();
    cleanup();
  });

  it('a git push to the head branch dismisses the approval, the pusher named on the event', async () => {
    const { repo, dir, api, name } = await setup({ required_approvals: 1, dismiss_stale_approvals: true });
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    const approval = await review(api, index, writer2.token, 'APPROVED');
    expect(await blockersOf(api, index)).toEqual([]);

    const wt = path.join(home, name);
    await cli(home, 'clone', '--quiet', '--branch', 'feature', `${url.replace('://', `://${writer.name}:${writer.token}@`)}/${owner.name}/${name}.git`, wt);
    fs.writeFileSync(path.join(wt, 'feature.txt'), 'feature v3\n');
    await cli(wt, 'commit', '--quiet', '-am', 'Another change');
    await cli(wt, 'push', '--quiet', 'origin', 'feature');
    const pushed = (await cli(wt, 'rev-parse', 'HEAD')).stdout.trim();
    expect(await tipOf(dir, 'feature')).toBe(pushed);

    expect((await forge.req('GET', `${api}/pulls/${index}/reviews/${approval.body.id}`)).body).toMatchObject({ dismissed: true, stale: true });
    const { issue } = await pullRow(forge, repo.id, index);
    expect((await eventsOf(forge, issue.id)).filter((e) => e.type === 32).map((e) => [e.review_id, e.poster_id])).toEqual([[approval.body.id, writer.id]]);
    await expectRefused(api, index, 'Does not have enough approvals (0 of 1 approvals granted)');
  });
});

describe('scheduled merges wait for every rule', () => {
  it('checks succeeded but an approval is missing: scheduled (201), merged by the scheduler once approved', async () => {
    const { repo, dir, api, shas } = await setup({ required_approvals: 1 });
    const index = await openPull(forge, repo, dir, poster, { head: 'feature', title: 'Auto' });
    await postStatus(api, shas.f2!, 'success', 'ci');
    const r = await merge(api, index, { merge_when_checks_succeed: true, delete_branch_after_merge: true }, writer.token);
    expect(r.status).toBe(201);
    expect((await pullRow(forge, repo.id, index)).pr.has_merged).toBe(0);
    // Another status does not merge it: the approval is still missing.
    await postStatus(api, shas.f2!, 'success', 'lint');
    expect((await pullRow(forge, repo.id, index)).pr.has_merged).toBe(0);
    // A non-official approval is not enough either.
    await review(api, index, reader.token, 'APPROVED');
    expect((await pullRow(forge, repo.id, index)).pr.has_merged).toBe(0);

    expect((await review(api, index, writer2.token, 'APPROVED')).status).toBe(200);
    const { pr } = await pullRow(forge, repo.id, index);
    expect(pr).toMatchObject({ has_merged: 1, merger_id: writer.id });
    expect(await parentsOf(dir, await tipOf(dir, 'main'))).toEqual([shas.m1, shas.f2]);
    expect(await branchExists(dir, 'feature')).toBe(false);
    expect(await forge.deps.db.selectFrom('pull_auto_merge').selectAll().where('pull_id', '=', pr.id).execute()).toEqual([]);
  });

  it('approved but a required check is missing: waits for the status, then merges', async () => {
    const { repo, dir, api, shas } = await setup({ required_approvals: 1, enable_status_check: true, status_check_contexts: ['ci'] });
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    await review(api, index, writer.token, 'APPROVED');
    // A failing context the rule does not require does not hold it back.
    await postStatus(api, shas.f2!, 'failure', 'other');
    expect((await merge(api, index, { merge_when_checks_succeed: true })).status).toBe(201);
    await postStatus(api, shas.f2!, 'success', 'ci');
    expect((await pullRow(forge, repo.id, index)).pr.has_merged).toBe(1);
  });

  it('everything met: merges at once (200)', async () => {
    const { repo, dir, api, shas } = await setup({ required_approvals: 1 });
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    await review(api, index, writer.token, 'APPROVED');
    await postStatus(api, shas.f2!, 'success', 'ci');
    expect((await merge(api, index, { merge_when_checks_succeed: true })).status).toBe(200);
  });
});

describe('a pull request from a fork', () => {
  it("the rules of the parent's base branch hold it: statuses on the fork's head, approvals dismissed by a push to the fork, then a scheduled merge", async () => {
    const r = await setup({ required_approvals: 1, dismiss_stale_approvals: true, enable_status_check: true, status_check_contexts: ['ci'] });
    const forked = await forge.req('POST', `${r.api}/forks`, { token: poster.token, body: {} });
    expect(forked.status).toBe(202);
    const forkDir = repoDir(forge.deps.config, poster.name, r.name);
    const main = await refSha(forkDir, 'refs/heads/main');
    const first = await pushLike(forge, forked.body.id, forkDir, poster.id, () => writeCommit(forkDir, 'topic', main, { 'topic.txt': 'v1\n' }));
    expect(first.changes.length).toBe(1);
    const v1 = await refSha(forkDir, 'refs/heads/topic');
    const opened = await forge.req('POST', `${r.api}/pulls`, {
      token: poster.token,
      body: { head: `${poster.name}:topic`, base: 'main', title: 'From the fork' },
    });
    expect(opened.status).toBe(201);
    const index = opened.body.number as number;
    expect(await blockersOf(r.api, index)).toEqual([
      'Not all required status checks successful (not reported: ci)',
      'Does not have enough approvals (0 of 1 approvals granted)',
    ]);
    await postStatus(r.api, v1, 'success', 'ci');
    const approval = await review(r.api, index, writer.token, 'APPROVED');
    expect(await blockersOf(r.api, index)).toEqual([]);

    // A push to the fork's branch: the approval is dismissed, the new head has no status yet.
    await pushLike(forge, forked.body.id, forkDir, poster.id, () => writeCommit(forkDir, 'topic', v1, { 'topic.txt': 'v2\n' }));
    const v2 = await refSha(forkDir, 'refs/heads/topic');
    expect((await forge.req('GET', `${r.api}/pulls/${index}/reviews/${approval.body.id}`)).body.dismissed).toBe(true);
    expect(await blockersOf(r.api, index)).toEqual([
      'Not all required status checks successful (not reported: ci)',
      'Does not have enough approvals (0 of 1 approvals granted)',
    ]);

    // Scheduled; the status of the new head alone does not merge it, the approval then does.
    expect((await merge(r.api, index, { merge_when_checks_succeed: true })).status).toBe(201);
    await postStatus(r.api, v2, 'success', 'ci');
    expect((await pullRow(forge, r.repo.id, index)).pr.has_merged).toBe(0);
    await review(r.api, index, writer2.token, 'APPROVED');
    expect((await pullRow(forge, r.repo.id, index)).pr.has_merged).toBe(1);
    expect(await parentsOf(r.dir, await tipOf(r.dir, 'main'))).toEqual([r.shas.m1, v2]);
  });
});

describe('merge_blockers on the pull request', () => {
  it("lists every unmet rule in Gitea's order on the single pull request only; [] without a rule; absent once closed", async () => {
    const { repo, dir, api } = await setup({ required_approvals: 1, enable_status_check: true, block_on_outdated_branch: true });
    const index = await openPull(forge, repo, dir, poster, { head: 'behind' });
    const all = [
      'Not all required status checks successful (the head commit has no status yet)',
      'Does not have enough approvals (0 of 1 approvals granted)',
      'The head branch is behind the base branch (by 1 commit)',
    ];
    // Anyone who can read sees them, signed in or not.
    expect(await blockersOf(api, index)).toEqual(all);
    expect(await blockersOf(api, index, reader.token)).toEqual(all);
    // The merge refuses with the first.
    await expectRefused(api, index, all[0]!);
    // Lists stay cheap: no merge_blockers there.
    const list = await forge.req('GET', `${api}/pulls`);
    expect(list.body[0]).not.toHaveProperty('merge_blockers');

    expect((await forge.req('PATCH', `${api}/pulls/${index}`, { token: owner.token, body: { state: 'closed' } })).status).toBe(201);
    expect(await blockersOf(api, index)).toBeUndefined();

    const free = await setup(null);
    const other = await openPull(forge, free.repo, free.dir, poster, { head: 'feature' });
    expect(await blockersOf(free.api, other)).toEqual([]);
  });
});

/** A commit with `files` changed on top of `parent`, on no branch (the caller moves a branch to it). */
async function commitOnto(dir: string, parent: string, files: Record<string, string>): Promise<string> {
  const { gitCli } = await import('./git-cli.ts');
  const tmp = `tmp-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await gitCli(['update-ref', `refs/heads/${tmp}`, parent], { cwd: dir });
  const sha = await commitTo(dir, tmp, files, 'Another change');
  await gitCli(['update-ref', '-d', `refs/heads/${tmp}`], { cwd: dir });
  return sha;
}
