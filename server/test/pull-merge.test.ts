// POST/GET/DELETE /pulls/{index}/merge and POST /pulls/{index}/update: Gitea's refusals and statuses,
// permissions, case-insensitive form keys, branch deletion, closing keywords, serialized merges,
// temporary work trees, updating a head branch, and scheduled merges.
import { describe, expect, it } from 'vitest';
import { createTestForge } from './helpers.ts';
import {
  branchExists,
  eventsOf,
  git,
  makeRepo,
  messageOf,
  openPull,
  parentsOf,
  personOf,
  pullRow,
  standardHistory,
  tipOf,
  tmpEntries,
  worktreesOf,
} from './merge-fixtures.ts';

const forge = await createTestForge();
const owner = await forge.user('owner');
const poster = await forge.user('poster');
const reader = await forge.user('reader');
const siteAdmin = await forge.user('admin', { admin: true });

async function setup(opts: { private?: boolean; archived?: boolean } = {}) {
  return makeRepo(forge, owner, standardHistory(personOf(poster)), opts);
}

const merge = (api: string, index: number, body: unknown, token: string | undefined = owner.token) =>
  forge.req('POST', `${api}/pulls/${index}/merge`, { token, body });

describe('merge refusals, as Gitea answers them', () => {
  it('a work-in-progress title is 405', async () => {
    const { repo, dir, api } = await setup();
    for (const title of ['WIP: not yet', '[wip] not yet']) {
      const index = await openPull(forge, repo, dir, poster, { head: 'feature', title });
      const r = await merge(api, index, { Do: 'merge' });
      expect(r.status).toBe(405);
      expect(r.body.message).toBe('Work in progress PRs cannot be merged');
    }
  });

  it('a conflicting pull request is 405; a conflict only git finds is 409; nothing moves', async () => {
    const { repo, dir, api, shas } = await setup();
    const index = await openPull(forge, repo, dir, poster, { head: 'conflicting' });
    expect((await pullRow(forge, repo.id, index)).pr.status).toBe(2);
    const r = await merge(api, index, { Do: 'merge' });
    expect(r.status).toBe(405);
    expect(r.body.message).toBe('Please try again later');

    // A state not yet recomputed: the merge itself finds the conflict.
    await forge.deps.db.updateTable('pull_request').set({ status: 1 }).where('index', '=', index).where('base_repo_id', '=', repo.id).execute();
    for (const Do of ['merge', 'squash', 'rebase', 'rebase-merge']) {
      const again = await merge(api, index, { Do });
      expect(again.status, Do).toBe(409);
      expect(again.body.message).toMatch(/conflict/i);
    }
    expect(await tipOf(dir, 'main')).toBe(shas.m1);
    expect((await pullRow(forge, repo.id, index)).pr.has_merged).toBe(0);
  });

  it('a closed pull request is 404; merging twice is 405', async () => {
    const { repo, dir, api } = await setup();
    const closed = await openPull(forge, repo, dir, poster, { head: 'behind' });
    await forge.deps.db.updateTable('issue').set({ is_closed: 1 }).where('repo_id', '=', repo.id).where('index', '=', closed).execute();
    expect((await merge(api, closed, { Do: 'merge' })).status).toBe(404);

    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    expect((await merge(api, index, { Do: 'merge' })).status).toBe(200);
    const twice = await merge(api, index, { Do: 'merge' });
    expect(twice.status).toBe(405);
    expect(twice.body.message).toMatch(/already been merged/);
  });

  it('a stale head_commit_id is 409 "head out of date"; the current one merges', async () => {
    const { repo, dir, api, shas } = await setup();
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    const stale = await merge(api, index, { Do: 'merge', head_commit_id: shas.f1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('head out of date');
    expect(await tipOf(dir, 'main')).toBe(shas.m1);
    expect((await merge(api, index, { Do: 'merge', head_commit_id: shas.f2 })).status).toBe(200);
  });

  it('an unknown style is 422; an empty body merges with the default style', async () => {
    const { repo, dir, api, shas } = await setup();
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    expect((await merge(api, index, { Do: 'octopus' })).status).toBe(422);
    const r = await forge.req('POST', `${api}/pulls/${index}/merge`, { token: owner.token });
    expect(r.status).toBe(200);
    expect(await parentsOf(dir, await tipOf(dir, 'main'))).toEqual([shas.m1, shas.f2]);
  });

  it('an issue number is 404', async () => {
    const { api } = await setup();
    const issue = await forge.req('POST', `${api}/issues`, { token: owner.token, body: { title: 'an issue' } });
    expect(issue.status).toBe(201);
    expect((await merge(api, issue.body.number, { Do: 'merge' })).status).toBe(404);
  });
});

describe('who may merge', () => {
  it('a style the repository disallows is 405; the repository settings say which are allowed', async () => {
    const { repo, dir, api } = await setup();
    const edit = await forge.req('PATCH', api, { token: owner.token, body: { allow_squash_merge: false, default_merge_style: 'rebase' } });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ allow_squash_merge: false, allow_merge_commits: true, default_merge_style: 'rebase' });
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    const r = await merge(api, index, { Do: 'squash' });
    expect(r.status).toBe(405);
    expect((await merge(api, index, { Do: 'merge' })).status).toBe(200);
  });

  it('a reader is 405 "User not allowed to merge PR"; anonymous is 401', async () => {
    const { repo, dir, api, shas } = await setup();
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    const r = await merge(api, index, { Do: 'merge' }, reader.token);
    expect(r.status).toBe(405);
    expect(r.body.message).toBe('User not allowed to merge PR');
    expect((await forge.req('POST', `${api}/pulls/${index}/merge`, { body: { Do: 'merge' } })).status).toBe(401);
    expect(await tipOf(dir, 'main')).toBe(shas.m1);
  });

  it('a stranger to a private repository gets 404; the owner merges', async () => {
    const { repo, dir, api } = await setup({ private: true });
    const index = await openPull(forge, repo, dir, owner, { head: 'feature' });
    expect((await merge(api, index, { Do: 'merge' }, reader.token)).status).toBe(404);
    expect((await forge.req('GET', `${api}/pulls/${index}/merge`, { token: reader.token })).status).toBe(404);
    expect((await merge(api, index, { Do: 'merge' })).status).toBe(200);
    expect((await forge.req('GET', `${api}/pulls/${index}/merge`, { token: owner.token })).status).toBe(204);
  });

  it('someone with write access who is not the owner merges, and is recorded as the merger', async () => {
    const { repo, dir, api } = await setup();
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    expect((await merge(api, index, { Do: 'squash' }, siteAdmin.token)).status).toBe(200);
    expect((await pullRow(forge, repo.id, index)).pr.merger_id).toBe(siteAdmin.id);
    expect(await git(dir, 'log', '-1', '--format=%cn', 'main')).toBe(siteAdmin.name);
  });

  it('an archived repository is 423', async () => {
    const { repo, dir, api } = await setup({ archived: true });
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    expect((await merge(api, index, { Do: 'merge' })).status).toBe(423);
  });

  it('GET /merge is 404 before the merge', async () => {
    const { repo, dir, api } = await setup();
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    expect((await forge.req('GET', `${api}/pulls/${index}/merge`)).status).toBe(404);
  });
});

describe('the merge form', () => {
  it('matches keys without regard to case or underscores, as Gitea binds them', async () => {
    const { repo, dir, api, shas } = await setup();
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    const r = await merge(api, index, { do: 'squash', merge_title_field: 'Lower title', MERGEMESSAGEFIELD: 'Body', Head_Commit_ID: shas.f2 });
    expect(r.status).toBe(200);
    const tip = await tipOf(dir, 'main');
    expect(await parentsOf(dir, tip)).toEqual([shas.m1]);
    expect((await messageOf(dir, tip)).split('\n').slice(0, 3)).toEqual(['Lower title', '', 'Body']);
  });

  it('a lower-case head_commit_id that is stale is still checked', async () => {
    const { repo, dir, api, shas } = await setup();
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    expect((await merge(api, index, { DO: 'merge', HEAD_COMMIT_ID: shas.f1 })).status).toBe(409);
  });

  it('malformed JSON is 400', async () => {
    const { repo, dir, api } = await setup();
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    expect((await merge(api, index, '{"Do": ')).status).toBe(400);
  });
});

describe('after the merge', () => {
  it('delete_branch_after_merge removes the head branch and leaves a delete_branch event', async () => {
    const { repo, dir, api } = await setup();
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    expect((await merge(api, index, { Do: 'merge', delete_branch_after_merge: true })).status).toBe(200);
    expect(await branchExists(dir, 'feature')).toBe(false);
    const { issue } = await pullRow(forge, repo.id, index);
    const events = await eventsOf(forge, issue.id);
    expect(events.map((e) => [e.type, e.old_ref])).toEqual([
      [28, ''],
      [11, 'feature'],
    ]);
    const deleted = await forge.deps.db.selectFrom('action').selectAll().where('repo_id', '=', repo.id).where('op_type', '=', 'delete_branch').execute();
    expect(deleted.map((a) => a.ref_name)).toContain('refs/heads/feature');
  });

  it('keeps the head branch while another open pull request uses it, and never deletes the default branch', async () => {
    const { repo, dir, api } = await setup();
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    await openPull(forge, repo, dir, poster, { head: 'feature', base: 'behind' });
    expect((await merge(api, index, { Do: 'merge', delete_branch_after_merge: true })).status).toBe(200);
    expect(await branchExists(dir, 'feature')).toBe(true);

    const intoBehind = await openPull(forge, repo, dir, poster, { head: 'main', base: 'behind' });
    expect((await merge(api, intoBehind, { Do: 'merge', delete_branch_after_merge: true })).status).toBe(200);
    expect(await branchExists(dir, 'main')).toBe(true);
  });

  it('closes the issues its title and body close with keywords, here and in other repositories the merger may write', async () => {
    const { repo, dir, api, name } = await setup();
    const other = await setup();
    const foreign = await makeRepo(forge, reader, standardHistory(personOf(reader)));
    const mk = async (base: string, token: string, title: string) =>
      (await forge.req('POST', `${base}/issues`, { token, body: { title } })).body.number as number;
    const i1 = await mk(api, owner.token, 'one');
    const i2 = await mk(api, owner.token, 'two');
    const i3 = await mk(api, owner.token, 'three (only mentioned)');
    const i4 = await mk(api, owner.token, 'four (keyword inside code)');
    const o1 = await mk(other.api, owner.token, 'in another repository');
    const f1 = await mk(foreign.api, reader.token, 'in a repository the merger cannot write');
    const body = [
      `This fixes #${i1}, and see #${i3}.`,
      `Resolves: ${owner.name}/${other.name}#${o1}`,
      `closes ${reader.name}/${foreign.name}#${f1}`,
      '`fixes #' + i4 + '`',
    ].join('\n');
    const index = await openPull(forge, repo, dir, poster, { head: 'feature', title: `Feature, closes #${i2}`, body });
    expect(name).toBeTruthy();
    expect((await merge(api, index, { Do: 'merge' })).status).toBe(200);

    const state = async (a: string, n: number) => (await forge.req('GET', `${a}/issues/${n}`, { token: owner.token })).body.state;
    expect(await state(api, i1)).toBe('closed');
    expect(await state(api, i2)).toBe('closed');
    expect(await state(api, i3)).toBe('open');
    expect(await state(api, i4)).toBe('open');
    expect(await state(other.api, o1)).toBe('closed');
    expect(await state(foreign.api, f1)).toBe('open');
    const closedBy = await forge.deps.db
      .selectFrom('comment')
      .innerJoin('issue', 'issue.id', 'comment.issue_id')
      .select(['comment.type', 'comment.poster_id'])
      .where('issue.repo_id', '=', repo.id)
      .where('issue.index', '=', i1)
      .execute();
    expect(closedBy).toEqual([{ type: 2, poster_id: owner.id }]);
  });

  it('two merges at once: one succeeds, the other is refused, and the branch holds one merge', async () => {
    const { repo, dir, api, shas } = await setup();
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    const results = await Promise.all([merge(api, index, { Do: 'merge' }), merge(api, index, { Do: 'squash' })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 405]);
    const tip = await tipOf(dir, 'main');
    const parents = await parentsOf(dir, tip);
    expect(parents[0]).toBe(shas.m1);
    expect(await git(dir, 'rev-list', '--count', `${shas.m1}..main`)).not.toBe('0');
    expect((await pullRow(forge, repo.id, index)).pr.merged_commit_id).toBe(tip);
    expect(await git(dir, 'fsck', '--no-dangling')).toBe('');
  });

  it('a failed rebase leaves no temporary work tree behind', async () => {
    const { repo, dir, api, shas } = await setup();
    const index = await openPull(forge, repo, dir, poster, { head: 'conflicting' });
    await forge.deps.db.updateTable('pull_request').set({ status: 1 }).where('base_repo_id', '=', repo.id).where('index', '=', index).execute();
    expect((await merge(api, index, { Do: 'rebase' })).status).toBe(409);
    expect(tmpEntries(forge)).toEqual([]);
    expect(await worktreesOf(dir)).toEqual([]);
    expect(await tipOf(dir, 'main')).toBe(shas.m1);
  });
});

describe('POST /pulls/{index}/update', () => {
  it("style=merge merges the base into the head with Gitea's message", async () => {
    const { repo, dir, api, shas } = await setup();
    const index = await openPull(forge, repo, dir, poster, { head: 'behind' });
    const r = await forge.req('POST', `${api}/pulls/${index}/update`, { token: owner.token });
    expect(r.status).toBe(200);
    const tip = await tipOf(dir, 'behind');
    expect(await parentsOf(dir, tip)).toEqual([shas.b1, shas.m1]);
    expect(await messageOf(dir, tip)).toBe("Merge branch 'main' into behind\n");
    expect(await git(dir, 'log', '-1', '--format=%an', tip)).toBe(owner.name);
    expect(await tipOf(dir, 'main')).toBe(shas.m1);
    // Already up to date: nothing more to do.
    expect((await forge.req('POST', `${api}/pulls/${index}/update?style=merge`, { token: owner.token })).status).toBe(200);
    expect(await tipOf(dir, 'behind')).toBe(tip);
  });

  it('style=rebase replays the head onto the base and moves the head', async () => {
    const { repo, dir, api, shas } = await setup();
    const index = await openPull(forge, repo, dir, poster, { head: 'behind' });
    const r = await forge.req('POST', `${api}/pulls/${index}/update?style=rebase`, { token: owner.token });
    expect(r.status).toBe(200);
    const tip = await tipOf(dir, 'behind');
    expect(await parentsOf(dir, tip)).toEqual([shas.m1]);
    expect(await messageOf(dir, tip)).toBe('other file\n');
    expect(await git(dir, 'log', '-1', '--format=%an <%ae>', tip)).toBe(`${poster.name} <${poster.name}@example.com>`);
    expect(await git(dir, 'log', '-1', '--format=%cn', tip)).toBe(owner.name);
    expect(tmpEntries(forge)).toEqual([]);
  });

  it('a conflict is 409 for both styles and changes nothing; a reader is 403; a merged pull request is 422', async () => {
    const { repo, dir, api, shas } = await setup();
    const index = await openPull(forge, repo, dir, poster, { head: 'conflicting' });
    const m = await forge.req('POST', `${api}/pulls/${index}/update?style=merge`, { token: owner.token });
    expect(m.status).toBe(409);
    expect(m.body.message).toBe('merge failed because of conflict');
    const rb = await forge.req('POST', `${api}/pulls/${index}/update?style=rebase`, { token: owner.token });
    expect(rb.status).toBe(409);
    expect(rb.body.message).toBe('rebase failed because of conflict');
    expect(await tipOf(dir, 'conflicting')).toBe(shas.c1);
    expect(tmpEntries(forge)).toEqual([]);
    expect(await worktreesOf(dir)).toEqual([]);

    const behind = await openPull(forge, repo, dir, poster, { head: 'behind' });
    expect((await forge.req('POST', `${api}/pulls/${behind}/update`, { token: reader.token })).status).toBe(403);
    expect((await forge.req('POST', `${api}/pulls/${behind}/update`)).status).toBe(401);
    expect((await forge.req('POST', `${api}/pulls/${behind}/update?style=sideways`, { token: owner.token })).status).toBe(400);
    const feature = await openPull(forge, repo, dir, poster, { head: 'feature' });
    expect((await merge(api, feature, { Do: 'merge' })).status).toBe(200);
    expect((await forge.req('POST', `${api}/pulls/${feature}/update`, { token: owner.token })).status).toBe(422);
  });
});

describe('scheduled merges (merge_when_checks_succeed)', () => {
  const postStatus = (api: string, sha: string, state: string, context = 'ci') =>
    forge.req('POST', `${api}/statuses/${sha}`, { token: owner.token, body: { state, context } });

  it('schedules (201) while checks are pending, refuses a second schedule (409), merges as the scheduler when the status succeeds', async () => {
    const { repo, dir, api, shas } = await setup();
    const index = await openPull(forge, repo, dir, poster, { head: 'feature', title: 'Auto' });
    expect((await postStatus(api, shas.f2!, 'pending')).status).toBe(201);
    const r = await merge(api, index, { Do: 'squash', merge_when_checks_succeed: true, delete_branch_after_merge: true });
    expect(r.status).toBe(201);
    expect((await merge(api, index, { Do: 'squash', merge_when_checks_succeed: true })).status).toBe(409);
    const { issue } = await pullRow(forge, repo.id, index);
    const schedule = await forge.deps.db
      .selectFrom('pull_auto_merge')
      .selectAll()
      .where('pull_id', '=', (await pullRow(forge, repo.id, index)).pr.id)
      .executeTakeFirstOrThrow();
    expect(schedule).toMatchObject({ doer_id: owner.id, merge_style: 'squash', message: `Auto (#${index})`, delete_branch_after_merge: 1 });
    expect((await eventsOf(forge, issue.id)).map((e) => e.type)).toEqual([34]);
    expect(await tipOf(dir, 'main')).toBe(shas.m1);

    // A failing check leaves it waiting; success merges it.
    expect((await postStatus(api, shas.f2!, 'failure', 'lint')).status).toBe(201);
    expect((await pullRow(forge, repo.id, index)).pr.has_merged).toBe(0);
    expect((await postStatus(api, shas.f2!, 'success', 'lint')).status).toBe(201);
    expect((await pullRow(forge, repo.id, index)).pr.has_merged).toBe(0);
    expect((await postStatus(api, shas.f2!, 'success', 'ci')).status).toBe(201);

    const { pr } = await pullRow(forge, repo.id, index);
    expect(pr).toMatchObject({ has_merged: 1, merger_id: owner.id });
    const tip = await tipOf(dir, 'main');
    expect(await parentsOf(dir, tip)).toEqual([shas.m1]);
    expect(await branchExists(dir, 'feature')).toBe(false);
    expect(await forge.deps.db.selectFrom('pull_auto_merge').selectAll().where('pull_id', '=', pr.id).execute()).toEqual([]);
    const ops = (await forge.deps.db.selectFrom('action').select('op_type').where('repo_id', '=', repo.id).where('user_id', '=', owner.id).execute()).map(
      (a) => a.op_type,
    );
    expect(ops).toContain('auto_merge_pull_request');
    expect(ops).not.toContain('merge_pull_request');
  });

  it("merges at once (200) when the head's checks already succeeded", async () => {
    const { repo, dir, api, shas } = await setup();
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    await postStatus(api, shas.f2!, 'success');
    expect((await merge(api, index, { Do: 'merge', merge_when_checks_succeed: true })).status).toBe(200);
    expect(await parentsOf(dir, await tipOf(dir, 'main'))).toEqual([shas.m1, shas.f2]);
  });

  it('DELETE /merge cancels (204, an event), 404 when nothing is scheduled, 403 for someone else without admin rights', async () => {
    const { repo, dir, api, shas } = await setup();
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    expect((await forge.req('DELETE', `${api}/pulls/${index}/merge`, { token: owner.token })).status).toBe(404);
    expect((await merge(api, index, { Do: 'merge', merge_when_checks_succeed: true })).status).toBe(201);
    expect((await forge.req('DELETE', `${api}/pulls/${index}/merge`, { token: reader.token })).status).toBe(403);
    expect((await forge.req('DELETE', `${api}/pulls/${index}/merge`, { token: owner.token })).status).toBe(204);
    const { issue } = await pullRow(forge, repo.id, index);
    expect((await eventsOf(forge, issue.id)).map((e) => [e.type, e.poster_id])).toEqual([
      [34, owner.id],
      [35, owner.id],
    ]);
    expect((await forge.req('DELETE', `${api}/pulls/${index}/merge`, { token: owner.token })).status).toBe(404);
    // Cancelled: a successful check no longer merges it.
    await postStatus(api, shas.f2!, 'success');
    expect((await pullRow(forge, repo.id, index)).pr.has_merged).toBe(0);
  });

  it('a scheduled pull request that was closed is not merged, and its schedule is dropped', async () => {
    const { repo, dir, api, shas } = await setup();
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    expect((await merge(api, index, { Do: 'merge', merge_when_checks_succeed: true })).status).toBe(201);
    await forge.deps.db.updateTable('issue').set({ is_closed: 1 }).where('repo_id', '=', repo.id).where('index', '=', index).execute();
    await postStatus(api, shas.f2!, 'success');
    const { pr } = await pullRow(forge, repo.id, index);
    expect(pr.has_merged).toBe(0);
    expect(await forge.deps.db.selectFrom('pull_auto_merge').selectAll().where('pull_id', '=', pr.id).execute()).toEqual([]);
    expect(await tipOf(dir, 'main')).toBe(shas.m1);
  });

  it('closing a scheduled pull request through PATCH drops its schedule at once', async () => {
    const { repo, dir, api } = await setup();
    const index = await openPull(forge, repo, dir, poster, { head: 'feature' });
    expect((await merge(api, index, { Do: 'merge', merge_when_checks_succeed: true })).status).toBe(201);
    expect((await forge.req('PATCH', `${api}/pulls/${index}`, { token: owner.token, body: { state: 'closed' } })).status).toBe(201);
    const { pr } = await pullRow(forge, repo.id, index);
    expect(await forge.deps.db.selectFrom('pull_auto_merge').selectAll().where('pull_id', '=', pr.id).execute()).toEqual([]);
    expect((await forge.req('DELETE', `${api}/pulls/${index}/merge`, { token: owner.token })).status).toBe(404);
  });

  it('WIP pull requests cannot be scheduled either (405)', async () => {
    const { repo, dir, api } = await setup();
    const index = await openPull(forge, repo, dir, poster, { head: 'feature', title: 'WIP: later' });
    expect((await merge(api, index, { Do: 'merge', merge_when_checks_succeed: true })).status).toBe(405);
  });
});

describe('with pull requests opened through the API', () => {
  it('merging shows on the pull request, its timeline, and the other pull requests the base change affects', async () => {
    const { dir, api, shas } = await setup();
    const open = async (head: string, title: string) => {
      const r = await forge.req('POST', `${api}/pulls`, { token: owner.token, body: { head, base: 'main', title } });
      expect(r.status).toBe(201);
      return r.body.number as number;
    };
    const feature = await open('feature', 'Feature');
    const behind = await open('behind', 'Behind');
    expect((await forge.req('GET', `${api}/pulls/${feature}`, { token: owner.token })).body.mergeable).toBe(true);

    const r = await merge(api, feature, { Do: 'squash', delete_branch_after_merge: true });
    expect(r.status).toBe(200);
    const pull = (await forge.req('GET', `${api}/pulls/${feature}`, { token: owner.token })).body;
    const tip = await tipOf(dir, 'main');
    expect(pull).toMatchObject({ state: 'closed', merged: true, merge_commit_sha: tip, merged_by: { login: owner.name } });
    expect(pull.merged_at).toBeTruthy();
    const timeline = (await forge.req('GET', `${api}/issues/${feature}/timeline`, { token: owner.token })).body as { type: string }[];
    expect(timeline.map((e) => e.type)).toEqual(expect.arrayContaining(['merge_pull', 'delete_branch']));
    expect(await branchExists(dir, 'feature')).toBe(false);

    // The base moved: the other open pull request is now behind by one more commit.
    const other = (await forge.req('GET', `${api}/pulls/${behind}`, { token: owner.token })).body;
    expect(other.base.sha).toBe(tip);
    expect(other.commits_behind).toBe(2);
    // Bringing the base into it catches it up.
    expect((await forge.req('POST', `${api}/pulls/${behind}/update`, { token: owner.token })).status).toBe(200);
    const updated = (await forge.req('GET', `${api}/pulls/${behind}`, { token: owner.token })).body;
    expect(updated.commits_behind).toBe(0);
    expect(updated.head.sha).toBe(await tipOf(dir, 'behind'));
    expect(await parentsOf(dir, updated.head.sha)).toEqual([shas.b1, tip]);
  });

  it('a pull request the server found conflicting is refused with 405', async () => {
    const { dir, api, shas } = await setup();
    const r = await forge.req('POST', `${api}/pulls`, { token: owner.token, body: { head: 'conflicting', base: 'main', title: 'Conflicts' } });
    expect(r.status).toBe(201);
    expect(r.body.mergeable).toBe(false);
    const refused = await merge(api, r.body.number, { Do: 'merge' });
    expect(refused.status).toBe(405);
    expect(await tipOf(dir, 'main')).toBe(shas.m1);
  });
});
