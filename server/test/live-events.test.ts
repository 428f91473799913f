// Issue #20, live pages: GET /api/v1/events streams a repository's domain events (type and ids)
// and the signed-in user's own channel as Server-Sent Events, authorised as the reads are; with two
// server processes on PostgreSQL an event written through one reaches streams of the other
// (LISTEN/NOTIFY).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RECENT_MS } from '../src/services/live/hub.ts';
import { createTestForge } from './helpers.ts';
import { ownerWithRepo, userRow } from './issues-helpers.ts';
import { pullRepo, pushLike, writeCommit } from './pulls-helpers.ts';
import { readSse, type SseStream } from './sse-client.ts';
import { startServer } from './cli-process.ts';
import { freshPostgresDatabase } from './pg-databases.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.ts';

const forge = await createTestForge();
const open: SseStream[] = [];
afterAll(async () => {
  await Promise.all(open.map((s) => s.close()));
});

async function stream(query: string, token?: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const res = await forge.app.request(`/api/v1/events${query}`, {
    headers: { 'Accept-Encoding': 'gzip, br', ...(token ? { Authorization: `token ${token}` } : {}), ...headers },
  });
  const s = readSse(res);
  open.push(s);
  return s;
}

describe('live event stream', () => {
  it('a reader hears a comment, with ids only; a reconnect is told to resync', async () => {
    const { owner, repo, base } = await ownerWithRepo(forge);
    const reader = await forge.user('reader');
    const issue = await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'Live', body: 'secret body' } });
    expect(issue.status).toBe(201);
    const s = await stream(`?repo=${owner.name}/${repo.name}`, reader.token);
    expect(s.status).toBe(200);
    expect(s.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.headers.get('content-encoding')).toBeNull();
    // The issue was opened just before: the page may have read its data before it, so it refetches.
    expect((await s.next('ready')).data).toEqual({ recent: true });
    const comment = await forge.req('POST', `${base}/issues/1/comments`, { token: owner.token, body: { body: 'private words' } });
    expect(comment.status).toBe(201);
    const e = await s.next('issue.commented');
    expect(e.data).toEqual({ type: 'issue.commented', actor: owner.name, repo: `${owner.name}/${repo.name}`, issue: 1, pull: false, comment: comment.body.id });
    expect(e.id).toBeTruthy();
    expect(JSON.stringify(s.events)).not.toContain('private words');

    const again = await stream(`?repo=${owner.name}/${repo.name}`, reader.token, { 'Last-Event-ID': e.id! });
    expect((await again.next(() => true)).event).toBe('resync');
  });

  it('a new stream is told of an event only while one may have come after the page read its data', async () => {
    const { owner, repo, base } = await ownerWithRepo(forge);
    expect((await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'Quiet later' } })).status).toBe(201);
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: now + RECENT_MS + 1000 });
    try {
      const quiet = await stream(`?repo=${owner.name}/${repo.name}`, owner.token);
      expect((await quiet.next('ready')).data).toEqual({});
    } finally {
      vi.useRealTimers();
    }
    expect((await forge.req('POST', `${base}/issues/1/comments`, { token: owner.token, body: { body: 'Now' } })).status).toBe(201);
    const busy = await stream(`?repo=${owner.name}/${repo.name}`, owner.token);
    expect((await busy.next('ready')).data).toEqual({ recent: true });
  });

  it('a push, a status and a merge of a pull request reach the stream', async () => {
    const owner = await forge.user('owner');
    const r = await pullRepo(forge, owner);
    const pr = await forge.req('POST', `${r.base}/pulls`, { token: owner.token, body: { base: 'main', head: 'feature', title: 'Feature' } });
    expect(pr.status).toBe(201);
    const s = await stream(`?repo=${owner.name}/${r.name}`, owner.token);
    await s.next('ready');
    await pushLike(forge, r.repo.id, r.dir, owner.id, () => writeCommit(r.dir, 'feature', r.shas.f2!, { 'c.txt': 'c\n' }));
    const head = await s.next('pull.head-changed');
    expect(head.data).toMatchObject({ issue: pr.body.number, pull: true });
    expect((await s.next('push')).data).toMatchObject({ type: 'push', ref: 'refs/heads/feature' });
    expect((await forge.req('POST', `${r.base}/statuses/${head.data.sha}`, { token: owner.token, body: { state: 'success', context: 'ci' } })).status).toBe(
      201,
    );
    expect((await s.next('status.created')).data).toMatchObject({ sha: head.data.sha });
    expect((await forge.req('POST', `${r.base}/pulls/${pr.body.number}/merge`, { token: owner.token, body: { Do: 'merge' } })).status).toBe(200);
    expect((await s.next('pull.merged')).data).toMatchObject({ issue: pr.body.number, pull: true });
  });

  it('a private repository: 404 for a stranger and for anonymous, 200 for a collaborator; anonymous without a repository is 401', async () => {
    const { owner, repo } = await ownerWithRepo(forge, { private: true });
    const stranger = await forge.user('stranger');
    const q = `?repo=${owner.name}/${repo.name}`;
    for (const token of [stranger.token, undefined]) {
      const res = await forge.app.request(`/api/v1/events${q}`, { headers: token ? { Authorization: `token ${token}` } : {} });
      expect(res.status).toBe(404);
      expect((await res.json()).message).toBeTruthy();
    }
    expect((await forge.app.request('/api/v1/events?repo=nobody/nothing')).status).toBe(404);
    expect((await forge.app.request('/api/v1/events')).status).toBe(401);
    expect(
      (await forge.req('PUT', `/repos/${owner.name}/${repo.name}/collaborators/${stranger.name}`, { token: owner.token, body: { permission: 'read' } })).status,
    ).toBe(204);
    const s = await stream(q, stranger.token);
    expect(s.status).toBe(200);
    await s.next('ready');
  });

  it("another repository's events are not delivered", async () => {
    const a = await ownerWithRepo(forge);
    const b = await ownerWithRepo(forge);
    for (const x of [a, b]) expect((await forge.req('POST', `${x.base}/issues`, { token: x.owner.token, body: { title: 'T' } })).status).toBe(201);
    const s = await stream(`?repo=${a.owner.name}/${a.repo.name}`, a.owner.token);
    await s.next('ready');
    expect((await forge.req('POST', `${b.base}/issues/1/comments`, { token: b.owner.token, body: { body: 'elsewhere' } })).status).toBe(201);
    expect((await forge.req('POST', `${a.base}/issues/1/comments`, { token: a.owner.token, body: { body: 'here' } })).status).toBe(201);
    await s.next('issue.commented');
    expect(s.events.filter((e) => e.event !== 'ready').map((e) => e.data.repo)).toEqual([`${a.owner.name}/${a.repo.name}`]);
  });

  it('a collaborator who loses access has the stream closed instead of hearing more', async () => {
    const { owner, repo, base } = await ownerWithRepo(forge, { private: true });
    const collab = await forge.user('collab');
    expect((await forge.req('PUT', `${base}/collaborators/${collab.name}`, { token: owner.token, body: { permission: 'read' } })).status).toBe(204);
    expect((await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'T' } })).status).toBe(201);
    const s = await stream(`?repo=${owner.name}/${repo.name}`, collab.token);
    await s.next('ready');
    expect((await forge.req('DELETE', `${base}/collaborators/${collab.name}`, { token: owner.token })).status).toBe(204);
    expect((await forge.req('POST', `${base}/issues/1/comments`, { token: owner.token, body: { body: 'after' } })).status).toBe(201);
    await s.ended;
    expect(s.events.map((e) => e.event)).toEqual(['ready']);
  });

  it("the user channel: notifications.changed reaches that user's streams only", async () => {
    const { owner, repo } = await ownerWithRepo(forge);
    const other = await forge.user('other');
    const mine = await stream('', owner.token);
    const theirs = await stream(`?repo=${owner.name}/${repo.name}`, other.token);
    await mine.next('ready');
    await theirs.next('ready');
    const actor = await userRow(forge, other.name);
    const ownerRow = await userRow(forge, owner.name);
    await forge.deps.events!.emit({ type: 'notifications.changed', actor, repository: { repo, owner: ownerRow }, users: [ownerRow.id] }, forge.deps);
    expect((await mine.next('notifications.changed')).data).toEqual({ type: 'notifications.changed' });
    // The other user's stream hears the next repository event and never the owner's inbox change.
    expect((await forge.req('POST', `/repos/${owner.name}/${repo.name}/issues`, { token: owner.token, body: { title: 'T' } })).status).toBe(201);
    await theirs.next('issue.opened');
    expect(theirs.events.map((e) => e.event)).toEqual(['ready', 'issue.opened']);
  });
});

describe('two server processes on PostgreSQL: LISTEN/NOTIFY', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-live-'));
  let servers: Awaited<ReturnType<typeof startServer>>[] = [];
  let proxy: RoundRobinProxy | undefined;
  let drop: () => Promise<void> = async () => {};
  let token = '';
  const owner = 'forge-admin';

  beforeAll(async () => {
    const database = await freshPostgresDatabase();
    drop = database.drop;
    servers = [await startServer(dataDir, { FORGE_DATABASE_URL: database.url })];
    servers.push(await startServer(dataDir, { FORGE_DATABASE_URL: database.url }));
    proxy = await startRoundRobinProxy(servers.map((s) => s.base));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
    await proxy?.close();
    await Promise.all(
      servers.map(async (s) => {
        s.child.kill('SIGTERM');
        const timer = setTimeout(() => s.killAll(), 10_000);
        await s.exited;
        clearTimeout(timer);
      }),
    );
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (base: string, method: string, url: string, body?: unknown, auth = `token ${token}`) => {
    const res = await fetch(`${base}/api/v1${url}`, {
      method,
      headers: { Authorization: auth, 'Content-Type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as any };
  };

  it('a comment written through one process reaches a stream on the other, and a stop ends the streams', { timeout: 60_000 }, async () => {
    const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]];
    const password = servers.map((s) => s.password).find(Boolean)!;
    const made = await call(a.base, 'POST', `/users/${owner}/tokens`, { name: 'live' }, `Basic ${Buffer.from(`${owner}:${password}`).toString('base64')}`);
    expect(made.status).toBe(201);
    token = made.body.sha1;
    expect((await call(a.base, 'POST', '/user/repos', { name: 'live', auto_init: true })).status).toBe(201);
    expect((await call(a.base, 'POST', `/repos/${owner}/live/issues`, { title: 'Across' })).status).toBe(201);

    const onA = readSse(await fetch(`${a.base}/api/v1/events?repo=${owner}/live`, { headers: { Authorization: `token ${token}` } }));
    const onB = readSse(await fetch(`${b.base}/api/v1/events?repo=${owner}/live`, { headers: { Authorization: `token ${token}` } }));
    open.push(onA, onB);
    await onA.next('ready');
    await onB.next('ready');
    const comment = await call(b.base, 'POST', `/repos/${owner}/live/issues/1/comments`, { body: 'from b' });
    expect(comment.status).toBe(201);
    // Both processes hear it once: the writer's from its own LISTEN, the other's through PostgreSQL.
    for (const s of [onA, onB])
      expect((await s.next('issue.commented')).data).toEqual({
        type: 'issue.commented',
        actor: owner,
        repo: `${owner}/live`,
        issue: 1,
        pull: false,
        comment: comment.body.id,
      });
    // Through the round-robin proxy: the next write lands on either process; both streams hear it.
    expect((await call(proxy!.base, 'POST', `/repos/${owner}/live/issues/1/comments`, { body: 'via proxy' })).status).toBe(201);
    expect((await call(proxy!.base, 'POST', `/repos/${owner}/live/issues/1/comments`, { body: 'via proxy 2' })).status).toBe(201);
    for (const s of [onA, onB]) {
      await s.next('issue.commented');
      await s.next('issue.commented');
      expect(s.events.filter((e) => e.event === 'issue.commented')).toHaveLength(3);
    }
    // A stranger is refused here too.
    const stranger = await call(a.base, 'POST', '/admin/users', {
      username: 'live-x',
      email: 'x@example.com',
      password: 'password-live-x',
      must_change_password: false,
    });
    expect(stranger.status).toBe(201);
    expect((await call(a.base, 'PATCH', `/repos/${owner}/live`, { private: true })).status).toBe(200);
    const refused = await fetch(`${b.base}/api/v1/events?repo=${owner}/live`, {
      headers: { Authorization: `Basic ${Buffer.from('live-x:password-live-x').toString('base64')}` },
    });
    expect(refused.status).toBe(404);
    // A clean stop does not wait for open streams: they end.
    a.child.kill('SIGTERM');
    await onA.ended;
    await a.exited;
  });
});
