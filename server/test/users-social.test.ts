// Following users, starring and watching repositories, over the real API and SQLite.
import { describe, expect, it } from 'vitest';
import { createTestForge } from './helpers.ts';

const forge = await createTestForge();

async function repo(owner: { name: string; token: string }, name: string, isPrivate = false) {
  const r = await forge.req('POST', '/user/repos', { token: owner.token, body: { name, private: isPrivate } });
  expect(r.status).toBe(201);
  return r.body;
}

const counts = async (name: string, token?: string) => {
  const r = await forge.req('GET', `/users/${name}`, { token });
  return { followers: r.body.followers_count, following: r.body.following_count, stars: r.body.starred_repos_count };
};

describe('follow', () => {
  it('follows and unfollows with 204, keeps both counts, and answers the checks with 204/404', async () => {
    const a = await forge.user('fa');
    const b = await forge.user('fb');
    expect((await forge.req('GET', `/user/following/${b.name}`, { token: a.token })).status).toBe(404);
    expect((await forge.req('GET', `/users/${a.name}/following/${b.name}`)).status).toBe(404);

    expect((await forge.req('PUT', `/user/following/${b.name}`, { token: a.token })).status).toBe(204);
    // Following again changes nothing.
    expect((await forge.req('PUT', `/user/following/${b.name}`, { token: a.token })).status).toBe(204);
    expect(await counts(a.name)).toMatchObject({ followers: 0, following: 1 });
    expect(await counts(b.name)).toMatchObject({ followers: 1, following: 0 });
    expect((await forge.req('GET', `/user/following/${b.name}`, { token: a.token })).status).toBe(204);
    expect((await forge.req('GET', `/users/${a.name}/following/${b.name}`)).status).toBe(204);
    // The relation has a direction.
    expect((await forge.req('GET', `/users/${b.name}/following/${a.name}`)).status).toBe(404);

    const followers = await forge.req('GET', `/users/${b.name}/followers`);
    expect(followers.status).toBe(200);
    expect(followers.body.map((u: any) => u.login)).toEqual([a.name]);
    expect(followers.headers.get('x-total-count')).toBe('1');
    expect((await forge.req('GET', `/users/${a.name}/following`)).body.map((u: any) => u.login)).toEqual([b.name]);
    expect((await forge.req('GET', '/user/following', { token: a.token })).body.map((u: any) => u.login)).toEqual([b.name]);
    expect((await forge.req('GET', '/user/followers', { token: b.token })).body.map((u: any) => u.login)).toEqual([a.name]);
    expect((await forge.req('GET', '/user', { token: b.token })).body.followers_count).toBe(1);

    expect((await forge.req('DELETE', `/user/following/${b.name}`, { token: a.token })).status).toBe(204);
    expect((await forge.req('DELETE', `/user/following/${b.name}`, { token: a.token })).status).toBe(204);
    expect(await counts(b.name)).toMatchObject({ followers: 0 });
    expect(await counts(a.name)).toMatchObject({ following: 0 });
    expect((await forge.req('GET', `/users/${b.name}/followers`)).body).toEqual([]);
  });

  it('pages follower lists', async () => {
    const star = await forge.user('popular');
    const fans = [await forge.user('fan'), await forge.user('fan'), await forge.user('fan')];
    for (const f of fans) await forge.req('PUT', `/user/following/${star.name}`, { token: f.token });
    const p1 = await forge.req('GET', `/users/${star.name}/followers?limit=2&page=1`);
    const p2 = await forge.req('GET', `/users/${star.name}/followers?limit=2&page=2`);
    expect(p1.body).toHaveLength(2);
    expect(p2.body).toHaveLength(1);
    expect(p1.headers.get('x-total-count')).toBe('3');
    expect(new Set([...p1.body, ...p2.body].map((u: any) => u.login))).toEqual(new Set(fans.map((f) => f.name)));
  });

  it('ignores following oneself, needs a token, and is 404 for unknown or hidden users', async () => {
    const a = await forge.user('self');
    expect((await forge.req('PUT', `/user/following/${a.name}`, { token: a.token })).status).toBe(204);
    expect(await counts(a.name)).toMatchObject({ followers: 0, following: 0 });
    expect((await forge.req('PUT', `/user/following/${a.name}`)).status).toBe(401);
    expect((await forge.req('GET', '/user/followers')).status).toBe(401);
    expect((await forge.req('PUT', '/user/following/nobody-here', { token: a.token })).status).toBe(404);
    expect((await forge.req('GET', '/users/nobody-here/followers')).status).toBe(404);

    const hidden = await forge.user('hidden');
    expect((await forge.req('PATCH', '/user/settings', { token: hidden.token, body: { visibility: 'private' } })).status).toBe(200);
    expect((await forge.req('PUT', `/user/following/${hidden.name}`, { token: a.token })).status).toBe(404);
    expect((await forge.req('GET', `/users/${hidden.name}/following`)).status).toBe(404);
    expect((await forge.req('GET', `/users/${hidden.name}/followers`, { token: forge.admin.token })).status).toBe(200);
  });

  it('leaves hidden users out of follower lists', async () => {
    const target = await forge.user('tgt');
    const shy = await forge.user('shy');
    const open = await forge.user('open');
    await forge.req('PUT', `/user/following/${target.name}`, { token: shy.token });
    await forge.req('PUT', `/user/following/${target.name}`, { token: open.token });
    await forge.req('PATCH', '/user/settings', { token: shy.token, body: { visibility: 'limited' } });
    expect((await forge.req('GET', `/users/${target.name}/followers`)).body.map((u: any) => u.login)).toEqual([open.name]);
    const signedIn = await forge.req('GET', `/users/${target.name}/followers`, { token: open.token });
    expect(signedIn.body.map((u: any) => u.login).sort()).toEqual([open.name, shy.name].sort());
  });
});

describe('stars', () => {
  it('stars and unstars with 204, counts on the repository and the user, lists both ways', async () => {
    const owner = await forge.user('own');
    const fan = await forge.user('starrer');
    const r = await repo(owner, 'shiny');
    const path = `/user/starred/${owner.name}/shiny`;
    expect((await forge.req('GET', path, { token: fan.token })).status).toBe(404);
    expect((await forge.req('PUT', path, { token: fan.token })).status).toBe(204);
    expect((await forge.req('PUT', path, { token: fan.token })).status).toBe(204);
    expect((await forge.req('GET', path, { token: fan.token })).status).toBe(204);
    expect((await forge.req('GET', `/repos/${owner.name}/shiny`)).body.stars_count).toBe(1);
    expect((await counts(fan.name)).stars).toBe(1);

    const mine = await forge.req('GET', '/user/starred', { token: fan.token });
    expect(mine.body.map((x: any) => x.id)).toEqual([r.id]);
    expect((await forge.req('GET', `/users/${fan.name}/starred`)).body.map((x: any) => x.full_name)).toEqual([`${owner.name}/shiny`]);
    const gazers = await forge.req('GET', `/repos/${owner.name}/shiny/stargazers`);
    expect(gazers.body.map((u: any) => u.login)).toEqual([fan.name]);
    expect(gazers.headers.get('x-total-count')).toBe('1');

    expect((await forge.req('DELETE', path, { token: fan.token })).status).toBe(204);
    expect((await forge.req('DELETE', path, { token: fan.token })).status).toBe(204);
    expect((await forge.req('GET', path, { token: fan.token })).status).toBe(404);
    expect((await forge.req('GET', `/repos/${owner.name}/shiny`)).body.stars_count).toBe(0);
    expect((await counts(fan.name)).stars).toBe(0);
    expect((await forge.req('GET', `/repos/${owner.name}/shiny/stargazers`)).body).toEqual([]);
  });

  it('hides private repositories: 404 to star or list for those who cannot read, and out of starred lists', async () => {
    const owner = await forge.user('priv');
    const other = await forge.user('outsider');
    await repo(owner, 'secret', true);
    await repo(owner, 'open');
    expect((await forge.req('PUT', `/user/starred/${owner.name}/secret`, { token: other.token })).status).toBe(404);
    expect((await forge.req('GET', `/repos/${owner.name}/secret/stargazers`)).status).toBe(404);
    expect((await forge.req('GET', `/repos/${owner.name}/secret/stargazers`, { token: other.token })).status).toBe(404);
    expect((await forge.req('PUT', `/user/starred/${owner.name}/secret`, { token: owner.token })).status).toBe(204);
    expect((await forge.req('PUT', `/user/starred/${owner.name}/open`, { token: owner.token })).status).toBe(204);
    // The owner's own star on a private repository shows to the owner only.
    expect((await forge.req('GET', `/users/${owner.name}/starred`)).body.map((x: any) => x.name)).toEqual(['open']);
    expect((await forge.req('GET', `/users/${owner.name}/starred`, { token: owner.token })).body.map((x: any) => x.name).sort()).toEqual(['open', 'secret']);
    expect((await forge.req('GET', `/user/starred/${owner.name}/nope`, { token: owner.token })).status).toBe(404);
    expect((await forge.req('PUT', `/user/starred/${owner.name}/open`)).status).toBe(401);
  });
});

describe('watching', () => {
  it('watches with 200 WatchInfo, unwatches with 204, counts watchers and lists subscriptions', async () => {
    const owner = await forge.user('wown');
    const w = await forge.user('watcher');
    const r = await repo(owner, 'watched');
    expect(r.watchers_count).toBe(1);
    expect((await forge.req('GET', `/repos/${owner.name}/watched/subscription`, { token: owner.token })).body.subscribed).toBe(true);
    const sub = `/repos/${owner.name}/watched/subscription`;
    expect((await forge.req('GET', sub, { token: w.token })).status).toBe(404);
    const put = await forge.req('PUT', sub, { token: w.token });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({
      subscribed: true,
      ignored: false,
      reason: null,
      created_at: r.created_at,
      url: `http://localhost:3000/api/v1/repos/${owner.name}/watched/subscription`,
      repository_url: `http://localhost:3000/api/v1/repos/${owner.name}/watched`,
    });
    expect((await forge.req('PUT', sub, { token: w.token })).status).toBe(200);
    expect((await forge.req('GET', sub, { token: w.token })).body.subscribed).toBe(true);
    // The creator watches from the start (Gitea's AUTO_WATCH_NEW_REPOS), then the watcher.
    expect((await forge.req('GET', `/repos/${owner.name}/watched`)).body.watchers_count).toBe(2);
    expect((await forge.req('GET', `/repos/${owner.name}/watched/subscribers`)).body.map((u: any) => u.login)).toEqual([owner.name, w.name]);
    expect((await forge.req('GET', '/user/subscriptions', { token: w.token })).body.map((x: any) => x.id)).toEqual([r.id]);
    expect((await forge.req('GET', `/users/${w.name}/subscriptions`)).body.map((x: any) => x.id)).toEqual([r.id]);

    expect((await forge.req('DELETE', sub, { token: w.token })).status).toBe(204);
    expect((await forge.req('GET', sub, { token: w.token })).status).toBe(404);
    expect((await forge.req('GET', `/repos/${owner.name}/watched`)).body.watchers_count).toBe(1);
    expect((await forge.req('GET', '/user/subscriptions', { token: w.token })).body).toEqual([]);
  });

  it('needs a token and read access', async () => {
    const owner = await forge.user('wpriv');
    const other = await forge.user('wother');
    await repo(owner, 'hush', true);
    // A private repository is not there for anonymous callers (Gitea's repoAssignment before reqToken).
    expect((await forge.req('PUT', `/repos/${owner.name}/hush/subscription`)).status).toBe(404);
    for (const path of [`/repos/${owner.name}/hush/subscription`, `/repos/${owner.name}/hush/notifications`, `/repos/${owner.name}/nothing/notifications`]) {
      expect((await forge.req('GET', path)).status).toBe(404);
    }
    expect((await forge.req('PUT', `/repos/${owner.name}/hush/notifications`)).status).toBe(404);
    expect((await forge.req('PUT', `/repos/${owner.name}/hush/subscription`, { token: other.token })).status).toBe(404);
    expect((await forge.req('GET', `/repos/${owner.name}/hush/subscribers`, { token: other.token })).status).toBe(404);
    expect((await forge.req('PUT', `/repos/${owner.name}/hush/subscription`, { token: owner.token })).status).toBe(200);
    expect((await forge.req('GET', `/users/${owner.name}/subscriptions`, { token: other.token })).body).toEqual([]);
    // Even one who may read the repository does not see it in another user's lists (Gitea: private
    // ones only for the user themself), so they never tell which private repositories someone follows.
    await forge.req('PUT', `/repos/${owner.name}/hush/collaborators/${other.name}`, { token: owner.token, body: { permission: 'read' } });
    await forge.req('PUT', `/user/starred/${owner.name}/hush`, { token: owner.token });
    expect((await forge.req('GET', `/repos/${owner.name}/hush`, { token: other.token })).status).toBe(200);
    expect((await forge.req('GET', `/users/${owner.name}/subscriptions`, { token: other.token })).body).toEqual([]);
    expect((await forge.req('GET', `/users/${owner.name}/starred`, { token: other.token })).body).toEqual([]);
    expect((await forge.req('GET', `/users/${owner.name}/subscriptions`, { token: owner.token })).body.map((x: any) => x.name)).toEqual(['hush']);
  });
});

describe('GET /repos/search?starredBy', () => {
  it('lists the repositories a user starred', async () => {
    const owner = await forge.user('starred');
    const fan = await forge.user('starfan');
    await repo(owner, 'liked');
    await repo(owner, 'ignored');
    await forge.req('PUT', `/user/starred/${owner.name}/liked`, { token: fan.token });
    const fanId = (await forge.req('GET', `/users/${fan.name}`)).body.id;
    const r = await forge.req('GET', `/repos/search?starredBy=${fanId}`);
    expect(r.body.data.map((x: any) => x.full_name)).toEqual([`${owner.name}/liked`]);
  });
});

describe('forgetRepoSocial (for repository deletion)', () => {
  it('takes the stars off the stargazers and drops the rows', async () => {
    const { forgetRepoSocial } = await import('../src/services/user-social.ts');
    const owner = await forge.user('gone');
    const fan = await forge.user('gonefan');
    const r = await repo(owner, 'doomed');
    await repo(owner, 'stays');
    await forge.req('PUT', `/user/starred/${owner.name}/doomed`, { token: fan.token });
    await forge.req('PUT', `/user/starred/${owner.name}/stays`, { token: fan.token });
    await forge.req('PUT', `/repos/${owner.name}/doomed/subscription`, { token: fan.token });
    expect((await counts(fan.name)).stars).toBe(2);
    await forge.deps.db.transaction().execute((tx) => forgetRepoSocial(tx, r.id));
    expect((await counts(fan.name)).stars).toBe(1);
    // Deleting a repository through the API does the same in its transaction.
    expect((await forge.req('DELETE', `/repos/${owner.name}/stays`, { token: owner.token })).status).toBe(204);
    expect((await counts(fan.name)).stars).toBe(0);
    const { db } = forge.deps;
    expect(await db.selectFrom('star').select('id').where('repo_id', '=', r.id).execute()).toEqual([]);
    expect(await db.selectFrom('watch').select('id').where('repo_id', '=', r.id).execute()).toEqual([]);
  });
});
