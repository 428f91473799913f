// Notifications of pull requests (issue #20): opening tells the repository's watchers and the users
// asked to review, a review tells the author, a push to the head tells those concerned, a merge
// shows as the thread's state; never the actor.
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestForge, type TestForge } from './helpers.ts';
import { pullRepo, pushLike, writeCommit } from './pulls-helpers.ts';

let forge: TestForge;
type User = Awaited<ReturnType<TestForge['user']>>;

beforeAll(async () => {
  forge = await createTestForge();
});

const threads = async (u: User) => (await forge.req('GET', '/notifications?all=true', { token: u.token })).body as any[];
const unread = async (u: User) => (await forge.req('GET', '/notifications/new', { token: u.token })).body.new as number;
const readAll = (u: User) => forge.req('PUT', '/notifications', { token: u.token });

describe('pull request notifications', () => {
  it('opened, reviewed, pushed to and merged', async () => {
    const owner = await forge.user('owner');
    const r = await pullRepo(forge, owner);
    const watcher = await forge.user('watcher');
    const author = await forge.user('author');
    const reviewer = await forge.user('reviewer');
    await forge.req('PUT', `${r.base}/collaborators/${author.name}`, { token: owner.token, body: { permission: 'write' } });
    await forge.req('PUT', `${r.base}/subscription`, { token: watcher.token });

    const pr = await forge.req('POST', `${r.base}/pulls`, { token: author.token, body: { head: 'feature', base: 'main', title: 'Add feature' } });
    expect(pr.status).toBe(201);
    const [w] = await threads(watcher);
    expect(w.subject).toMatchObject({
      title: 'Add feature',
      type: 'Pull',
      state: 'open',
      url: expect.stringMatching(/\/issues\/\d+$/),
      html_url: expect.stringMatching(/\/pulls\/\d+$/),
    });
    expect(await unread(author)).toBe(0);
    expect(await unread(owner)).toBe(0);

    // Asked to review: only the reviewer hears of it.
    await readAll(watcher);
    expect(
      (await forge.req('POST', `${r.base}/pulls/${pr.body.number}/requested_reviewers`, { token: author.token, body: { reviewers: [reviewer.name] } })).status,
    ).toBe(201);
    expect((await threads(reviewer)).map((t) => t.subject.title)).toEqual(['Add feature']);
    expect(await unread(watcher)).toBe(0);

    // A review tells the author (and the watcher); not the reviewer.
    await readAll(reviewer);
    const review = await forge.req('POST', `${r.base}/pulls/${pr.body.number}/reviews`, {
      token: reviewer.token,
      body: { event: 'COMMENT', body: 'Looks fine' },
    });
    expect(review.status).toBe(200);
    expect(await unread(author)).toBe(1);
    expect(await unread(reviewer)).toBe(0);

    // New commits on the head: the participants (author, reviewer) and the watcher; not the pusher.
    await Promise.all([readAll(author), readAll(watcher)]);
    await pushLike(forge, r.repo.id, r.dir, owner.id, () => writeCommit(r.dir, 'feature', r.shas.f2!, { 'c.txt': 'c\n' }));
    expect([await unread(author), await unread(reviewer), await unread(watcher), await unread(owner)]).toEqual([1, 1, 1, 0]);

    const merged = await forge.req('POST', `${r.base}/pulls/${pr.body.number}/merge`, { token: owner.token, body: { Do: 'merge' } });
    expect(merged.status).toBe(200);
    const [t] = await threads(author);
    expect(t.subject.state).toBe('merged');
    expect(await unread(owner)).toBe(0);
  });

  it('a thread of a muted pull request stays quiet, but a review request for the muted user still comes', async () => {
    const owner = await forge.user('owner');
    const r = await pullRepo(forge, owner);
    const reviewer = await forge.user('reviewer');
    const pr = await forge.req('POST', `${r.base}/pulls`, { token: owner.token, body: { head: 'feature', base: 'main', title: 'Muted' } });
    const sub = `${r.base}/issues/${pr.body.number}/subscriptions/${reviewer.name}`;
    // Not following it, muting stores nothing (Gitea: 200); once following, muting is a change (201).
    expect((await forge.req('DELETE', sub, { token: reviewer.token })).status).toBe(200);
    expect((await forge.req('PUT', sub, { token: reviewer.token })).status).toBe(201);
    expect((await forge.req('DELETE', sub, { token: reviewer.token })).status).toBe(201);
    await forge.req('POST', `${r.base}/issues/${pr.body.number}/comments`, { token: owner.token, body: { body: `@${reviewer.name} look` } });
    // Mentioned: told even though muted, as Gitea tells mentioned users one by one.
    expect(await unread(reviewer)).toBe(1);
    await readAll(reviewer);
    await forge.req('POST', `${r.base}/issues/${pr.body.number}/comments`, { token: owner.token, body: { body: 'no mention' } });
    expect(await unread(reviewer)).toBe(0);
    await forge.req('POST', `${r.base}/pulls/${pr.body.number}/requested_reviewers`, { token: owner.token, body: { reviewers: [reviewer.name] } });
    expect(await unread(reviewer)).toBe(1);
  });
});
