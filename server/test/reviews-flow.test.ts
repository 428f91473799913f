// The review journey through the whole API: open a pull request with a reviewer, review it with
// inline comments, push a fix through the branch API, see what went outdated, approve.
import { describe, expect, it } from 'vitest';
import { createTestForge, uniq } from './helpers.ts';
import { createFixtureRepo } from './git-fixtures.ts';
import { commitTo, lines } from './reviews-fixtures.ts';
import { gitCli } from './git-cli.ts';

const forge = await createTestForge();

describe('reviewing a pull request end to end', () => {
  it('requested reviewer reviews, a push outdates the changed line only, the approval is fresh', async () => {
    const owner = await forge.user('owner');
    const author = await forge.user('author');
    const alice = await forge.user('alice');
    const name = uniq('repo');
    const { dir } = await createFixtureRepo(forge.deps, owner, name, [
      { id: 'base', message: 'Base', files: { 'a.txt': lines(30) } },
      { branch: 'feature', from: 'base', message: 'Change', files: { 'a.txt': lines(30, { 5: 'changed 5', 25: 'changed 25' }) } },
    ]);
    const base = `/repos/${owner.name}/${name}`;
    const open = await forge.req('POST', `${base}/pulls`, {
      token: author.token,
      body: { title: 'Change', head: 'feature', base: 'main', reviewers: [alice.name] },
    });
    expect(open.status).toBe(201);
    const pull = `${base}/pulls/${open.body.number}`;
    expect(open.body.requested_reviewers.map((u: any) => u.login)).toEqual([alice.name]);

    const review = await forge.req('POST', `${pull}/reviews`, {
      token: alice.token,
      body: {
        event: 'REQUEST_CHANGES',
        body: 'Two things',
        comments: [
          { path: 'a.txt', body: 'why?', new_position: 25 },
          { path: 'a.txt', body: 'nice', new_position: 5 },
        ],
      },
    });
    expect(review.status).toBe(200);
    expect(review.body.commit_id).toBe(open.body.head.sha);
    // As Gitea: the reviewer stays in requested_reviewers with her verdict (the latest review of each
    // reviewer), and review_comments counts submitted reviews, not their inline comments.
    const afterReview = (await forge.req('GET', pull)).body;
    expect(afterReview.requested_reviewers.map((u: any) => u.login)).toEqual([alice.name]);
    expect(afterReview.review_comments).toBe(1);

    // The author pushes a fix of line 25 (the branch API moves the branch; the pull request follows).
    const head = open.body.head.sha;
    await gitCli(['update-ref', 'refs/heads/scratch', head], { cwd: dir });
    const fix = await commitTo(dir, 'scratch', { 'a.txt': lines(30, { 5: 'changed 5', 25: 'fixed 25' }) }, 'Fix');
    const moved = await forge.req('PUT', `${base}/branches/feature`, { token: owner.token, body: { new_commit_id: fix } });
    expect(moved.status).toBe(204);
    expect((await forge.req('GET', pull)).body.head.sha).toBe(fix);

    const comments = (await forge.req('GET', `${pull}/reviews/${review.body.id}/comments`)).body;
    expect(comments.map((c: any) => [c.body, c.outdated, c.position])).toEqual([
      ['why?', true, 25],
      ['nice', false, 5],
    ]);
    expect(comments[1].commit_id).toBe(fix);
    expect((await forge.req('GET', `${pull}/reviews/${review.body.id}`)).body.stale).toBe(true);

    const approve = await forge.req('POST', `${pull}/reviews`, { token: alice.token, body: { event: 'APPROVED', body: 'Thanks' } });
    expect(approve.body).toMatchObject({ state: 'APPROVED', commit_id: fix, stale: false, official: false });

    const tl = (await forge.req('GET', `${base}/issues/${open.body.number}/timeline`)).body;
    // Opening leaves a pull_push with the first commits, as Gitea.
    expect(tl.map((t: any) => t.type)).toEqual(['pull_push', 'review_request', 'review', 'pull_push', 'review']);
    expect(tl[1]).toMatchObject({ assignee: { login: alice.name }, removed_assignee: false, user: { login: author.name } });
    expect(tl[2]).toMatchObject({ review_id: review.body.id, body: 'Two things' });
  });
});
