// Conformance with Gitea: what Gitea's own integration tests (tests/integration/api_pull_test.go,
// api_pull_review_test.go, api_pull_commits_test.go) and its API code (routers/api/v1/repo/pull.go,
// pull_review.go, services/convert/pull.go, pull_review.go) say a client sees, checked on our server
// with real SQLite and real git. Each `it` names the Gitea behaviour it holds us to.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestForge, uniq } from './helpers.ts';
import { pullRepo, writeCommit } from './pulls-helpers.ts';
import { gitCli } from './git-cli.ts';

const forge = await createTestForge();
const owner = await forge.user('owner');
const reader = await forge.user('reader');
// Full URLs: forge.req sends them as they are (paths would go under /api/v1).
const web = (url: string, token?: string) => forge.req('GET', url, { token });

const open = (base: string, body: Record<string, unknown>, token = owner.token) => forge.req('POST', `${base}/pulls`, { token, body });
const review = (base: string, index: number, token: string, body: Record<string, unknown>) =>
  forge.req('POST', `${base}/pulls/${index}/reviews`, { token, body });

describe('TestAPIViewPulls / TestAPIViewPullsByBaseHead', () => {
  it('a pull request that adds one file: its .diff parses to that file, /files says "added" with no previous_filename', async () => {
    const { base, dir, shas } = await pullRepo(forge, owner);
    await writeCommit(dir, 'wow', shas.c2, { 'File-WoW': 'wow\n' });
    const pr = await open(base, { title: 'Add File-WoW', head: 'wow', base: 'main' });
    expect(pr.status).toBe(201);
    const diff = await web(pr.body.diff_url);
    expect(diff.status).toBe(200);
    expect(diff.text).toBe(
      'diff --git a/File-WoW b/File-WoW\nnew file mode 100644\nindex 0000000..5f5c07d\n--- /dev/null\n+++ b/File-WoW\n@@ -0,0 +1 @@\n+wow\n',
    );
    const files = await forge.req('GET', `${base}/pulls/${pr.body.number}/files`);
    expect(files.body).toHaveLength(1);
    expect(files.body[0]).toMatchObject({ filename: 'File-WoW', status: 'added', additions: 1, deletions: 0, changes: 1 });
    expect(files.body[0]).not.toHaveProperty('previous_filename');
  });

  it('a pull request that changes a file: status "changed", previous_filename left out', async () => {
    const { base, dir, shas } = await pullRepo(forge, owner);
    await writeCommit(dir, 'readme', shas.c2, { 'README.md': 'one from main\nfour\nfive\nsix\nseven\n' });
    const pr = await open(base, { title: 'README', head: 'readme', base: 'main' });
    const files = await forge.req('GET', `${base}/pulls/${pr.body.number}/files`);
    expect(files.body).toEqual([expect.objectContaining({ filename: 'README.md', status: 'changed', additions: 4, deletions: 1, changes: 5 })]);
    expect(files.body[0]).not.toHaveProperty('previous_filename');
  });

  it('GET /pulls/{base}/{head} finds the pull request; a head branch with none is 404', async () => {
    const { base } = await pullRepo(forge, owner);
    const pr = await open(base, { title: 'F', head: 'feature', base: 'main' });
    const got = await forge.req('GET', `${base}/pulls/main/feature`);
    expect(got.status).toBe(200);
    expect([got.body.number, got.body.id]).toEqual([pr.body.number, pr.body.id]);
    expect((await forge.req('GET', `${base}/pulls/main/branch-not-exist`)).status).toBe(404);
  });
});

describe('requested_reviewers and review_comments (convert.ToAPIPullRequest, LoadReviews, LoadReviewCommentsCounts)', () => {
  it("lists each reviewer's latest approval, change request or request, oldest first; a dismissed verdict drops out", async () => {
    const { base } = await pullRepo(forge, owner);
    const [asked, approver, rejecter] = [await forge.user('asked'), await forge.user('approver'), await forge.user('rejecter')];
    const pr = await open(base, { title: 'F', head: 'feature', base: 'main', reviewers: [asked.name] });
    const n = pr.body.number;
    expect(pr.body.requested_reviewers.map((u: any) => u.login)).toEqual([asked.name]);
    expect((await review(base, n, approver.token, { event: 'APPROVED' })).status).toBe(200);
    const rejected = await review(base, n, rejecter.token, { event: 'REQUEST_CHANGES', body: 'no' });
    // Two reviews in the timeline (a COMMENT counts too), whatever their inline comments.
    await review(base, n, reader.token, { event: 'COMMENT', body: 'hm', comments: [{ path: 'a.txt', body: 'x', new_position: 1 }] });
    const logins = (p: any) => p.requested_reviewers.map((u: any) => u.login);
    const one = (await forge.req('GET', `${base}/pulls/${n}`)).body;
    expect(logins(one)).toEqual([asked.name, approver.name, rejecter.name]);
    expect(one.review_comments).toBe(3);
    const listed = (await forge.req('GET', `${base}/pulls?state=all`)).body.find((p: any) => p.number === n);
    expect(logins(listed)).toEqual(logins(one));
    expect(listed.review_comments).toBe(3);

    const dismissed = await forge.req('POST', `${base}/pulls/${n}/reviews/${rejected.body.id}/dismissals`, { token: owner.token, body: { message: 'stale' } });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body).toMatchObject({ state: 'REQUEST_CHANGES', dismissed: true });
    expect(logins((await forge.req('GET', `${base}/pulls/${n}`)).body)).toEqual([asked.name, approver.name]);
  });
});

describe('a review request and the answers to it (SubmitReview, GetReviewByIssueIDAndUserID)', () => {
  it('a COMMENT review leaves the request standing; an approval answers it', async () => {
    const { base } = await pullRepo(forge, owner);
    const asked = await forge.user('asked');
    const pr = await open(base, { title: 'F', head: 'feature', base: 'main', reviewers: [asked.name] });
    const n = pr.body.number;
    const states = async () => (await forge.req('GET', `${base}/pulls/${n}/reviews`)).body.map((r: any) => r.state);
    await review(base, n, asked.token, { event: 'COMMENT', body: 'a question first' });
    expect(await states()).toEqual(['REQUEST_REVIEW', 'COMMENT']);
    expect((await forge.req('GET', `${base}/pulls/${n}`)).body.requested_reviewers.map((u: any) => u.login)).toEqual([asked.name]);
    const mine = await forge.req('GET', `/repos/issues/search?type=pulls&review_requested=true`, { token: asked.token });
    expect(mine.body.map((i: any) => i.number)).toContain(n);
    await review(base, n, asked.token, { event: 'APPROVED' });
    expect(await states()).toEqual(['COMMENT', 'APPROVED']);
    expect((await forge.req('GET', `${base}/pulls/${n}`)).body.requested_reviewers.map((u: any) => u.login)).toEqual([asked.name]);
  });
});

describe('TestAPIPullCommits', () => {
  it('lists the commits newest first (the head is commits[0]), each with files and stats', async () => {
    const { base, shas } = await pullRepo(forge, owner);
    const pr = await open(base, { title: 'F', head: 'feature', base: 'main' });
    const r = await forge.req('GET', `${base}/pulls/${pr.body.number}/commits`);
    expect(r.status).toBe(200);
    expect(r.body.map((c: any) => c.sha)).toEqual([shas.f2, shas.f1]);
    expect(r.body[0].sha).toBe(pr.body.head.sha);
    expect(r.body[0].files.length).toBeGreaterThan(0);
    expect(r.body[1].files).toEqual([{ filename: 'a.txt', status: 'added' }]);
    expect(r.body[1].stats).toMatchObject({ total: 1, additions: 1, deletions: 0 });
    expect(r.body[0].commit.verification).not.toBeNull();
  });

  it('TestAPIPullCommitsNotDuplicatedViaMergePaths: a commit the base already has through another merge is not listed', async () => {
    const { base, dir, shas } = await pullRepo(forge, owner);
    for (const branch of ['staging', 'develop']) {
      expect((await forge.req('POST', `${base}/branches`, { token: owner.token, body: { new_branch_name: branch, old_ref_name: 'main' } })).status).toBe(201);
    }
    await writeCommit(dir, 'topic', shas.c2, { 'feature.txt': 'feature content' }, 'add feature.txt\n');
    for (const target of ['staging', 'develop']) {
      const pr = await open(base, { title: `topic into ${target}`, head: 'topic', base: target });
      const merged = await forge.req('POST', `${base}/pulls/${pr.body.number}/merge`, { token: owner.token, body: { Do: 'merge' } });
      expect(merged.status).toBe(200);
    }
    const pr3 = await open(base, { title: 'develop into staging', head: 'develop', base: 'staging' });
    const commits = await forge.req('GET', `${base}/pulls/${pr3.body.number}/commits`);
    // Only develop's merge commit: the topic commit reached staging through its own merge.
    expect(commits.body).toHaveLength(1);
    expect(commits.body[0].parents).toHaveLength(2);
  });
});

describe('path numbers (GetPullRequestByIndex, PathParamInt64)', () => {
  it('answers 404, not 400, for an index or review id that is not a number', async () => {
    const { base } = await pullRepo(forge, owner);
    await open(base, { title: 'F', head: 'feature', base: 'main' });
    for (const path of [
      '/pulls/abc',
      '/pulls/0',
      '/pulls/-1',
      '/pulls/abc/files',
      '/pulls/abc/commits',
      '/pulls/abc/reviews',
      '/pulls/1/reviews/abc',
      '/pulls/1/reviews/abc/comments',
    ]) {
      const r = await forge.req('GET', `${base}${path}`);
      expect([path, r.status]).toEqual([path, 404]);
      expect(r.body).toHaveProperty('message');
    }
  });
});

describe("bodies as Gitea's Go SDK (and tea) send them", () => {
  // The SDK marshals every field: nil slices and pointers as null, empty strings and zero ids as they are.
  const sdkCreate = (head: string, extra: Record<string, unknown> = {}) => ({
    head,
    base: 'main',
    title: `from ${head}`,
    body: '',
    assignee: '',
    assignees: null,
    reviewers: null,
    team_reviewers: null,
    milestone: 0,
    labels: null,
    due_date: null,
    ...extra,
  });
  const sdkEdit = (extra: Record<string, unknown> = {}) => ({
    title: '',
    body: null,
    base: '',
    assignee: '',
    assignees: null,
    milestone: 0,
    labels: null,
    state: null,
    due_date: null,
    unset_due_date: null,
    allow_maintainer_edit: null,
    ...extra,
  });

  it('creates with nulls for what is not given', async () => {
    const { base } = await pullRepo(forge, owner);
    const r = await open(base, sdkCreate('feature'));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ title: 'from feature', body: '', labels: [], assignees: [], milestone: null, due_date: null });
  });

  it('an edit of one field leaves the others: empty title and base, milestone 0, null lists and dates change nothing', async () => {
    const { base } = await pullRepo(forge, owner);
    const label = await forge.req('POST', `${base}/labels`, { token: owner.token, body: { name: 'bug', color: '#ff0000' } });
    const ms = await forge.req('POST', `${base}/milestones`, { token: owner.token, body: { title: 'v1' } });
    const pr = await open(base, {
      title: 'Keep',
      head: 'feature',
      base: 'main',
      body: 'text',
      labels: [label.body.id],
      milestone: ms.body.id,
      assignees: [owner.name],
      due_date: '2030-01-02T00:00:00Z',
    });
    const r = await forge.req('PATCH', `${base}/pulls/${pr.body.number}`, { token: owner.token, body: sdkEdit({ state: 'closed' }) });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      title: 'Keep',
      body: 'text',
      state: 'closed',
      base: { ref: 'main' },
      milestone: { id: ms.body.id },
      due_date: '2030-01-02T23:59:59Z',
      labels: [{ id: label.body.id }],
      assignees: [{ login: owner.name }],
    });
    // An empty list does clear, as Gitea.
    const cleared = await forge.req('PATCH', `${base}/pulls/${pr.body.number}`, { token: owner.token, body: sdkEdit({ assignees: [], labels: [] }) });
    expect(cleared.body).toMatchObject({ labels: [], assignees: [], assignee: null });
  });

  it('reviews with event "" (PENDING), null comments and review requests with null lists', async () => {
    const { base } = await pullRepo(forge, owner);
    const pr = await open(base, { title: 'F', head: 'feature', base: 'main' });
    const n = pr.body.number;
    const pending = await review(base, n, reader.token, { event: '', body: 'draft', commit_id: '', comments: null });
    expect(pending.status).toBe(200);
    expect(pending.body.state).toBe('PENDING');
    const comment = await review(base, n, owner.token, {
      event: 'COMMENT',
      body: 'fine',
      commit_id: '',
      comments: [{ path: 'a.txt', body: 'x', old_position: 0, new_position: 1 }],
    });
    expect(comment.body).toMatchObject({ state: 'COMMENT', comments_count: 1 });
    const rr = await forge.req('POST', `${base}/pulls/${n}/requested_reviewers`, { token: owner.token, body: { reviewers: null, team_reviewers: null } });
    expect([rr.status, rr.body]).toEqual([201, []]);
    const dismiss = await forge.req('POST', `${base}/pulls/${n}/reviews/${comment.body.id}/dismissals`, {
      token: owner.token,
      body: { message: null, priors: null },
    });
    // Only verdicts can be dismissed (Gitea: 403), but the body itself is accepted.
    expect(dismiss.status).toBe(403);
  });
});

describe('TestAPICreatePull* / TestAPIEditPull', () => {
  it('a second pull request for the same branches is 409 naming the first; labels it does not have are dropped; an unknown milestone is 404', async () => {
    const { base } = await pullRepo(forge, owner);
    const label = await forge.req('POST', `${base}/labels`, { token: owner.token, body: { name: 'bug', color: '#ff0000' } });
    const first = await open(base, { title: 'first', head: `${owner.name}:feature`, base: 'main' });
    expect(first.status).toBe(201);
    const again = await open(base, { title: 'second', head: 'feature', base: 'main' });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain(`issue_id: ${first.body.number}`);
    const fields = await open(base, { title: 'fields', head: 'clash', base: 'main', labels: [label.body.id, 55555], assignees: [owner.name] });
    expect(fields.status).toBe(201);
    expect(fields.body.labels.map((l: any) => l.id)).toEqual([label.body.id]);
    expect((await open(base, { title: 'm', head: 'docs/x', base: 'main', milestone: 666 })).status).toBe(404);
    expect((await open(base, { title: 'a', head: 'docs/x', base: 'main', assignees: ['qweruqweroiuyqweoiruywqer'] })).status).toBe(422);
    expect((await open(base, { head: 'docs/x', base: 'main' })).status).toBe(422);
  });

  it('edits title, body and base (201); a base that does not exist is 404', async () => {
    const { base } = await pullRepo(forge, owner);
    const pr = await open(base, { title: 'create a success pr', head: 'feature', base: 'main' });
    expect(pr.body.base.label).toBe('main');
    const r = await forge.req('PATCH', `${base}/pulls/${pr.body.number}`, {
      token: owner.token,
      body: { base: 'docs/x', title: 'edit a this pr', body: 'edited body' },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ title: 'edit a this pr', body: 'edited body', base: { label: 'docs/x', ref: 'docs/x' } });
    const tl = (await forge.req('GET', `${base}/issues/${pr.body.number}/timeline`)).body;
    expect(tl.find((t: any) => t.type === 'change_title')).toMatchObject({ old_title: 'create a success pr', new_title: 'edit a this pr' });
    expect(tl.find((t: any) => t.type === 'change_target_branch')).toMatchObject({ old_ref: 'main', new_ref: 'docs/x' });
    expect((await forge.req('PATCH', `${base}/pulls/${pr.body.number}`, { token: owner.token, body: { base: 'not-exist' } })).status).toBe(404);
  });
});

describe('TestAPIPullReview', () => {
  it('pending with comments, submit, dismiss, undismiss, delete; the COMMENT rules and messages', async () => {
    const { base, name } = await pullRepo(forge, owner);
    const pr = await open(base, { title: 'F', head: 'feature', base: 'main' });
    const n = pr.body.number;
    const pullUrl = `http://localhost:3000/${owner.name}/${name}/pulls/${n}`;
    const reviewer = await forge.user('reviewer');
    // No event: PENDING, with its three comments (new line, old line of README.md, a new file).
    const pending = await review(base, n, reviewer.token, {
      body: 'body1',
      comments: [
        { path: 'README.md', body: 'first new line', old_position: 0, new_position: 1 },
        { path: 'README.md', body: 'first old line', old_position: 1, new_position: 0 },
        { path: 'a.txt', body: 'a new file', old_position: 0, new_position: 1 },
      ],
    });
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({ state: 'PENDING', comments_count: 3, pull_request_url: pullUrl, html_url: '' });
    const draft = (await forge.req('GET', `${base}/pulls/${n}/reviews/${pending.body.id}/comments`, { token: reviewer.token })).body;
    // While pending, the comments point at the files page.
    expect(draft[0].html_url).toBe(`${pullUrl}/files#issuecomment-${draft[0].id}`);
    // Nobody else sees a pending review.
    expect((await forge.req('GET', `${base}/pulls/${n}/reviews/${pending.body.id}`, { token: reader.token })).status).toBe(404);

    const submitted = await forge.req('POST', `${base}/pulls/${n}/reviews/${pending.body.id}`, {
      token: reviewer.token,
      body: { event: 'APPROVED', body: 'just two nits' },
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ id: pending.body.id, state: 'APPROVED', body: 'just two nits', comments_count: 3, dismissed: false, stale: false });
    expect(submitted.body.html_url).toMatch(new RegExp(`^${pullUrl}#issuecomment-\\d+$`));
    const list = (await forge.req('GET', `${base}/pulls/${n}/reviews`)).body;
    expect((await forge.req('GET', `${base}/pulls/${n}/reviews/${pending.body.id}`)).body).toEqual(list.find((r: any) => r.id === pending.body.id));
    const comments = (await forge.req('GET', `${base}/pulls/${n}/reviews/${pending.body.id}/comments`)).body;
    expect(comments.map((c: any) => [c.body, c.position, c.original_position, c.user.login])).toEqual([
      ['first new line', 1, 0, reviewer.name],
      ['first old line', 0, 1, reviewer.name],
      ['a new file', 1, 0, reviewer.name],
    ]);
    // Submitted: in the conversation.
    expect(comments[0].html_url).toBe(`${pullUrl}#issuecomment-${comments[0].id}`);
    expect(comments[0].pull_request_url).toBe(pullUrl);

    const dismissed = await forge.req('POST', `${base}/pulls/${n}/reviews/${pending.body.id}/dismissals`, { token: owner.token, body: { message: 'test' } });
    expect(dismissed.body).toMatchObject({ id: pending.body.id, dismissed: true, state: 'APPROVED' });
    const undismissed = await forge.req('POST', `${base}/pulls/${n}/reviews/${pending.body.id}/undismissals`, { token: owner.token });
    expect(undismissed.body).toMatchObject({ id: pending.body.id, dismissed: false });

    const justComment = await review(base, n, owner.token, { body: 'just a comment', event: 'COMMENT' });
    expect(justComment.body).toMatchObject({ state: 'COMMENT', comments_count: 0 });
    expect((await forge.req('DELETE', `${base}/pulls/${n}/reviews/${justComment.body.id}`, { token: owner.token })).status).toBe(204);

    const onlyComments = await review(base, n, owner.token, {
      event: 'COMMENT',
      comments: [
        { path: 'README.md', body: 'first new line', new_position: 1 },
        { path: 'README.md', body: 'first old line', old_position: 1 },
      ],
    });
    expect(onlyComments.body).toMatchObject({ state: 'COMMENT', comments_count: 2, body: '', dismissed: false });
    const onlyBody = await review(base, n, owner.token, { event: 'COMMENT', body: 'This is a body of the comment.', comments: [] });
    expect(onlyBody.body).toMatchObject({ state: 'COMMENT', comments_count: 0, body: 'This is a body of the comment.' });
    const nothing = await review(base, n, owner.token, { event: 'COMMENT', body: '', comments: [] });
    expect(nothing.status).toBe(422);
    expect(nothing.body.message).toBe('review event COMMENT requires a body or a comment');
  });
});

describe('TestAPIPullReviewRequest', () => {
  it('requests by name or email, refuses the poster (422) and unknown users (404), lets a reviewer decline only their own', async () => {
    const { base } = await pullRepo(forge, owner);
    const pr = await open(base, { title: 'F', head: 'feature', base: 'main' });
    const rr = `${base}/pulls/${pr.body.number}/requested_reviewers`;
    const [u4, u8] = [await forge.user('user4'), await forge.user('user8')];
    const add = await forge.req('POST', rr, { token: owner.token, body: { reviewers: [`${u4.name}@example.com`, u8.name] } });
    expect(add.status).toBe(201);
    expect(add.body.map((r: any) => [r.state, r.user.login])).toEqual([
      ['REQUEST_REVIEW', u4.name],
      ['REQUEST_REVIEW', u8.name],
    ]);
    expect((await forge.req('POST', rr, { token: owner.token, body: { reviewers: [owner.name] } })).status).toBe(422);
    expect((await forge.req('POST', rr, { token: owner.token, body: { reviewers: ['testOther'] } })).status).toBe(404);
    expect((await forge.req('DELETE', rr, { token: u4.token, body: { reviewers: [u4.name] } })).status).toBe(204);
    expect((await forge.req('DELETE', rr, { token: u4.token, body: { reviewers: [u8.name] } })).status).toBe(422);
    expect((await forge.req('DELETE', rr, { token: owner.token, body: { reviewers: [u8.name] } })).status).toBe(204);
    expect((await forge.req('POST', rr, { token: owner.token, body: {} })).status).toBe(201);
    expect((await forge.req('DELETE', rr, { token: owner.token, body: {} })).status).toBe(204);
    expect((await forge.req('GET', `${base}/pulls/${pr.body.number}`)).body.requested_reviewers).toEqual([]);
  });
});

describe('.diff and .patch (DownloadDiffOrPatch: git diff / git format-patch of merge base...head)', () => {
  it('are byte for byte what git gives for a multi-commit pull request, at the API path and at diff_url / patch_url', async () => {
    const { base, dir } = await pullRepo(forge, owner);
    const pr = await open(base, { title: 'F', head: 'feature', base: 'main' });
    const range = `${pr.body.merge_base}...refs/pull/${pr.body.number}/head`;
    const gitDiff = await gitCli(['diff', '-p', range], { cwd: dir });
    const gitPatch = await gitCli(['format-patch', '--binary', '--stdout', range], { cwd: dir });
    const diff = await forge.req('GET', `${base}/pulls/${pr.body.number}.diff`);
    const patch = await forge.req('GET', `${base}/pulls/${pr.body.number}.patch`);
    expect(diff.text).toBe(gitDiff);
    expect(patch.text).toBe(gitPatch);
    // Mailbox headers of each commit, numbered, and git's signature at the end.
    expect(patch.text).toMatch(
      /^From [0-9a-f]{40} Mon Sep 17 00:00:00 2001\nFrom: Alice Example <alice@example\.com>\nDate: .+\nSubject: \[PATCH 1\/2\] Feature one\n/,
    );
    expect(patch.text).toContain('Subject: [PATCH 2/2] Feature two\n');
    expect(patch.text).toMatch(/\n-- \n\d+\.\d+\.\d+.*\n\n$/);
    const viaDiffUrl = await web(pr.body.diff_url);
    expect([viaDiffUrl.status, viaDiffUrl.headers.get('Content-Type')]).toEqual([200, 'text/plain; charset=utf-8']);
    expect(viaDiffUrl.text).toBe(gitDiff);
    expect((await web(pr.body.patch_url)).text).toBe(gitPatch);
  });

  it('diff_url of a private repository is 404 to strangers and served to readers with a token', async () => {
    const { base, name } = await pullRepo(forge, owner, { private: true });
    const pr = await open(base, { title: 'F', head: 'feature', base: 'main' });
    expect(pr.body.diff_url).toBe(`http://localhost:3000/${owner.name}/${name}/pulls/${pr.body.number}.diff`);
    expect((await web(pr.body.diff_url)).status).toBe(404);
    expect((await web(pr.body.diff_url, owner.token)).status).toBe(200);
    expect((await web(`http://localhost:3000/${owner.name}/${name}/pulls/99.diff`, owner.token)).status).toBe(404);
  });
});

describe('a merged pull request (convert.ToAPIPullRequest, EditPullRequest, IsPullRequestMerged)', () => {
  it('says who merged what; its head ref is refs/pull/N/head once the branch is gone; any state change is 412', async () => {
    const { base, dir, shas } = await pullRepo(forge, owner);
    const pr = await open(base, { title: 'Docs', head: 'docs/x', base: 'main' });
    const n = pr.body.number;
    expect((await forge.req('GET', `${base}/pulls/${n}/merge`)).status).toBe(404);
    const merged = await forge.req('POST', `${base}/pulls/${n}/merge`, { token: owner.token, body: { Do: 'merge', delete_branch_after_merge: true } });
    expect(merged.status).toBe(200);
    expect((await forge.req('GET', `${base}/pulls/${n}/merge`)).status).toBe(204);
    const mainTip = (await gitCli(['rev-parse', 'refs/heads/main'], { cwd: dir })).trim();
    const got = (await forge.req('GET', `${base}/pulls/${n}`)).body;
    expect(got).toMatchObject({
      state: 'closed',
      merged: true,
      mergeable: true,
      merge_commit_sha: mainTip,
      merged_by: { login: owner.name },
      merge_base: shas.c2,
      base: { label: 'main', ref: 'main', sha: mainTip },
      head: { label: 'docs/x', ref: `refs/pull/${n}/head`, sha: shas.d1 },
    });
    expect(got.merged_at).not.toBeNull();
    expect(got.closed_at).toBe(got.merged_at);
    // The merge is the one timeline event of closing, then the branch deletion.
    const tl = (await forge.req('GET', `${base}/issues/${n}/timeline`)).body;
    expect(tl.map((t: any) => t.type)).toEqual(['pull_push', 'merge_pull', 'delete_branch']);
    expect(tl[2].old_ref).toBe('docs/x');
    // Still readable: its commits and files from the merge base.
    expect((await forge.req('GET', `${base}/pulls/${n}/commits`)).body.map((c: any) => c.sha)).toEqual([shas.d1]);
    expect((await forge.req('GET', `${base}/pulls/${n}/files`)).body.map((f: any) => f.filename)).toEqual(['docs.md']);
    for (const state of ['closed', 'open']) {
      const r = await forge.req('PATCH', `${base}/pulls/${n}`, { token: owner.token, body: { state } });
      expect([state, r.status]).toEqual([state, 412]);
    }
  });
});

describe('one pull request over real HTTP with the git CLI', () => {
  const exec = promisify(execFile);
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-pr-home-'));
  fs.writeFileSync(path.join(home, '.gitconfig'), '[user]\n\tname = Pat Pusher\n\temail = pat@example.com\n[init]\n\tdefaultBranch = main\n');
  const server = serve({ fetch: forge.app.fetch, port: 0, hostname: '127.0.0.1' });
  afterAll(() => {
    server.close();
    fs.rmSync(home, { recursive: true, force: true });
  });
  const git = async (cwd: string, ...args: string[]) =>
    (await exec('git', args, { cwd, env: { PATH: process.env.PATH, HOME: home, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', LC_ALL: 'C' } })).stdout;
  const write = (dir: string, file: string, text: string) => fs.writeFileSync(path.join(dir, file), text);

  it('clone, push a branch, open, push again, conflict and resolve, merge; a fresh clone has what Gitea makes', async () => {
    await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const name = uniq('flow');
    expect((await forge.req('POST', '/user/repos', { token: owner.token, body: { name, auto_init: true, default_branch: 'main' } })).status).toBe(201);
    const base = `/repos/${owner.name}/${name}`;
    const remote = `${origin.replace('://', `://${owner.name}:${owner.token}@`)}/${owner.name}/${name}.git`;
    const work = fs.mkdtempSync(path.join(home, 'w-'));
    await git(work, 'clone', '--quiet', remote, 'a');
    const a = path.join(work, 'a');

    // A topic branch with one commit, pushed; then the pull request.
    await git(a, 'checkout', '--quiet', '-b', 'topic');
    write(a, 'topic.txt', 'one\n');
    write(a, 'shared.txt', 'from topic\n');
    await git(a, 'add', '.');
    await git(a, 'commit', '--quiet', '-m', 'Add topic');
    await git(a, 'push', '--quiet', 'origin', 'topic');
    const first = (await git(a, 'rev-parse', 'HEAD')).trim();
    const pr = await open(base, { title: 'Add topic', head: 'topic', base: 'main' });
    expect(pr.status).toBe(201);
    const n = pr.body.number;
    expect(pr.body).toMatchObject({ mergeable: true, head: { ref: 'topic', sha: first }, changed_files: 2, additions: 2, deletions: 0 });

    // A second push: the pull request follows.
    write(a, 'topic.txt', 'one\ntwo\n');
    await git(a, 'commit', '--quiet', '-am', 'More topic');
    await git(a, 'push', '--quiet', 'origin', 'topic');
    const second = (await git(a, 'rev-parse', 'HEAD')).trim();
    const afterPush = (await forge.req('GET', `${base}/pulls/${n}`)).body;
    expect(afterPush).toMatchObject({ mergeable: true, head: { sha: second }, additions: 3, changed_files: 2 });
    expect((await forge.req('GET', `${base}/pulls/${n}/commits`)).body.map((c: any) => c.sha)).toEqual([second, first]);
    const files = (await forge.req('GET', `${base}/pulls/${n}/files`)).body;
    expect(files.map((f: any) => [f.filename, f.status, f.additions])).toEqual([
      ['shared.txt', 'added', 1],
      ['topic.txt', 'added', 2],
    ]);
    const pushes = (await forge.req('GET', `${base}/issues/${n}/timeline`)).body.filter((t: any) => t.type === 'pull_push');
    expect(pushes.map((t: any) => JSON.parse(t.body))).toEqual([
      { is_force_push: false, commit_ids: [first] },
      { is_force_push: false, commit_ids: [second] },
    ]);

    // Someone pushes a conflicting shared.txt to main: not mergeable, and merging is refused.
    await git(work, 'clone', '--quiet', remote, 'b');
    const b = path.join(work, 'b');
    write(b, 'shared.txt', 'from main\n');
    await git(b, 'add', '.');
    await git(b, 'commit', '--quiet', '-m', 'Shared on main');
    await git(b, 'push', '--quiet', 'origin', 'main');
    const conflicted = (await forge.req('GET', `${base}/pulls/${n}`)).body;
    expect(conflicted).toMatchObject({ mergeable: false, conflicted_files: ['shared.txt'] });
    expect((await forge.req('POST', `${base}/pulls/${n}/merge`, { token: owner.token, body: { Do: 'merge' } })).status).toBe(405);

    // The author merges main into topic, resolving, and pushes: mergeable again.
    await git(a, 'pull', '--quiet', '--no-rebase', '--no-edit', 'origin', 'main').catch(() => '');
    write(a, 'shared.txt', 'from both\n');
    await git(a, 'add', 'shared.txt');
    await git(a, 'commit', '--quiet', '--no-edit');
    await git(a, 'push', '--quiet', 'origin', 'topic');
    const resolved = (await git(a, 'rev-parse', 'HEAD')).trim();
    const ready = (await forge.req('GET', `${base}/pulls/${n}`)).body;
    expect(ready).toMatchObject({ mergeable: true, conflicted_files: [], head: { sha: resolved } });

    const merged = await forge.req('POST', `${base}/pulls/${n}/merge`, { token: owner.token, body: { Do: 'merge', delete_branch_after_merge: true } });
    expect(merged.status).toBe(200);

    // What a fresh clone sees: a merge commit of main's tip and the topic head, with Gitea's message.
    await git(work, 'clone', '--quiet', remote, 'c');
    const c = path.join(work, 'c');
    const mainBefore = (await git(b, 'rev-parse', 'HEAD')).trim();
    const [parents, subject] = (await git(c, 'log', '-1', '--format=%P%n%s', 'main')).trim().split('\n');
    expect(parents!.split(' ')).toEqual([mainBefore, resolved]);
    expect(subject).toBe(`Merge pull request 'Add topic' (#${n}) from topic into main`);
    expect(fs.readFileSync(path.join(c, 'shared.txt'), 'utf8')).toBe('from both\n');
    expect(fs.readFileSync(path.join(c, 'topic.txt'), 'utf8')).toBe('one\ntwo\n');
    const remoteRefs = await git(c, 'ls-remote', 'origin');
    expect(remoteRefs).not.toContain('refs/heads/topic');
    expect(remoteRefs).toContain(`${resolved}\trefs/pull/${n}/head`);
    const final = (await forge.req('GET', `${base}/pulls/${n}`)).body;
    expect(final).toMatchObject({
      merged: true,
      state: 'closed',
      merge_commit_sha: (await git(c, 'rev-parse', 'main')).trim(),
      head: { ref: `refs/pull/${n}/head`, sha: resolved },
    });
  });
});
