// Pull requests over the API with real git: open, list, get, edit, by base/head, commits, files, raw diff.
import { describe, expect, it } from 'vitest';
import { createTestForge } from './helpers.ts';
import { events, pullRepo, refSha, writeCommit } from './pulls-helpers.ts';
import { gitCli } from './git-cli.ts';
import { CommentType } from '../src/services/conversation.ts';

const forge = await createTestForge();
const owner = await forge.user('owner');
const reader = await forge.user('reader');
const other = await forge.user('other');

const open = (base: string, body: Record<string, unknown>, token = owner.token) => forge.req('POST', `${base}/pulls`, { token, body });

describe('opening a pull request', () => {
  it('answers 201 with the pull request in Gitea shape, computed with git', async () => {
    const { base, shas, repo, name, dir } = await pullRepo(forge, owner);
    const r = await open(base, { title: 'Add the feature', head: 'feature', base: 'main', body: 'Please merge' });
    expect(r.status).toBe(201);
    const html = `http://localhost:3000/${owner.name}/${name}/pulls/1`;
    expect(r.body).toMatchObject({
      number: 1,
      title: 'Add the feature',
      body: 'Please merge',
      state: 'open',
      draft: false,
      is_locked: false,
      mergeable: true,
      merged: false,
      merged_at: null,
      merged_by: null,
      merge_commit_sha: null,
      comments: 0,
      review_comments: 0,
      labels: [],
      assignees: [],
      assignee: null,
      milestone: null,
      requested_reviewers: [],
      requested_reviewers_teams: [],
      allow_maintainer_edit: false,
      url: html,
      html_url: html,
      diff_url: `${html}.diff`,
      patch_url: `${html}.patch`,
      merge_base: shas.c1,
      closed_at: null,
      due_date: null,
      pin_order: 0,
      conflicted_files: [],
      commits_ahead: 2,
      commits_behind: 1,
      // a.txt +1, b.txt +2, README.md +1, gone.txt -1, old.txt → new.txt (no line changes).
      additions: 4,
      deletions: 1,
      changed_files: 5,
      base: { label: 'main', ref: 'main', sha: shas.c2, repo_id: repo.id },
      head: { label: 'feature', ref: 'feature', sha: shas.f2, repo_id: repo.id },
    });
    expect(r.body.user.login).toBe(owner.name);
    expect(r.body.base.repo.full_name).toBe(`${owner.name}/${name}`);
    expect(r.body.head.repo.id).toBe(repo.id);
    // The base repository keeps the head's commits.
    expect(await refSha(dir, 'refs/pull/1/head')).toBe(shas.f2);
    // Gitea's first push event lists the commits, oldest first.
    const pushes = await events(forge, repo.id, 1, CommentType.pullPush);
    expect(pushes.map((e) => JSON.parse(e.content))).toEqual([{ is_force_push: false, commit_ids: [shas.f1, shas.f2] }]);
    const action = await forge.deps.db
      .selectFrom('action')
      .selectAll()
      .where('repo_id', '=', repo.id)
      .where('op_type', '=', 'create_pull_request')
      .executeTakeFirst();
    expect(action?.content).toBe('1|Add the feature');
    const row = await forge.deps.db.selectFrom('repository').selectAll().where('id', '=', repo.id).executeTakeFirstOrThrow();
    expect(row.num_pulls).toBe(1);
  });

  it('shares numbering with issues, and the issue API says it is a pull request', async () => {
    const { base } = await pullRepo(forge, owner);
    expect((await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'A bug' } })).body.number).toBe(1);
    const pr = await open(base, { title: 'Fix it', head: 'feature', base: 'main' });
    expect(pr.body.number).toBe(2);
    const asIssue = await forge.req('GET', `${base}/issues/2`);
    expect(asIssue.body.pull_request).toMatchObject({ merged: false, merged_at: null, draft: false });
    // An issue number is not a pull request.
    const notPull = await forge.req('GET', `${base}/pulls/1`);
    expect(notPull.status).toBe(404);
    expect(notPull.body.message).toBe('pull request does not exist');
    expect((await forge.req('GET', `${base}/pulls/99`)).status).toBe(404);
  });

  it('takes the head as owner:branch', async () => {
    const { base } = await pullRepo(forge, owner);
    const r = await open(base, { title: 'Docs', head: `${owner.name}:docs/x`, base: 'main' });
    expect(r.status).toBe(201);
    expect(r.body.head).toMatchObject({ ref: 'docs/x', label: 'docs/x' });
    expect(r.body.commits_ahead).toBe(1);
    expect(r.body.commits_behind).toBe(0);
  });

  it('refuses what Gitea refuses: same branches, missing branches, tags, forks that do not exist', async () => {
    const { base } = await pullRepo(forge, owner);
    const same = await open(base, { title: 'x', head: 'main', base: 'main' });
    expect(same.status).toBe(422);
    expect(same.body.message).toBe('Invalid PullRequest: There are no changes between the head and the base');
    expect((await open(base, { title: 'x', head: `${owner.name}:main`, base: 'main' })).status).toBe(422);
    expect((await open(base, { title: 'x', head: 'nope', base: 'main' })).status).toBe(404);
    expect((await open(base, { title: 'x', head: 'feature', base: 'nope' })).status).toBe(404);
    expect((await open(base, { title: 'x', head: `${other.name}:feature`, base: 'main' })).status).toBe(404);
    expect((await open(base, { title: 'x', head: 'nobody-here:feature', base: 'main' })).status).toBe(404);
    expect((await open(base, { title: 'x', head: 'a:b:c', base: 'main' })).status).toBe(404);
    expect((await open(base, { title: 'x', head: '--output=/tmp/x', base: 'main' })).status).toBe(404);
    expect((await open(base, { head: 'feature', base: 'main' })).status).toBe(422);
    expect((await open(base, { title: '   ', head: 'feature', base: 'main' })).status).toBe(422);
  });

  it('refuses a tag or a commit as head or base (422: pull requests are between branches)', async () => {
    const { base, dir, shas } = await pullRepo(forge, owner);
    await gitCli(['tag', 'v1', shas.f2], { cwd: dir });
    const tag = await open(base, { title: 'x', head: 'v1', base: 'main' });
    expect(tag.status).toBe(422);
    expect(tag.body.message).toBe('Invalid PullRequest: base and head must be branches');
    expect((await open(base, { title: 'x', head: 'feature', base: 'v1' })).status).toBe(422);
    expect((await open(base, { title: 'x', head: shas.f2, base: 'main' })).status).toBe(422);
  });

  it('answers 409 for a second open pull request between the same branches, with the existing number', async () => {
    const { base, repo } = await pullRepo(forge, owner);
    const first = await open(base, { title: 'One', head: 'feature', base: 'main' });
    const dup = await open(base, { title: 'Two', head: 'feature', base: 'main' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe(
      `pull request already exists for these targets [id: ${first.body.id}, issue_id: 1, head_repo_id: ${repo.id}, base_repo_id: ${repo.id}, head_branch: feature, base_branch: main]`,
    );
    // Another base is another pull request; a closed one does not block a new one.
    expect((await open(base, { title: 'To docs', head: 'feature', base: 'docs/x' })).status).toBe(201);
    await forge.req('PATCH', `${base}/pulls/1`, { token: owner.token, body: { state: 'closed' } });
    expect((await open(base, { title: 'Again', head: 'feature', base: 'main' })).status).toBe(201);
  });

  it('opens even with nothing to merge, as Gitea (status empty, still mergeable)', async () => {
    const { base, shas } = await pullRepo(forge, owner);
    await forge.req('POST', `${base}/branches`, { token: owner.token, body: { new_branch_name: 'behind', old_ref_name: shas.c1 } });
    const r = await open(base, { title: 'Nothing', head: 'behind', base: 'main' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ commits_ahead: 0, commits_behind: 1, changed_files: 0, mergeable: true });
  });

  it('marks WIP titles as drafts, which are not mergeable', async () => {
    const { base } = await pullRepo(forge, owner);
    const wip = await open(base, { title: 'WIP: half done', head: 'feature', base: 'main' });
    expect(wip.body).toMatchObject({ draft: true, mergeable: false });
    const bracket = await open(base, { title: '[wip] docs', head: 'docs/x', base: 'main' });
    expect(bracket.body.draft).toBe(true);
    expect((await forge.req('GET', `${base}/issues/1`)).body.pull_request.draft).toBe(true);
    const ready = await forge.req('PATCH', `${base}/pulls/1`, { token: owner.token, body: { title: 'Done now' } });
    expect(ready.body).toMatchObject({ draft: false, mergeable: true });
  });

  it('names the conflicting files when the head cannot merge', async () => {
    const { base } = await pullRepo(forge, owner);
    const r = await open(base, { title: 'Clash', head: 'clash', base: 'main' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ mergeable: false, conflicted_files: ['README.md'] });
  });

  it('sets labels, milestone, assignees, due date and reviewers from a writer', async () => {
    const { base } = await pullRepo(forge, owner);
    const label = await forge.req('POST', `${base}/labels`, { token: owner.token, body: { name: 'bug', color: '#ff0000' } });
    const ms = await forge.req('POST', `${base}/milestones`, { token: owner.token, body: { title: 'v1' } });
    const r = await open(base, {
      title: 'Full',
      head: 'feature',
      base: 'main',
      labels: [label.body.id],
      milestone: ms.body.id,
      assignees: [owner.name],
      due_date: '2030-01-02T10:00:00Z',
      reviewers: [reader.name],
    });
    expect(r.status).toBe(201);
    expect(r.body.labels.map((l: any) => l.name)).toEqual(['bug']);
    expect(r.body.milestone.title).toBe('v1');
    expect(r.body.assignees.map((u: any) => u.login)).toEqual([owner.name]);
    expect(r.body.due_date).toBe('2030-01-02T23:59:59Z');
    // As Gitea: an unknown milestone or reviewer is 404, an unknown assignee 422; unknown label ids are dropped.
    expect((await open(base, { title: 'x', head: 'docs/x', base: 'main', milestone: 99999 })).status).toBe(404);
    expect((await open(base, { title: 'x', head: 'docs/x', base: 'main', assignees: ['nobody-at-all'] })).status).toBe(422);
    expect((await open(base, { title: 'x', head: 'docs/x', base: 'main', reviewers: ['nobody-at-all'] })).status).toBe(404);
    const dropped = await open(base, { title: 'x', head: 'clash', base: 'main', labels: [99999, label.body.id] });
    expect(dropped.status).toBe(201);
    expect(dropped.body.labels.map((l: any) => l.name)).toEqual(['bug']);
    // A user's repository has no teams: Gitea ignores team names there (organizations: pull-create-team-reviewers.test.ts).
    const teams = await open(base, { title: 'x', head: 'docs/x', base: 'main', team_reviewers: ['core'] });
    expect(teams.status).toBe(201);
    expect(teams.body.requested_reviewers_teams).toEqual([]);
  });

  it('lets a reader open one (their labels are dropped, as on issues), not an anonymous caller', async () => {
    const { base } = await pullRepo(forge, owner);
    const label = await forge.req('POST', `${base}/labels`, { token: owner.token, body: { name: 'bug', color: '#ff0000' } });
    const r = await open(base, { title: 'From a reader', head: 'feature', base: 'main', labels: [label.body.id] }, reader.token);
    expect(r.status).toBe(201);
    expect(r.body.user.login).toBe(reader.name);
    expect(r.body.labels).toEqual([]);
    const anon = await forge.req('POST', `${base}/pulls`, { body: { title: 'x', head: 'docs/x', base: 'main' } });
    expect(anon.status).toBe(401);
  });

  it('hides a private repository from strangers (404) and refuses writes to an archived one (423)', async () => {
    const { base, repo } = await pullRepo(forge, owner, { private: true });
    expect((await open(base, { title: 'x', head: 'feature', base: 'main' }, other.token)).status).toBe(404);
    expect((await open(base, { title: 'x', head: 'feature', base: 'main' })).status).toBe(201);
    expect((await forge.req('GET', `${base}/pulls/1`, { token: other.token })).status).toBe(404);
    expect((await forge.req('GET', `${base}/pulls`, { token: other.token })).status).toBe(404);
    expect((await forge.req('GET', `${base}/pulls/1.diff`, { token: other.token })).status).toBe(404);
    expect((await forge.req('GET', `${base}/pulls/1`, { token: owner.token })).status).toBe(200);
    await forge.deps.db.updateTable('repository').set({ is_archived: 1 }).where('id', '=', repo.id).execute();
    expect((await open(base, { title: 'y', head: 'docs/x', base: 'main' })).status).toBe(423);
  });
});

describe('listing pull requests', () => {
  async function listRepo() {
    const r = await pullRepo(forge, owner);
    const label = await forge.req('POST', `${r.base}/labels`, { token: owner.token, body: { name: 'bug', color: '#ff0000' } });
    const label2 = await forge.req('POST', `${r.base}/labels`, { token: owner.token, body: { name: 'ui', color: '#00ff00' } });
    const ms = await forge.req('POST', `${r.base}/milestones`, { token: owner.token, body: { title: 'v1' } });
    await open(r.base, { title: 'One', head: 'feature', base: 'main', labels: [label.body.id] });
    await open(r.base, { title: 'Two', head: 'docs/x', base: 'main', milestone: ms.body.id, labels: [label2.body.id] }, reader.token);
    await open(r.base, { title: 'Three', head: 'clash', base: 'main' }, reader.token);
    await open(r.base, { title: 'Four', head: 'feature', base: 'docs/x' });
    await forge.req('PATCH', `${r.base}/pulls/3`, { token: owner.token, body: { state: 'closed' } });
    // A reader's labels and milestone are dropped; the owner sets them.
    await forge.req('PATCH', `${r.base}/pulls/2`, { token: owner.token, body: { milestone: ms.body.id, labels: [label2.body.id] } });
    // Everything above happens within a second or two: make the times distinct for the sort orders.
    const t = 1_750_000_000;
    for (const [index, updated] of [
      [1, t + 10],
      [2, t + 40],
      [3, t + 30],
      [4, t + 20],
    ]) {
      await forge.deps.db.updateTable('issue').set({ updated_unix: updated }).where('repo_id', '=', r.repo.id).where('index', '=', index).execute();
    }
    return { ...r, labels: [label.body.id, label2.body.id], milestone: ms.body.id };
  }
  const numbers = (r: { body: any[] }) => r.body.map((p) => p.number);

  it('lists open ones newest first by default, and filters by state, base branch, poster, milestone and labels', async () => {
    const { base, labels, milestone } = await listRepo();
    expect(numbers(await forge.req('GET', `${base}/pulls`))).toEqual([4, 2, 1]);
    expect(numbers(await forge.req('GET', `${base}/pulls?state=closed`))).toEqual([3]);
    expect(numbers(await forge.req('GET', `${base}/pulls?state=all`))).toEqual([4, 3, 2, 1]);
    expect(numbers(await forge.req('GET', `${base}/pulls?base_branch=docs/x`))).toEqual([4]);
    expect(numbers(await forge.req('GET', `${base}/pulls?state=all&poster=${reader.name}`))).toEqual([3, 2]);
    expect(numbers(await forge.req('GET', `${base}/pulls?milestone=${milestone}`))).toEqual([2]);
    expect(numbers(await forge.req('GET', `${base}/pulls?labels=${labels[0]}`))).toEqual([1]);
    expect(numbers(await forge.req('GET', `${base}/pulls?labels=${labels[0]}&labels=${labels[1]}`))).toEqual([2, 1]);
    expect((await forge.req('GET', `${base}/pulls?poster=nobody-at-all`)).status).toBe(400);
    // As Gitea: a state it does not know lists the open ones, a milestone that is not a number filters nothing.
    expect(numbers(await forge.req('GET', `${base}/pulls?state=bogus`))).toEqual([4, 2, 1]);
    expect(numbers(await forge.req('GET', `${base}/pulls?milestone=abc`))).toEqual([4, 2, 1]);
  });

  it('sorts as Gitea', async () => {
    const { base } = await listRepo();
    expect(numbers(await forge.req('GET', `${base}/pulls?state=all&sort=oldest`))).toEqual([1, 2, 3, 4]);
    expect(numbers(await forge.req('GET', `${base}/pulls?state=all&sort=recentupdate`))).toEqual([2, 3, 4, 1]);
    expect(numbers(await forge.req('GET', `${base}/pulls?state=all&sort=leastupdate`))).toEqual([1, 4, 3, 2]);
    // The closed one first.
    expect(numbers(await forge.req('GET', `${base}/pulls?state=all&sort=recentclose`))[0]).toBe(3);
    // An unknown sort is the default one (newest first), as Gitea's applySorts.
    expect(numbers(await forge.req('GET', `${base}/pulls?sort=bogus`))).toEqual([4, 2, 1]);
  });

  it('pages with X-Total-Count and Link headers; a page past the end is empty', async () => {
    const { base } = await listRepo();
    const p1 = await forge.req('GET', `${base}/pulls?state=all&limit=3`);
    expect(numbers(p1)).toEqual([4, 3, 2]);
    expect(p1.headers.get('X-Total-Count')).toBe('4');
    expect(p1.headers.get('Link')).toContain('rel="next"');
    expect(p1.headers.get('Link')).toContain('page=2');
    const p2 = await forge.req('GET', `${base}/pulls?state=all&limit=3&page=2`);
    expect(numbers(p2)).toEqual([1]);
    expect(p2.headers.get('Link')).toContain('rel="prev"');
    expect((await forge.req('GET', `${base}/pulls?state=all&limit=3&page=9`)).body).toEqual([]);
  });
});

describe('editing a pull request', () => {
  it('changes title and body (201, as Gitea) and leaves a change_title event', async () => {
    const { base, repo } = await pullRepo(forge, owner);
    await open(base, { title: 'Old', head: 'feature', base: 'main' });
    const r = await forge.req('PATCH', `${base}/pulls/1`, { token: owner.token, body: { title: 'New', body: 'Now with text' } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ number: 1, title: 'New', body: 'Now with text' });
    const ev = await events(forge, repo.id, 1, CommentType.changeTitle);
    expect(ev.map((e) => [e.old_title, e.new_title])).toEqual([['Old', 'New']]);
  });

  it('moves the base branch: recomputes, records change_target_branch, refuses a missing or duplicate base', async () => {
    const { base, repo, shas } = await pullRepo(forge, owner);
    await open(base, { title: 'Docs', head: 'docs/x', base: 'main' });
    await open(base, { title: 'Feature', head: 'feature', base: 'main' });
    const moved = await forge.req('PATCH', `${base}/pulls/2`, { token: owner.token, body: { base: 'clash' } });
    expect(moved.status).toBe(201);
    expect(moved.body.base).toMatchObject({ ref: 'clash', sha: shas.k1 });
    expect(moved.body.merge_base).toBe(shas.c1);
    expect(moved.body.commits_behind).toBe(1);
    // feature changes README's last line, clash its first: they merge.
    expect(moved.body.mergeable).toBe(true);
    const ev = await events(forge, repo.id, 2, CommentType.changeTargetBranch);
    expect(ev.map((e) => [e.old_ref, e.new_ref])).toEqual([['main', 'clash']]);
    // The push events are recomputed against the new base.
    expect((await events(forge, repo.id, 2, CommentType.pullPush)).map((e) => JSON.parse(e.content).commit_ids)).toEqual([[shas.f1, shas.f2]]);
    const missing = await forge.req('PATCH', `${base}/pulls/2`, { token: owner.token, body: { base: 'nope' } });
    expect(missing.status).toBe(404);
    await open(base, { title: 'Feature to main again', head: 'feature', base: 'main' });
    expect((await forge.req('PATCH', `${base}/pulls/3`, { token: owner.token, body: { base: 'clash' } })).status).toBe(409);
    expect((await forge.req('PATCH', `${base}/pulls/1`, { token: owner.token, body: { base: 'docs/x' } })).status).toBe(422);
  });

  it('closes and reopens; reopening a merged one is 412, one whose branches have another open pull request 409', async () => {
    const { base, repo } = await pullRepo(forge, owner);
    await open(base, { title: 'One', head: 'feature', base: 'main' });
    const closed = await forge.req('PATCH', `${base}/pulls/1`, { token: owner.token, body: { state: 'closed' } });
    expect(closed.status).toBe(201);
    expect(closed.body.state).toBe('closed');
    expect(closed.body.closed_at).not.toBeNull();
    await open(base, { title: 'Two', head: 'feature', base: 'main' });
    const reopen = await forge.req('PATCH', `${base}/pulls/1`, { token: owner.token, body: { state: 'open' } });
    expect(reopen.status).toBe(409);
    expect(reopen.body.message).toContain('pull request already exists for these targets');
    await forge.req('PATCH', `${base}/pulls/2`, { token: owner.token, body: { state: 'closed' } });
    expect((await forge.req('PATCH', `${base}/pulls/1`, { token: owner.token, body: { state: 'open' } })).body.state).toBe('open');
    const pr2 = await forge.deps.db
      .selectFrom('pull_request')
      .select('id')
      .where('base_repo_id', '=', repo.id)
      .where('index', '=', 2)
      .executeTakeFirstOrThrow();
    await forge.deps.db
      .updateTable('pull_request')
      .set({ has_merged: 1, merged_unix: 1_800_000_000, merger_id: owner.id, merged_commit_id: 'a'.repeat(40) })
      .where('id', '=', pr2.id)
      .execute();
    const merged = await forge.req('PATCH', `${base}/pulls/2`, { token: owner.token, body: { state: 'open' } });
    expect(merged.status).toBe(412);
    expect(merged.body.message).toBe('cannot change state of this pull request, it was already merged');
    // Through the issue route too (Gitea's EditIssue), and nothing else changes with it.
    const asIssue = await forge.req('PATCH', `${base}/issues/2`, { token: owner.token, body: { state: 'open', title: 'reopened?' } });
    expect(asIssue.status).toBe(412);
    expect(asIssue.body.message).toBe('cannot change state of this pull request, it was already merged');
    const after = await forge.req('GET', `${base}/pulls/2`, { token: owner.token });
    expect([after.body.state, after.body.merged]).toEqual(['closed', true]);
    expect(after.body.title).not.toBe('reopened?');
    const got = await forge.req('GET', `${base}/pulls/2`);
    expect(got.body).toMatchObject({ merged: true, merged_at: '2027-01-15T08:00:00Z', merge_commit_sha: 'a'.repeat(40), mergeable: true });
    expect(got.body.merged_by.login).toBe(owner.name);
    expect((await forge.req('GET', `${base}/issues/2`)).body.pull_request).toMatchObject({ merged: true, merged_at: '2027-01-15T08:00:00Z' });
  });

  it('replaces labels, sets milestone, assignees and due date; a reader edits only their own', async () => {
    const { base } = await pullRepo(forge, owner);
    const l1 = await forge.req('POST', `${base}/labels`, { token: owner.token, body: { name: 'bug', color: '#ff0000' } });
    const l2 = await forge.req('POST', `${base}/labels`, { token: owner.token, body: { name: 'ui', color: '#00ff00' } });
    const ms = await forge.req('POST', `${base}/milestones`, { token: owner.token, body: { title: 'v1' } });
    await open(base, { title: 'Mine', head: 'feature', base: 'main', labels: [l1.body.id] });
    const r = await forge.req('PATCH', `${base}/pulls/1`, {
      token: owner.token,
      body: { labels: [l2.body.id], milestone: ms.body.id, assignees: [owner.name], due_date: '2031-05-06T00:00:00Z', allow_maintainer_edit: true },
    });
    expect(r.body.labels.map((l: any) => l.name)).toEqual(['ui']);
    expect(r.body.milestone.id).toBe(ms.body.id);
    expect(r.body.assignees.map((u: any) => u.login)).toEqual([owner.name]);
    expect(r.body.due_date).toBe('2031-05-06T23:59:59Z');
    expect(r.body.allow_maintainer_edit).toBe(true);
    // As Gitea: milestone 0 leaves the milestone (its SDK always sends one), unset_due_date removes the deadline.
    const unset = await forge.req('PATCH', `${base}/pulls/1`, { token: owner.token, body: { unset_due_date: true, milestone: 0 } });
    expect(unset.body).toMatchObject({ due_date: null, milestone: { id: ms.body.id } });
    // A reader may not edit someone else's pull request…
    expect((await forge.req('PATCH', `${base}/pulls/1`, { token: reader.token, body: { title: 'Mine now' } })).status).toBe(403);
    expect((await forge.req('PATCH', `${base}/pulls/1`, { body: { title: 'x' } })).status).toBe(401);
    // …but edits their own; what needs a writer is ignored.
    await open(base, { title: 'Theirs', head: 'docs/x', base: 'main' }, reader.token);
    const own = await forge.req('PATCH', `${base}/pulls/2`, { token: reader.token, body: { title: 'Theirs, better', labels: [l1.body.id] } });
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({ title: 'Theirs, better', labels: [] });
    // Only the author decides whether maintainers may edit.
    expect((await forge.req('PATCH', `${base}/pulls/2`, { token: owner.token, body: { allow_maintainer_edit: true } })).status).toBe(403);
  });
});

describe('pull request by base and head', () => {
  it('finds the newest pull request for a branch pair, with the head as branch or owner:branch', async () => {
    const { base } = await pullRepo(forge, owner);
    await open(base, { title: 'First', head: 'docs/x', base: 'main' });
    await forge.req('PATCH', `${base}/pulls/1`, { token: owner.token, body: { state: 'closed' } });
    await open(base, { title: 'Second', head: 'docs/x', base: 'main' });
    const r = await forge.req('GET', `${base}/pulls/main/docs/x`);
    expect(r.status).toBe(200);
    expect(r.body.number).toBe(2);
    expect((await forge.req('GET', `${base}/pulls/main/${owner.name}:docs/x`)).body.number).toBe(2);
    expect((await forge.req('GET', `${base}/pulls/main/feature`)).status).toBe(404);
    expect((await forge.req('GET', `${base}/pulls/main/nobody-at-all:docs/x`)).status).toBe(404);
  });
});

describe('commits and files of a pull request', () => {
  it('lists the commits newest first (as Gitea), with paging headers', async () => {
    const { base, shas } = await pullRepo(forge, owner);
    await open(base, { title: 'F', head: 'feature', base: 'main' });
    const all = await forge.req('GET', `${base}/pulls/1/commits`);
    expect(all.status).toBe(200);
    expect(all.body.map((c: any) => c.sha)).toEqual([shas.f2, shas.f1]);
    expect(all.body[1].commit.message).toBe('Feature one\n');
    expect(all.body[1].files).toEqual([{ filename: 'a.txt', status: 'added' }]);
    expect(all.headers.get('X-Total-Count')).toBe('2');
    const p2 = await forge.req('GET', `${base}/pulls/1/commits?limit=1&page=2&files=false&verification=false`);
    expect(p2.body.map((c: any) => c.sha)).toEqual([shas.f1]);
    expect(p2.body[0].files).toBeNull();
    expect(p2.body[0].commit.verification).toBeNull();
    expect(p2.headers.get('X-Page')).toBe('2');
    expect(p2.headers.get('X-PerPage')).toBe('1');
    expect(p2.headers.get('X-PageCount')).toBe('2');
    expect(p2.headers.get('X-HasMore')).toBe('false');
    expect(p2.headers.get('Link')).toContain('rel="prev"');
    const p1 = await forge.req('GET', `${base}/pulls/1/commits?limit=1`);
    expect(p1.body.map((c: any) => c.sha)).toEqual([shas.f2]);
    expect(p1.headers.get('X-HasMore')).toBe('true');
    expect((await forge.req('GET', `${base}/pulls/1/commits?limit=1&page=5`)).body).toEqual([]);
  });

  it("lists the changed files with Gitea's statuses and URLs, skip-to and paging", async () => {
    const { base, shas, name } = await pullRepo(forge, owner);
    await open(base, { title: 'F', head: 'feature', base: 'main' });
    const r = await forge.req('GET', `${base}/pulls/1/files`);
    expect(r.status).toBe(200);
    expect(r.headers.get('X-Total-Count')).toBe('5');
    const byName = Object.fromEntries(r.body.map((f: any) => [f.filename, f]));
    expect(Object.keys(byName)).toEqual(['README.md', 'a.txt', 'b.txt', 'gone.txt', 'new.txt']);
    expect(byName['a.txt']).toEqual({
      filename: 'a.txt',
      status: 'added',
      additions: 1,
      deletions: 0,
      changes: 1,
      html_url: `http://localhost:3000/${owner.name}/${name}/src/commit/${shas.f2}/a.txt`,
      contents_url: `http://localhost:3000/api/v1/repos/${owner.name}/${name}/contents/a.txt?ref=${shas.f2}`,
      raw_url: `http://localhost:3000/${owner.name}/${name}/raw/commit/${shas.f2}/a.txt`,
    });
    expect(byName['README.md']).toMatchObject({ status: 'changed', additions: 1, deletions: 0 });
    expect(byName['gone.txt']).toMatchObject({ status: 'deleted', deletions: 1 });
    expect(byName['new.txt']).toMatchObject({ status: 'renamed', previous_filename: 'old.txt', changes: 0 });
    const skip = await forge.req('GET', `${base}/pulls/1/files?skip-to=b.txt`);
    expect(skip.body.map((f: any) => f.filename)).toEqual(['b.txt', 'gone.txt', 'new.txt']);
    const page = await forge.req('GET', `${base}/pulls/1/files?limit=2&page=3`);
    expect(page.body.map((f: any) => f.filename)).toEqual(['new.txt']);
    expect(page.headers.get('X-PageCount')).toBe('3');
    // Gitea's GetWhitespaceFlag: an unknown mode shows everything.
    const bogus = await forge.req('GET', `${base}/pulls/1/files?whitespace=bogus`);
    expect([bogus.status, bogus.body.length]).toEqual([200, 5]);
  });

  it('answers the raw diff and patch as text', async () => {
    const { base } = await pullRepo(forge, owner);
    await open(base, { title: 'F', head: 'feature', base: 'main' });
    const diff = await forge.req('GET', `${base}/pulls/1.diff`);
    expect(diff.status).toBe(200);
    expect(diff.headers.get('Content-Type')).toContain('text/plain');
    expect(diff.text).toContain('diff --git a/a.txt b/a.txt\nnew file mode 100644');
    expect(diff.text).toContain('rename from old.txt');
    // Only what the head brings: main's own change is not in it.
    expect(diff.text).not.toContain('main.txt');
    const patch = await forge.req('GET', `${base}/pulls/1.patch`);
    expect(patch.status).toBe(200);
    expect(patch.text).toContain('Subject: [PATCH 1/2] Feature one');
    expect(patch.text).toContain('Subject: [PATCH 2/2] Feature two');
    expect((await forge.req('GET', `${base}/pulls/9.diff`)).status).toBe(404);
  });
});

describe('whitespace modes', () => {
  it('hides whitespace-only changes from the files and the .diff when asked (the .diff mode is our extension)', async () => {
    const { base, dir, shas } = await pullRepo(forge, owner);
    await writeCommit(dir, 'spaces', shas.c2, { 'README.md': 'one   from main\ntwo\n', 'main.txt': 'changed\n' });
    await open(base, { title: 'Spaces', head: 'spaces', base: 'main' });
    const all = await forge.req('GET', `${base}/pulls/1/files`);
    expect(all.body.map((f: any) => f.filename)).toEqual(['README.md', 'main.txt']);
    const ignored = await forge.req('GET', `${base}/pulls/1/files?whitespace=ignore-all`);
    expect(ignored.body.map((f: any) => f.filename)).toEqual(['main.txt']);
    expect((await forge.req('GET', `${base}/pulls/1.diff`)).text).toContain('README.md');
    const diff = await forge.req('GET', `${base}/pulls/1.diff?whitespace=ignore-change`);
    expect(diff.text).not.toContain('README.md');
    expect(diff.text).toContain('main.txt');
  });
});

describe('deleting the repository', () => {
  it('removes its pull request rows with its issues', async () => {
    const { base, repo } = await pullRepo(forge, owner);
    await open(base, { title: 'F', head: 'feature', base: 'main' });
    expect((await forge.req('DELETE', base, { token: owner.token })).status).toBe(204);
    const left = await forge.deps.db.selectFrom('pull_request').select('id').where('base_repo_id', '=', repo.id).execute();
    expect(left).toEqual([]);
  });

  it('deleting a pull request through the issue API takes its pull row and reviews with it', async () => {
    const { base, repo } = await pullRepo(forge, owner);
    const pr = (await open(base, { title: 'F', head: 'feature', base: 'main' })).body;
    await forge.req('POST', `${base}/pulls/${pr.number}/reviews`, { token: reader.token, body: { event: 'COMMENT', body: 'looks fine' } });
    expect((await forge.req('DELETE', `${base}/issues/${pr.number}`, { token: owner.token })).status).toBe(204);
    expect((await forge.req('GET', `${base}/pulls/${pr.number}`)).status).toBe(404);
    expect(await forge.deps.db.selectFrom('pull_request').select('id').where('base_repo_id', '=', repo.id).execute()).toEqual([]);
    expect(await forge.deps.db.selectFrom('review').select('id').where('issue_id', '=', pr.id).execute()).toEqual([]);
  });
});

describe('mentions and references', () => {
  it('records @mentions and #refs of the body as on issues', async () => {
    const { base, repo } = await pullRepo(forge, owner);
    await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'A bug' } });
    await open(base, { title: 'Fix', head: 'feature', base: 'main', body: `cc @${reader.name}, fixes #1` });
    const refs = await events(forge, repo.id, 1, CommentType.pullRef);
    expect(refs.length).toBe(1);
    const pull = await forge.deps.db.selectFrom('issue').select('id').where('repo_id', '=', repo.id).where('index', '=', 2).executeTakeFirstOrThrow();
    expect(refs[0]!.ref_issue_id).toBe(pull.id);
    const mentioned = await forge.req('GET', `/repos/issues/search?type=pulls&mentioned=true`, { token: reader.token });
    expect(mentioned.body.map((i: any) => `${i.repository.full_name}#${i.number}`)).toContain(`${owner.name}/${repo.name}#2`);
    // Editing the body to mention someone new records them too.
    await forge.req('PATCH', `${base}/pulls/2`, { token: owner.token, body: { body: `and @${other.name}` } });
    const also = await forge.req('GET', `/repos/issues/search?type=pulls&mentioned=true`, { token: other.token });
    expect(also.body.map((i: any) => `${i.repository.full_name}#${i.number}`)).toContain(`${owner.name}/${repo.name}#2`);
  });
});
