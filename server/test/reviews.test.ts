import { describe, expect, it } from 'vitest';
import { createTestForge } from './helpers.ts';
import { commitTo, createPull, lines, moveHead, type TestPull } from './reviews-fixtures.ts';
import { afterPullHeadChange } from '../src/services/pulls/staleness.ts';
import { requestReviews } from '../src/services/pulls/review-requests.ts';
import { requestedReviewerIds, reviewCommentCounts } from '../src/services/pulls/review-read.ts';

const forge = await createTestForge();
const db = forge.deps.db;

const onA = (body: string, line: number, side: 'new' | 'old' = 'new') =>
  side === 'new' ? { path: 'a.txt', body, new_position: line } : { path: 'a.txt', body, old_position: line };

async function timeline(pr: TestPull, token?: string) {
  return (await forge.req('GET', `${pr.base}/issues/${pr.index}/timeline`, { token })).body as any[];
}

async function actions(pr: TestPull) {
  return db
    .selectFrom('action')
    .select(['op_type', 'act_user_id', 'content', 'comment_id'])
    .where('repo_id', '=', pr.repo.id)
    .where('user_id', '=', pr.owner.id)
    .orderBy('id')
    .execute();
}

async function headMoves(pr: TestPull, files: Record<string, string | null>) {
  const old = pr.head;
  const sha = await commitTo(pr.dir, 'feature', files);
  await moveHead(forge, pr, sha);
  const issue = await db.selectFrom('issue').selectAll().where('id', '=', pr.issueId).executeTakeFirstOrThrow();
  const repo = await db.selectFrom('repository').selectAll().where('id', '=', pr.repo.id).executeTakeFirstOrThrow();
  await afterPullHeadChange(forge.deps, repo, issue, old, sha);
  pr.head = sha;
  return sha;
}

describe('creating reviews', () => {
  it('approves, requests changes and comments with Gitea states, official for writers only', async () => {
    const pr = await createPull(forge);
    const reader = await forge.user('reader');
    const ok = await forge.req('POST', `${pr.pull}/reviews`, { token: reader.token, body: { event: 'APPROVED', body: 'LGTM' } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      state: 'APPROVED',
      body: 'LGTM',
      commit_id: pr.head,
      stale: false,
      official: false,
      dismissed: false,
      comments_count: 0,
      team: null,
      user: { login: reader.name },
      pull_request_url: `http://localhost:3000/${pr.owner.name}/${pr.repo.name}/pulls/${pr.index}`,
    });
    expect(ok.body.html_url).toMatch(new RegExp(`/pulls/${pr.index}#issuecomment-\\d+$`));

    const rc = await forge.req('POST', `${pr.pull}/reviews`, { token: pr.owner.token, body: { event: 'REQUEST_CHANGES', body: 'Please fix' } });
    expect(rc.status).toBe(200);
    expect(rc.body).toMatchObject({ state: 'REQUEST_CHANGES', official: true, user: { login: pr.owner.name } });

    const cm = await forge.req('POST', `${pr.pull}/reviews`, { token: pr.author.token, body: { event: 'COMMENT', body: 'Thanks' } });
    expect(cm.body).toMatchObject({ state: 'COMMENT', official: false });

    const list = await forge.req('GET', `${pr.pull}/reviews`);
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBe('3');
    expect(list.body.map((r: any) => r.state)).toEqual(['APPROVED', 'REQUEST_CHANGES', 'COMMENT']);
    const one = await forge.req('GET', `${pr.pull}/reviews/${rc.body.id}`, { token: pr.owner.token });
    expect(one.body).toEqual(rc.body);
    const page2 = await forge.req('GET', `${pr.pull}/reviews?limit=2&page=2`);
    expect(page2.body.map((r: any) => r.id)).toEqual([cm.body.id]);
  });

  it('refuses approving or rejecting your own pull request and events without the body they need', async () => {
    const pr = await createPull(forge);
    const own = await forge.req('POST', `${pr.pull}/reviews`, { token: pr.author.token, body: { event: 'APPROVED' } });
    expect(own.status).toBe(422);
    expect(own.body.message).toBe('approve your own pull is not allowed');
    const ownReject = await forge.req('POST', `${pr.pull}/reviews`, { token: pr.author.token, body: { event: 'REQUEST_CHANGES', body: 'no' } });
    expect(ownReject.status).toBe(422);
    expect(ownReject.body.message).toBe('reject your own pull is not allowed');
    const noBody = await forge.req('POST', `${pr.pull}/reviews`, { token: pr.owner.token, body: { event: 'REQUEST_CHANGES', body: '  ' } });
    expect(noBody.status).toBe(422);
    expect(noBody.body.message).toBe('review event REQUEST_CHANGES requires a body');
    const empty = await forge.req('POST', `${pr.pull}/reviews`, { token: pr.owner.token, body: { event: 'COMMENT', body: '', comments: [] } });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe('review event COMMENT requires a body or a comment');
    const bad = await forge.req('POST', `${pr.pull}/reviews`, { token: pr.owner.token, body: { event: 'NOPE' } });
    expect(bad.status).toBe(422);
    // Approving without a body is fine, and nothing was left behind by the refusals.
    expect((await forge.req('POST', `${pr.pull}/reviews`, { token: pr.owner.token, body: { event: 'APPROVED' } })).status).toBe(200);
    expect((await forge.req('GET', `${pr.pull}/reviews`, { token: pr.owner.token })).body).toHaveLength(1);
  });

  it("a COMMENT review may be only inline comments; their hunk, positions and commits are Gitea's", async () => {
    const pr = await createPull(forge);
    const reader = await forge.user('reader');
    const res = await forge.req('POST', `${pr.pull}/reviews`, {
      token: reader.token,
      body: { event: 'COMMENT', comments: [onA('new side', 5), onA('old side', 5, 'old')] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'COMMENT', body: '', comments_count: 2 });
    const comments = await forge.req('GET', `${pr.pull}/reviews/${res.body.id}/comments`);
    expect(comments.status).toBe(200);
    const [nc, oc] = comments.body;
    expect(nc).toMatchObject({
      body: 'new side',
      path: 'a.txt',
      position: 5,
      original_position: 0,
      commit_id: pr.head,
      original_commit_id: pr.head,
      pull_request_review_id: res.body.id,
      resolver: null,
      outdated: false,
      user: { login: reader.name },
      // The hunk header recomputed for the last four lines up to the commented one.
      diff_hunk: '@@ -3,3 +3,3 @@\n line 3\n line 4\n-line 5\n+changed 5',
      // Gitea's Comment.HTMLURL: a comment of a submitted review points at the conversation.
      html_url: `http://localhost:3000/${pr.owner.name}/${pr.repo.name}/pulls/${pr.index}#issuecomment-${nc.id}`,
    });
    // Short enough: the hunk is kept whole up to the line, with its own header.
    expect(oc).toMatchObject({ body: 'old side', position: 0, original_position: 5, diff_hunk: '@@ -2,7 +2,7 @@ line 1\n line 2\n line 3\n line 4\n-line 5' });
    // Stored as Gitea stores it: line < 0 for the old side, patch with the file headers.
    const rows = await db.selectFrom('comment').selectAll().where('review_id', '=', res.body.id).orderBy('id').execute();
    expect(rows.map((r) => [r.type, r.line, r.tree_path])).toEqual([
      [21, 5, 'a.txt'],
      [21, -5, 'a.txt'],
      [22, 0, ''],
    ]);
    expect(rows[0]!.patch.startsWith('diff --git a/a.txt b/a.txt\n--- a/a.txt\n+++ b/a.txt\n@@ -3,3 +3,3 @@')).toBe(true);
  });

  it('refuses inline comments on a file the pull request does not change, or with no line', async () => {
    const pr = await createPull(forge);
    const notInDiff = await forge.req('POST', `${pr.pull}/reviews`, {
      token: pr.owner.token,
      body: { event: 'COMMENT', comments: [onA('fine', 5), { path: 'b.txt', body: 'x', new_position: 1 }] },
    });
    expect(notInDiff.status).toBe(422);
    expect(notInDiff.body.message).toBe('comments[1].path: b.txt is not changed in this pull request');
    const noLine = await forge.req('POST', `${pr.pull}/reviews`, {
      token: pr.owner.token,
      body: { event: 'COMMENT', comments: [{ path: 'a.txt', body: 'x' }] },
    });
    expect(noLine.status).toBe(422);
    const missing = await forge.req('POST', `${pr.pull}/reviews`, {
      token: pr.owner.token,
      body: { event: 'COMMENT', comments: [{ path: '-p', body: 'x', new_position: 1 }] },
    });
    expect(missing.status).toBe(422);
    expect(await db.selectFrom('comment').select('id').where('issue_id', '=', pr.issueId).execute()).toEqual([]);
    expect(await db.selectFrom('review').select('id').where('issue_id', '=', pr.issueId).execute()).toEqual([]);
  });
});

describe('pending reviews', () => {
  it('collects comments in one pending review per user, hidden from others, then submits it', async () => {
    const pr = await createPull(forge);
    const reviewer = await forge.user('reviewer');
    const other = await forge.user('other');
    // As Gitea, starting or adding to a pending review needs a body (replaced when it is submitted).
    const bodiless = await forge.req('POST', `${pr.pull}/reviews`, { token: reviewer.token, body: { comments: [onA('one', 5)] } });
    expect([bodiless.status, bodiless.body.message]).toEqual([422, 'review event PENDING requires a body']);
    const first = await forge.req('POST', `${pr.pull}/reviews`, { token: reviewer.token, body: { body: 'draft', comments: [onA('one', 5)] } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ state: 'PENDING', comments_count: 1, html_url: '' });
    const second = await forge.req('POST', `${pr.pull}/reviews`, {
      token: reviewer.token,
      body: { event: 'PENDING', body: 'draft', comments: [onA('two', 25)] },
    });
    expect(second.body).toMatchObject({ id: first.body.id, state: 'PENDING', comments_count: 2 });

    // Only the reviewer (and site admins) see a pending review.
    expect((await forge.req('GET', `${pr.pull}/reviews`, { token: other.token })).body).toEqual([]);
    expect((await forge.req('GET', `${pr.pull}/reviews`)).headers.get('x-total-count')).toBe('0');
    expect((await forge.req('GET', `${pr.pull}/reviews/${first.body.id}`, { token: other.token })).status).toBe(404);
    expect((await forge.req('GET', `${pr.pull}/reviews/${first.body.id}/comments`, { token: other.token })).status).toBe(404);
    expect((await forge.req('GET', `${pr.pull}/reviews`, { token: reviewer.token })).body.map((r: any) => r.id)).toEqual([first.body.id]);
    expect((await forge.req('GET', `${pr.pull}/reviews`, { token: forge.admin.token })).body).toHaveLength(1);
    expect((await forge.req('POST', `${pr.pull}/reviews/${first.body.id}`, { token: other.token, body: { event: 'APPROVED' } })).status).toBe(404);
    // Nothing in the timeline yet.
    expect(await timeline(pr)).toEqual([]);

    const stay = await forge.req('POST', `${pr.pull}/reviews/${first.body.id}`, { token: reviewer.token, body: { event: 'PENDING', body: 'still' } });
    expect(stay.status).toBe(422);
    expect(stay.body.message).toBe('review stay pending');
    const done = await forge.req('POST', `${pr.pull}/reviews/${first.body.id}`, {
      token: reviewer.token,
      body: { event: 'REQUEST_CHANGES', body: 'Two nits' },
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: first.body.id, state: 'REQUEST_CHANGES', body: 'Two nits', comments_count: 2, commit_id: pr.head });
    expect((await forge.req('GET', `${pr.pull}/reviews`, { token: other.token })).body.map((r: any) => r.id)).toEqual([first.body.id]);
    const again = await forge.req('POST', `${pr.pull}/reviews/${first.body.id}`, { token: reviewer.token, body: { event: 'APPROVED' } });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('only a pending review can be submitted');

    // A new review with a verdict takes a pending review along with it.
    const p2 = await forge.req('POST', `${pr.pull}/reviews`, { token: other.token, body: { body: 'draft', comments: [onA('c', 5)] } });
    const verdict = await forge.req('POST', `${pr.pull}/reviews`, { token: other.token, body: { event: 'COMMENT', comments: [onA('d', 25)] } });
    expect(verdict.body).toMatchObject({ id: p2.body.id, state: 'COMMENT', comments_count: 2 });
  });

  it('submitting a COMMENT needs a body unless the pending review has comments', async () => {
    const pr = await createPull(forge);
    const reviewer = await forge.user('reviewer');
    const pending = await forge.req('POST', `${pr.pull}/reviews`, { token: reviewer.token, body: { body: 'draft' } });
    expect(pending.body).toMatchObject({ state: 'PENDING', body: 'draft', comments_count: 0 });
    const noBody = await forge.req('POST', `${pr.pull}/reviews/${pending.body.id}`, { token: reviewer.token, body: { event: 'COMMENT' } });
    expect(noBody.status).toBe(422);
    expect(noBody.body.message).toBe('review event COMMENT requires a body or a comment');
    await forge.req('POST', `${pr.pull}/reviews`, { token: reviewer.token, body: { body: 'draft', comments: [onA('x', 5)] } });
    const ok = await forge.req('POST', `${pr.pull}/reviews/${pending.body.id}`, { token: reviewer.token, body: { event: 'COMMENT' } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ state: 'COMMENT', body: '', comments_count: 1 });
  });
});

describe('the timeline and the activity feed', () => {
  it('shows review rows with their review id and body, never the inline comments', async () => {
    const pr = await createPull(forge);
    const reviewer = await forge.user('reviewer');
    const r = await forge.req('POST', `${pr.pull}/reviews`, {
      token: reviewer.token,
      body: { event: 'APPROVED', body: 'Ship it', comments: [onA('nice', 5)] },
    });
    const tl = await timeline(pr);
    expect(tl.map((t) => t.type)).toEqual(['review']);
    expect(tl[0]).toMatchObject({
      review_id: r.body.id,
      body: 'Ship it',
      user: { login: reviewer.name },
      pull_request_url: expect.stringContaining(`/pulls/${pr.index}`),
    });
    expect(r.body.html_url).toBe(tl[0].html_url);
  });

  it('records approve_pull_request, reject_pull_request and comment_pull as Gitea', async () => {
    const pr = await createPull(forge);
    const a = await forge.user('a');
    const b = await forge.user('b');
    await forge.req('POST', `${pr.pull}/reviews`, { token: a.token, body: { event: 'APPROVED', body: 'Good\nmore' } });
    await forge.req('POST', `${pr.pull}/reviews`, { token: b.token, body: { event: 'REQUEST_CHANGES', body: 'Bad' } });
    // A COMMENT review without a body: only its inline comment makes an entry.
    const c = await forge.req('POST', `${pr.pull}/reviews`, { token: a.token, body: { event: 'COMMENT', comments: [onA('inline', 5)] } });
    const inline = (await forge.req('GET', `${pr.pull}/reviews/${c.body.id}/comments`)).body[0];
    // A plain comment on a pull request is comment_pull too.
    await forge.req('POST', `${pr.base}/issues/${pr.index}/comments`, { token: b.token, body: { body: 'plain' } });
    const acts = await actions(pr);
    expect(acts.map((x) => [x.op_type, x.act_user_id, x.content])).toEqual([
      ['approve_pull_request', a.id, `${pr.index}|Good`],
      ['reject_pull_request', b.id, `${pr.index}|Bad`],
      ['comment_pull', a.id, `${pr.index}|inline`],
      ['comment_pull', b.id, `${pr.index}|plain`],
    ]);
    expect(acts[2]!.comment_id).toBe(inline.id);
  });
});

describe('deleting reviews', () => {
  it('lets the reviewer or a site admin delete a review with its comments and timeline row', async () => {
    const pr = await createPull(forge);
    const reviewer = await forge.user('reviewer');
    const r = await forge.req('POST', `${pr.pull}/reviews`, { token: reviewer.token, body: { event: 'COMMENT', body: 'hm', comments: [onA('x', 5)] } });
    // Not even the repository owner may delete someone else's review.
    expect((await forge.req('DELETE', `${pr.pull}/reviews/${r.body.id}`, { token: pr.owner.token })).status).toBe(403);
    expect((await forge.req('DELETE', `${pr.pull}/reviews/${r.body.id}`)).status).toBe(401);
    expect((await forge.req('DELETE', `${pr.pull}/reviews/${r.body.id}`, { token: reviewer.token })).status).toBe(204);
    expect((await forge.req('GET', `${pr.pull}/reviews/${r.body.id}`)).status).toBe(404);
    expect(await timeline(pr)).toEqual([]);
    expect(await db.selectFrom('comment').select('id').where('issue_id', '=', pr.issueId).execute()).toEqual([]);
    const r2 = await forge.req('POST', `${pr.pull}/reviews`, { token: reviewer.token, body: { event: 'COMMENT', body: 'again' } });
    expect((await forge.req('DELETE', `${pr.pull}/reviews/${r2.body.id}`, { token: forge.admin.token })).status).toBe(204);
  });

  it('answers 404 for a review of another pull request', async () => {
    const pr = await createPull(forge);
    const pr2 = await createPull(forge, { owner: pr.owner });
    const r = await forge.req('POST', `${pr.pull}/reviews`, { token: pr.owner.token, body: { event: 'APPROVED' } });
    expect((await forge.req('GET', `${pr2.pull}/reviews/${r.body.id}`)).status).toBe(404);
    expect((await forge.req('GET', `${pr.base}/pulls/99/reviews`)).status).toBe(404);
  });
});

describe('dismissing reviews', () => {
  it('repository admins dismiss and undismiss verdicts; the dismissal joins the timeline', async () => {
    const pr = await createPull(forge);
    const reader = await forge.user('reader');
    const r = await forge.req('POST', `${pr.pull}/reviews`, { token: reader.token, body: { event: 'APPROVED', body: 'ok' } });
    const byReader = await forge.req('POST', `${pr.pull}/reviews/${r.body.id}/dismissals`, { token: reader.token, body: { message: 'no' } });
    expect(byReader.status).toBe(403);
    expect(byReader.body.message).toBe('Must be repo admin');
    expect((await forge.req('POST', `${pr.pull}/reviews/${r.body.id}/dismissals`, { body: {} })).status).toBe(401);

    const d = await forge.req('POST', `${pr.pull}/reviews/${r.body.id}/dismissals`, { token: pr.owner.token, body: { message: 'outdated approval' } });
    expect(d.status).toBe(200);
    expect(d.body).toMatchObject({ id: r.body.id, dismissed: true, state: 'APPROVED' });
    const tl = await timeline(pr);
    expect(tl.map((t) => t.type)).toEqual(['review', 'dismiss_review']);
    expect(tl[1]).toMatchObject({ review_id: r.body.id, body: 'outdated approval', user: { login: pr.owner.name } });
    const row = await db.selectFrom('comment').select('type').where('id', '=', tl[1].id).executeTakeFirstOrThrow();
    expect(row.type).toBe(32);
    expect((await actions(pr)).at(-1)).toMatchObject({ op_type: 'pull_review_dismissed', content: `${pr.index}|${reader.name}|outdated approval` });

    const u = await forge.req('POST', `${pr.pull}/reviews/${r.body.id}/undismissals`, { token: pr.owner.token });
    expect(u.status).toBe(200);
    expect(u.body.dismissed).toBe(false);
    expect((await timeline(pr)).map((t) => t.type)).toEqual(['review', 'dismiss_review']);
  });

  it('only verdicts can be dismissed, priors go with them, and never on a closed pull request', async () => {
    const pr = await createPull(forge);
    const reader = await forge.user('reader');
    const c = await forge.req('POST', `${pr.pull}/reviews`, { token: reader.token, body: { event: 'COMMENT', body: 'x' } });
    const notVerdict = await forge.req('POST', `${pr.pull}/reviews/${c.body.id}/dismissals`, { token: pr.owner.token, body: {} });
    expect(notVerdict.status).toBe(403);

    const first = await forge.req('POST', `${pr.pull}/reviews`, { token: reader.token, body: { event: 'REQUEST_CHANGES', body: 'fix' } });
    const second = await forge.req('POST', `${pr.pull}/reviews`, { token: reader.token, body: { event: 'APPROVED' } });
    // A new verdict supersedes the reviewer's earlier one.
    expect((await forge.req('GET', `${pr.pull}/reviews/${first.body.id}`)).body.dismissed).toBe(true);
    await forge.req('POST', `${pr.pull}/reviews/${first.body.id}/undismissals`, { token: pr.owner.token });
    expect((await forge.req('GET', `${pr.pull}/reviews/${first.body.id}`)).body.dismissed).toBe(false);
    await forge.req('POST', `${pr.pull}/reviews/${second.body.id}/dismissals`, { token: pr.owner.token, body: { message: 'all', priors: true } });
    expect((await forge.req('GET', `${pr.pull}/reviews/${first.body.id}`)).body.dismissed).toBe(true);

    await db.updateTable('issue').set({ is_closed: 1 }).where('id', '=', pr.issueId).execute();
    const closed = await forge.req('POST', `${pr.pull}/reviews/${second.body.id}/undismissals`, { token: pr.owner.token });
    expect(closed.status).toBe(403);
    expect(closed.body.message).toBe("can't dismiss a review associated to a closed or merged PR");
  });
});

describe('reviews of a closed or merged pull request', () => {
  it('refuses approving or rejecting, still takes comments', async () => {
    const pr = await createPull(forge);
    await db.updateTable('issue').set({ is_closed: 1 }).where('id', '=', pr.issueId).execute();
    const a = await forge.req('POST', `${pr.pull}/reviews`, { token: pr.owner.token, body: { event: 'APPROVED' } });
    expect(a.status).toBe(422);
    expect(a.body.message).toBe("can't submit review for a closed or merged PR");
    expect((await forge.req('POST', `${pr.pull}/reviews`, { token: pr.owner.token, body: { event: 'COMMENT', body: 'late' } })).status).toBe(200);
    const merged = await createPull(forge);
    await db.updateTable('pull_request').set({ has_merged: 1 }).where('issue_id', '=', merged.issueId).execute();
    expect((await forge.req('POST', `${merged.pull}/reviews`, { token: merged.owner.token, body: { event: 'REQUEST_CHANGES', body: 'x' } })).status).toBe(422);
  });
});

describe('requested reviewers', () => {
  it('adds and removes requests with review_request events; a review clears the request', async () => {
    const pr = await createPull(forge);
    const alice = await forge.user('alice');
    const bob = await forge.user('bob');
    const add = await forge.req('POST', `${pr.pull}/requested_reviewers`, {
      token: pr.owner.token,
      body: { reviewers: [alice.name, `${bob.name}@example.com`] },
    });
    expect(add.status).toBe(201);
    expect(add.body.map((r: any) => [r.state, r.user.login, r.official])).toEqual([
      ['REQUEST_REVIEW', alice.name, false],
      ['REQUEST_REVIEW', bob.name, false],
    ]);
    // Asking again changes nothing.
    const again = await forge.req('POST', `${pr.pull}/requested_reviewers`, { token: pr.owner.token, body: { reviewers: [alice.name] } });
    expect(again.status).toBe(201);
    expect(again.body).toEqual([]);
    expect((await requestedReviewerIds(db, [pr.issueId])).get(pr.issueId)).toEqual([alice.id, bob.id]);
    expect((await forge.req('GET', `${pr.pull}/reviews`)).body.map((r: any) => r.state)).toEqual(['REQUEST_REVIEW', 'REQUEST_REVIEW']);

    // Alice reviews: her request is answered.
    await forge.req('POST', `${pr.pull}/reviews`, { token: alice.token, body: { event: 'APPROVED' } });
    expect((await requestedReviewerIds(db, [pr.issueId])).get(pr.issueId)).toEqual([bob.id]);

    const del = await forge.req('DELETE', `${pr.pull}/requested_reviewers`, { token: pr.owner.token, body: { reviewers: [bob.name] } });
    expect(del.status).toBe(204);
    expect((await requestedReviewerIds(db, [pr.issueId])).get(pr.issueId)).toBeUndefined();

    const tl = (await timeline(pr)).filter((t) => t.type === 'review_request');
    expect(tl.map((t) => [t.assignee.login, t.removed_assignee, t.user.login])).toEqual([
      [alice.name, false, pr.owner.name],
      [bob.name, false, pr.owner.name],
      [bob.name, true, pr.owner.name],
    ]);
    expect(tl[0].review_id).toBe(add.body[0].id);
    const rows = await db
      .selectFrom('comment')
      .select(['type', 'assignee_id'])
      .where(
        'id',
        'in',
        tl.map((t) => t.id),
      )
      .execute();
    expect(rows.every((r) => r.type === 27)).toBe(true);
    // Removing a request that is not there is quietly nothing.
    expect((await forge.req('DELETE', `${pr.pull}/requested_reviewers`, { token: pr.owner.token, body: { reviewers: [bob.name] } })).status).toBe(204);
    expect((await timeline(pr)).filter((t) => t.type === 'review_request')).toHaveLength(3);
  });

  it('answers as Gitea for the poster, unknown users and teams, readers and who may choose', async () => {
    const pub = await createPull(forge);
    const poster = await forge.req('POST', `${pub.pull}/requested_reviewers`, { token: pub.owner.token, body: { reviewers: [pub.author.name] } });
    expect(poster.status).toBe(422);
    expect(poster.body.message).toBe(`poster of pr can't be reviewer [user_id: ${pub.owner.id}, repo_id: ${pub.repo.id}]`);

    const pr = await createPull(forge, { private: true });
    const stranger = await forge.user('stranger');
    const unknown = await forge.req('POST', `${pr.pull}/requested_reviewers`, { token: pr.owner.token, body: { reviewers: ['nobody-here'] } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("User 'nobody-here' not exist");
    const cannotRead = await forge.req('POST', `${pr.pull}/requested_reviewers`, { token: pr.owner.token, body: { reviewers: [stranger.name] } });
    expect(cannotRead.status).toBe(422);
    expect(cannotRead.body.message).toBe(`Reviewer can't read [user_id: ${pr.owner.id}, repo_id: ${pr.repo.id}]`);
    // A user's repository has no teams: Gitea ignores team names there.
    const teams = await forge.req('POST', `${pr.pull}/requested_reviewers`, { token: pr.owner.token, body: { team_reviewers: ['core'] } });
    expect(teams.status).toBe(201);
    expect(teams.body).toEqual([]);
    expect((await forge.req('POST', `${pr.pull}/requested_reviewers`, { token: pr.owner.token, body: {} })).status).toBe(201);

    const reader = await forge.user('reader');
    const other = await forge.user('other');
    const choose = await forge.req('POST', `${pub.pull}/requested_reviewers`, { token: reader.token, body: { reviewers: [other.name] } });
    expect(choose.status).toBe(422);
    expect(choose.body.message).toBe(`Doer can't choose reviewer [user_id: ${reader.id}, repo_id: ${pub.repo.id}]`);
    // The poster may choose reviewers; a reviewer may decline their own request but not others'.
    expect(
      (await forge.req('POST', `${pub.pull}/requested_reviewers`, { token: pub.author.token, body: { reviewers: [reader.name, other.name] } })).status,
    ).toBe(201);
    const notMine = await forge.req('DELETE', `${pub.pull}/requested_reviewers`, { token: reader.token, body: { reviewers: [other.name] } });
    expect(notMine.status).toBe(422);
    expect(notMine.body.message).toBe(`Doer can't remove reviewer [user_id: ${reader.id}, repo_id: ${pub.repo.id}]`);
    expect((await forge.req('DELETE', `${pub.pull}/requested_reviewers`, { token: reader.token, body: { reviewers: [reader.name] } })).status).toBe(204);
    expect((await requestedReviewerIds(db, [pub.issueId])).get(pub.issueId)).toEqual([other.id]);
    expect((await forge.req('POST', `${pub.pull}/requested_reviewers`, { body: { reviewers: [other.name] } })).status).toBe(401);
  });

  it('requestReviews (the reviewers of a new pull request) leaves the same requests and events, never for the poster', async () => {
    const pr = await createPull(forge);
    const alice = await forge.user('alice');
    const issue = await db.selectFrom('issue').selectAll().where('id', '=', pr.issueId).executeTakeFirstOrThrow();
    const repo = await db.selectFrom('repository').selectAll().where('id', '=', pr.repo.id).executeTakeFirstOrThrow();
    const poster = await db.selectFrom('user').selectAll().where('id', '=', pr.author.id).executeTakeFirstOrThrow();
    await requestReviews(forge.deps, repo, issue, poster, [alice.id, pr.author.id, pr.owner.id]);
    expect((await requestedReviewerIds(db, [pr.issueId])).get(pr.issueId)).toEqual([alice.id, pr.owner.id]);
    const list = (await forge.req('GET', `${pr.pull}/reviews`)).body;
    expect(list.map((r: any) => [r.state, r.user.login, r.official])).toEqual([
      ['REQUEST_REVIEW', alice.name, false],
      ['REQUEST_REVIEW', pr.owner.name, true],
    ]);
    const tl = await timeline(pr);
    expect(tl.map((t) => [t.type, t.user.login, t.assignee.login])).toEqual([
      ['review_request', pr.author.name, alice.name],
      ['review_request', pr.author.name, pr.owner.name],
    ]);
  });

  it('refuses a re-review request once the pull request is closed', async () => {
    const pr = await createPull(forge);
    const reader = await forge.user('reader');
    await forge.req('POST', `${pr.pull}/reviews`, { token: reader.token, body: { event: 'APPROVED' } });
    await db.updateTable('issue').set({ is_closed: 1 }).where('id', '=', pr.issueId).execute();
    const res = await forge.req('POST', `${pr.pull}/requested_reviewers`, { token: pr.owner.token, body: { reviewers: [reader.name] } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('cannot request a re-review on a closed or merged PR');
  });
});

describe('permissions', () => {
  it('private pull requests are 404 to strangers; writes need a token; readers may review', async () => {
    const pr = await createPull(forge, { private: true });
    const stranger = await forge.user('stranger');
    const r = await forge.req('POST', `${pr.pull}/reviews`, { token: pr.owner.token, body: { event: 'APPROVED', comments: [onA('x', 5)] } });
    expect((await forge.req('GET', `${pr.pull}/reviews`, { token: stranger.token })).status).toBe(404);
    expect((await forge.req('GET', `${pr.pull}/reviews`)).status).toBe(404);
    expect((await forge.req('GET', `${pr.pull}/reviews/${r.body.id}`, { token: stranger.token })).status).toBe(404);
    expect((await forge.req('GET', `${pr.pull}/reviews/${r.body.id}/comments`, { token: stranger.token })).status).toBe(404);
    expect((await forge.req('POST', `${pr.pull}/reviews`, { token: stranger.token, body: { event: 'COMMENT', body: 'x' } })).status).toBe(404);
    expect((await forge.req('POST', `${pr.pull}/requested_reviewers`, { token: stranger.token, body: { reviewers: [] } })).status).toBe(404);
    expect((await forge.req('POST', `${pr.pull}/reviews/${r.body.id}/dismissals`, { token: stranger.token, body: {} })).status).toBe(404);

    const pub = await createPull(forge);
    expect((await forge.req('POST', `${pub.pull}/reviews`, { body: { event: 'COMMENT', body: 'x' } })).status).toBe(401);
    expect((await forge.req('POST', `${pub.pull}/reviews/1`, { body: { event: 'COMMENT', body: 'x' } })).status).toBe(401);
    expect((await forge.req('GET', `${pub.pull}/reviews`)).status).toBe(200);
    const reader = await forge.user('reader');
    expect((await forge.req('POST', `${pub.pull}/reviews`, { token: reader.token, body: { event: 'COMMENT', body: 'x' } })).status).toBe(200);
  });

  it('an archived repository refuses new reviews with 423', async () => {
    const pr = await createPull(forge);
    await db.updateTable('repository').set({ is_archived: 1 }).where('id', '=', pr.repo.id).execute();
    expect((await forge.req('POST', `${pr.pull}/reviews`, { token: pr.owner.token, body: { event: 'APPROVED' } })).status).toBe(423);
  });
});

describe('after the head moves', () => {
  it('outdates a comment whose line changed, keeps and moves the others, and marks reviews stale', async () => {
    const pr = await createPull(forge);
    const reviewer = await forge.user('reviewer');
    const r = await forge.req('POST', `${pr.pull}/reviews`, {
      token: reviewer.token,
      body: { event: 'APPROVED', comments: [onA('on 5', 5), onA('on 25', 25), onA('old 5', 5, 'old')] },
    });
    const commentsNow = async () => (await forge.req('GET', `${pr.pull}/reviews/${r.body.id}/comments`)).body as any[];
    const first = pr.head;

    // Line 25 changes again: its comment is outdated, the one on line 5 is not.
    const second = await headMoves(pr, { 'a.txt': lines(30, { 5: 'changed 5', 25: 'changed 25 again' }) });
    let [c5, c25, old5] = await commentsNow();
    expect([c5.outdated, c25.outdated, old5.outdated]).toEqual([false, true, false]);
    expect(c5).toMatchObject({ position: 5, commit_id: second, original_commit_id: first });
    // What the reviewer saw stays as it was.
    expect(c25.diff_hunk.endsWith('+changed 25')).toBe(true);
    expect((await forge.req('GET', `${pr.pull}/reviews/${r.body.id}`)).body.stale).toBe(true);

    // Two lines inserted at the top: line 5 is now line 7, not changed.
    await headMoves(pr, { 'a.txt': `top 1\ntop 2\n${lines(30, { 5: 'changed 5', 25: 'changed 25 again' })}` });
    [c5, c25, old5] = await commentsNow();
    expect(c5).toMatchObject({ outdated: false, position: 7, original_position: 0 });
    expect(c25).toMatchObject({ outdated: true, position: 25 });
    // The old side is counted in the merge base, which did not move.
    expect(old5).toMatchObject({ outdated: false, original_position: 5, position: 0 });

    // The file goes away: every comment on it is outdated.
    await headMoves(pr, { 'a.txt': null, 'c.txt': 'new\n' });
    [c5] = await commentsNow();
    expect(c5.outdated).toBe(true);
  });

  it('a review of the new head is fresh again; the base moving outdates changed old-side lines', async () => {
    const pr = await createPull(forge);
    const reviewer = await forge.user('reviewer');
    const first = pr.head;
    const r = await forge.req('POST', `${pr.pull}/reviews`, {
      token: reviewer.token,
      body: { event: 'REQUEST_CHANGES', body: 'x', comments: [onA('old 5', 5, 'old'), onA('old 25', 25, 'old')] },
    });
    const second = await headMoves(pr, { 'b.txt': 'touched\n' });
    expect((await forge.req('GET', `${pr.pull}/reviews/${r.body.id}`)).body.stale).toBe(true);
    // A force push back to the reviewed commit.
    await moveHead(forge, pr, first);
    const issue = await db.selectFrom('issue').selectAll().where('id', '=', pr.issueId).executeTakeFirstOrThrow();
    const repo = await db.selectFrom('repository').selectAll().where('id', '=', pr.repo.id).executeTakeFirstOrThrow();
    await afterPullHeadChange(forge.deps, repo, issue, second, first);
    expect((await forge.req('GET', `${pr.pull}/reviews/${r.body.id}`)).body.stale).toBe(false);

    // main changes line 25 and is merged into feature: the merge base moves past that line.
    const mainSha = await commitTo(pr.dir, 'main', { 'a.txt': lines(30, { 25: 'base 25' }) });
    const { gitCli } = await import('./git-cli.ts');
    const env = { GIT_AUTHOR_NAME: 'T', GIT_AUTHOR_EMAIL: 't@e.com', GIT_COMMITTER_NAME: 'T', GIT_COMMITTER_EMAIL: 't@e.com' };
    const tree = (await gitCli(['rev-parse', `${first}^{tree}`], { cwd: pr.dir })).trim();
    const merge = (await gitCli(['commit-tree', tree, '-p', first, '-p', mainSha, '-m', 'Merge main'], { cwd: pr.dir, env })).trim();
    await gitCli(['update-ref', 'refs/heads/feature', merge], { cwd: pr.dir });
    await moveHead(forge, pr, merge);
    await afterPullHeadChange(forge.deps, repo, issue, first, merge);
    const [o5, o25] = (await forge.req('GET', `${pr.pull}/reviews/${r.body.id}/comments`)).body;
    expect([o5.outdated, o25.outdated]).toEqual([false, true]);
  });

  it('counts review comments and requested reviewers for many pull requests in one call', async () => {
    const a = await createPull(forge);
    const b = await createPull(forge, { owner: a.owner });
    const reviewer = await forge.user('reviewer');
    await forge.req('POST', `${a.pull}/reviews`, { token: reviewer.token, body: { event: 'COMMENT', comments: [onA('1', 5), onA('2', 25)] } });
    await forge.req('POST', `${a.pull}/reviews`, { token: reviewer.token, body: { event: 'COMMENT', body: 'and more' } });
    await forge.req('POST', `${b.pull}/reviews`, { token: reviewer.token, body: { event: 'COMMENT', comments: [onA('1', 5)] } });
    // A pending review is not counted.
    await forge.req('POST', `${b.pull}/reviews`, { token: a.owner.token, body: { comments: [onA('p', 5)] } });
    await forge.req('POST', `${b.pull}/requested_reviewers`, { token: a.owner.token, body: { reviewers: [reviewer.name] } });
    // Gitea's review_comments counts the submitted reviews (its LoadReviewCommentsCounts), not their inline comments.
    const counts = await reviewCommentCounts(db, [a.issueId, b.issueId]);
    expect([counts.get(a.issueId), counts.get(b.issueId)]).toEqual([2, 1]);
    const req = await requestedReviewerIds(db, [a.issueId, b.issueId]);
    expect([req.get(a.issueId), req.get(b.issueId)]).toEqual([undefined, [reviewer.id]]);
  });
});
