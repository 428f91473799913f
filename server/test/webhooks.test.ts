// Issue #21: webhooks' API (Gitea's /repos/{o}/{r}/hooks and /orgs/{org}/hooks) and their
// permissions, and deliveries to a receiver on a loopback port: Gitea's headers and signatures and
// payload of each event kind, the branch filter, the form content type, retries, the deliveries
// extension and redelivery.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestForge, type TestForge } from './helpers.ts';
import { pullRepo, pushLike, writeCommit } from './pulls-helpers.ts';
import { gitCli } from './git-cli.ts';
import { startReceiver, type Receiver } from './webhook-receiver.ts';
import { startDeliveryWorker, type DeliveryWorker } from '../src/services/webhooks/deliver.ts';

const ZERO = '0000000000000000000000000000000000000000';
const sign = (alg: 'sha1' | 'sha256', secret: string, body: string) => createHmac(alg, secret).update(body).digest('hex');

describe('webhooks API', () => {
  let forge: TestForge;
  let owner: { id: number; name: string; token: string };
  let repo: Awaited<ReturnType<typeof pullRepo>>;
  beforeAll(async () => {
    forge = await createTestForge();
    owner = await forge.user('hookowner');
    repo = await pullRepo(forge, owner);
  });

  it('creates, lists, gets, edits and deletes a hook in Gitea’s shape, never returning the secret', async () => {
    const created = await forge.req('POST', `${repo.base}/hooks`, {
      token: owner.token,
      body: { type: 'gitea', config: { url: 'https://ci.example.com/hook', content_type: 'json', secret: 's3cret' }, active: true },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      type: 'gitea',
      branch_filter: '',
      config: { url: 'https://ci.example.com/hook', content_type: 'json' },
      events: ['push'],
      authorization_header: '',
      active: true,
    });
    expect(JSON.stringify(created.body)).not.toContain('s3cret');
    expect(Object.keys(created.body).sort()).toEqual([
      'active',
      'authorization_header',
      'branch_filter',
      'config',
      'created_at',
      'events',
      'id',
      'type',
      'updated_at',
    ]);
    const id = created.body.id;

    const list = await forge.req('GET', `${repo.base}/hooks`, { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.map((h: any) => h.id)).toEqual([id]);
    expect(list.headers.get('x-total-count')).toBe('1');

    const edited = await forge.req('PATCH', `${repo.base}/hooks/${id}`, {
      token: owner.token,
      body: { config: { content_type: 'form' }, events: ['issues', 'pull_request_review'], branch_filter: 'main', active: false },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.config).toEqual({ url: 'https://ci.example.com/hook', content_type: 'form' });
    expect(edited.body.events).toEqual([
      'issues',
      'issue_assign',
      'issue_label',
      'issue_milestone',
      'issue_comment',
      'pull_request_review_approved',
      'pull_request_review_rejected',
      'pull_request_review_comment',
    ]);
    expect(edited.body).toMatchObject({ branch_filter: 'main', active: false });
    expect((await forge.req('GET', `${repo.base}/hooks/${id}`, { token: owner.token })).body).toEqual(edited.body);

    expect((await forge.req('DELETE', `${repo.base}/hooks/${id}`, { token: owner.token })).status).toBe(204);
    expect((await forge.req('GET', `${repo.base}/hooks/${id}`, { token: owner.token })).status).toBe(404);
    expect((await forge.req('DELETE', `${repo.base}/hooks/${id}`, { token: owner.token })).status).toBe(404);
  });

  it('takes gogs; refuses other hook types, a bad content type, a missing url and a bad branch filter with 422', async () => {
    const post = (body: unknown) => forge.req('POST', `${repo.base}/hooks`, { token: owner.token, body });
    const slack = await post({ type: 'slack', config: { url: 'https://x.example', content_type: 'json' } });
    expect(slack.status).toBe(422);
    expect(slack.body.message).toMatch(/slack/);
    // gogs is sent as gitea is (Gitea's newDefaultRequest), so it is taken.
    const gogs = await post({ type: 'gogs', config: { url: 'https://x.example', content_type: 'json' } });
    expect([gogs.status, gogs.body.type]).toEqual([201, 'gogs']);
    expect((await forge.req('DELETE', `${repo.base}/hooks/${gogs.body.id}`, { token: owner.token })).status).toBe(204);
    expect((await post({ type: 'nonsense', config: { url: 'https://x.example', content_type: 'json' } })).body.message).toBe('Invalid hook type: nonsense');
    expect((await post({ type: 'gitea', config: { url: 'https://x.example', content_type: 'xml' } })).body.message).toBe('Invalid content type');
    expect((await post({ type: 'gitea', config: { content_type: 'json' } })).body.message).toBe('Missing config option: url');
    expect((await post({ type: 'gitea', config: { url: 'ftp://x.example', content_type: 'json' } })).status).toBe(422);
    expect((await post({ type: 'gitea', config: { url: 'https://x.example', content_type: 'json' }, branch_filter: '{main' })).status).toBe(422);
  });

  it('answers 401 anonymous, 404 on a private repository the caller cannot see, 403 to a writer, before judging the body', async () => {
    const priv = await pullRepo(forge, owner, { private: true });
    const stranger = await forge.user('stranger');
    const writer = await forge.user('writer');
    await forge.req('PUT', `${repo.base}/collaborators/${writer.name}`, { token: owner.token, body: { permission: 'write' } });
    const bad = { type: 'nope' };
    expect((await forge.req('POST', `${repo.base}/hooks`, { body: bad })).status).toBe(401);
    expect((await forge.req('GET', `${repo.base}/hooks`)).status).toBe(401);
    expect((await forge.req('POST', `${priv.base}/hooks`, { token: stranger.token, body: bad })).status).toBe(404);
    expect((await forge.req('POST', `${repo.base}/hooks`, { token: stranger.token, body: bad })).status).toBe(403);
    expect((await forge.req('POST', `${repo.base}/hooks`, { token: writer.token, body: bad })).status).toBe(403);
    expect((await forge.req('GET', `${repo.base}/hooks`, { token: writer.token })).status).toBe(403);
    expect((await forge.req('POST', `${repo.base}/hooks`, { token: owner.token, body: bad })).status).toBe(422);
    // A site admin may.
    expect((await forge.req('GET', `${repo.base}/hooks`, { token: forge.admin.token })).status).toBe(200);
  });

  it('a user’s own hooks at /user/hooks (Gitea’s user/hook.go): theirs alone, sent for their repositories', async () => {
    const other = await forge.user('otherhooks');
    const body = { type: 'gitea', config: { url: 'https://ci.example.com/mine', content_type: 'json' }, events: ['push'], active: true };
    expect((await forge.req('POST', '/user/hooks', { body })).status).toBe(401);
    const mine = await forge.req('POST', '/user/hooks', { token: owner.token, body });
    expect(mine.status).toBe(201);
    expect(mine.body).toMatchObject({ type: 'gitea', config: { url: 'https://ci.example.com/mine' }, events: ['push'], active: true });
    expect((await forge.req('GET', '/user/hooks', { token: owner.token })).body.map((h: { id: number }) => h.id)).toEqual([mine.body.id]);
    expect((await forge.req('GET', '/user/hooks', { token: other.token })).body).toEqual([]);
    expect((await forge.req('GET', `/user/hooks/${mine.body.id}`, { token: other.token })).status).toBe(404);
    expect((await forge.req('PATCH', `/user/hooks/${mine.body.id}`, { token: owner.token, body: { active: false } })).body.active).toBe(false);
    expect((await forge.req('DELETE', `/user/hooks/${mine.body.id}`, { token: other.token })).status).toBe(404);
    expect((await forge.req('DELETE', `/user/hooks/${mine.body.id}`, { token: owner.token })).status).toBe(204);
    expect((await forge.req('GET', `/user/hooks/${mine.body.id}`, { token: owner.token })).status).toBe(404);
  });

  it('organization hooks: owners only (403 for a member, 404 for a private organization to a stranger)', async () => {
    const org = `org${Date.now().toString(36)}`;
    expect((await forge.req('POST', '/orgs', { token: owner.token, body: { username: org, visibility: 'private' } })).status).toBe(201);
    const member = await forge.user('member');
    const team = (await forge.req('POST', `/orgs/${org}/teams`, { token: owner.token, body: { name: 'devs', permission: 'write', units: ['repo.code'] } }))
      .body;
    await forge.req('PUT', `/teams/${team.id}/members/${member.name}`, { token: owner.token });
    const stranger = await forge.user('stranger');
    const body = { type: 'gitea', config: { url: 'https://ci.example.com/org', content_type: 'json' }, events: ['push', 'create'], active: true };
    expect((await forge.req('POST', `/orgs/${org}/hooks`, { body })).status).toBe(401);
    expect((await forge.req('POST', `/orgs/${org}/hooks`, { token: stranger.token, body })).status).toBe(404);
    expect((await forge.req('POST', `/orgs/${org}/hooks`, { token: member.token, body })).status).toBe(403);
    const created = await forge.req('POST', `/orgs/${org}/hooks`, { token: owner.token, body });
    expect(created.status).toBe(201);
    expect(created.body.events).toEqual(['create', 'push']);
    expect((await forge.req('GET', `/orgs/${org}/hooks`, { token: owner.token })).body).toHaveLength(1);
    expect((await forge.req('PATCH', `/orgs/${org}/hooks/${created.body.id}`, { token: owner.token, body: { active: false } })).body.active).toBe(false);
    expect((await forge.req('DELETE', `/orgs/${org}/hooks/${created.body.id}`, { token: owner.token })).status).toBe(204);
  });
});

describe('webhook deliveries to a loopback receiver', () => {
  let forge: TestForge;
  let owner: { id: number; name: string; token: string };
  let repo: Awaited<ReturnType<typeof pullRepo>>;
  let receiver: Receiver;
  let worker: DeliveryWorker;
  let hookId = 0;
  const secret = 'topsecret';
  beforeAll(async () => {
    forge = await createTestForge();
    forge.deps.config.webhookAllowedHostList = ['loopback'];
    owner = await forge.user('hookowner');
    repo = await pullRepo(forge, owner);
    receiver = await startReceiver();
    worker = startDeliveryWorker(forge.deps, { pollMs: 50, backoffMs: [50] });
    const created = await forge.req('POST', `${repo.base}/hooks`, {
      token: owner.token,
      body: {
        type: 'gitea',
        config: { url: receiver.url, content_type: 'json', secret },
        events: ['create', 'delete', 'push', 'issues', 'issue_comment', 'pull_request', 'release', 'status'],
        active: true,
      },
    });
    expect(created.status).toBe(201);
    hookId = created.body.id;
  });
  afterAll(async () => {
    await worker.stop();
    await receiver.close();
  });

  const nextOf = (type: string, from = 0) => receiver.next((r) => r.headers['x-gitea-event-type'] === type, from);
  // The order the main hook's events were stored in, Gitea's order (deliveries may arrive in another).
  const lastTask = async () =>
    Number(
      (
        await forge.deps.db
          .selectFrom('hook_task')
          .select((eb) => eb.fn.max('id').as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );
  const storedSince = async (after: number) =>
    (await forge.deps.db.selectFrom('hook_task').select('event_type').where('hook_id', '=', hookId).where('id', '>', after).orderBy('id').execute()).map(
      (t) => t.event_type,
    );

  it('a push: Gitea’s headers, signatures and PushPayload', async () => {
    const from = receiver.received.length;
    const before = repo.shas.c2!;
    let after = '';
    await pushLike(forge, repo.repo.id, repo.dir, owner.id, async () => {
      after = await writeCommit(repo.dir, 'main', before, { 'new.md': 'hello\n' }, 'Add new.md\n');
    });
    const r = await nextOf('push', from);
    expect(r.headers).toMatchObject({
      'content-type': 'application/json',
      'x-gitea-event': 'push',
      'x-gitea-event-type': 'push',
      'x-github-event': 'push',
      'x-github-event-type': 'push',
      'x-gogs-event': 'push',
      'x-gitea-signature': sign('sha256', secret, r.body),
      'x-gogs-signature': sign('sha256', secret, r.body),
      'x-hub-signature-256': `sha256=${sign('sha256', secret, r.body)}`,
      'x-hub-signature': `sha1=${sign('sha1', secret, r.body)}`,
    });
    expect(r.headers['x-gitea-delivery']).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.headers['x-github-delivery']).toBe(r.headers['x-gitea-delivery']);
    expect(r.payload).toMatchObject({
      ref: 'refs/heads/main',
      before,
      after,
      compare_url: `http://localhost:3000/${owner.name}/${repo.name}/compare/${before}...${after}`,
      total_commits: 1,
      repository: { full_name: `${owner.name}/${repo.name}`, owner: { login: owner.name } },
      pusher: { login: owner.name },
      sender: { login: owner.name },
    });
    expect(r.payload.commits).toHaveLength(1);
    expect(r.payload.commits[0]).toMatchObject({ id: after, message: 'Add new.md\n', added: ['new.md'], removed: [], modified: [] });
    expect(r.payload.head_commit.id).toBe(after);
  });

  it('a new branch by push: create then push; its deletion: delete only; API branch writes: create and delete', async () => {
    let from = receiver.received.length;
    await pushLike(forge, repo.repo.id, repo.dir, owner.id, () => writeCommit(repo.dir, 'topic', repo.shas.c1!, { 't.txt': 't\n' }));
    const create = await nextOf('create', from);
    expect(create.payload).toMatchObject({ ref: 'topic', ref_type: 'branch', repository: { name: repo.name }, sender: { login: owner.name } });
    expect((await nextOf('push', from)).payload).toMatchObject({ ref: 'refs/heads/topic', before: ZERO });
    from = receiver.received.length;
    const res = await forge.req('POST', `${repo.base}/branches`, { token: owner.token, body: { new_branch_name: 'apibranch', old_ref_name: 'main' } });
    expect(res.status).toBe(201);
    expect((await nextOf('create', from)).payload).toMatchObject({ ref: 'apibranch', ref_type: 'branch' });
    from = receiver.received.length;
    expect((await forge.req('DELETE', `${repo.base}/branches/apibranch`, { token: owner.token })).status).toBe(204);
    const del = await nextOf('delete', from);
    expect(del.payload).toMatchObject({ ref: 'apibranch', ref_type: 'branch', pusher_type: 'user' });
  });

  it('push payloads as Gitea’s pushUpdates: newest first, a new branch’s history, tags push then create or delete', async () => {
    // The owner's own hook (/user/hooks) is sent for the owner's repository too.
    const userHook = await forge.req('POST', '/user/hooks', {
      token: owner.token,
      body: { type: 'gitea', config: { url: `${receiver.url}?user=1`, content_type: 'json' }, events: ['push'], active: true },
    });
    expect(userHook.status).toBe(201);
    let from = receiver.received.length;
    const base = (await forge.req('GET', `${repo.base}/branches/main`, { token: owner.token })).body.commit.id;
    const shas: string[] = [];
    await pushLike(forge, repo.repo.id, repo.dir, owner.id, async () => {
      let parent = base;
      for (let i = 1; i <= 7; i++) shas.push((parent = await writeCommit(repo.dir, 'main', parent, { [`n${i}.txt`]: `${i}\n` }, `Commit ${i}\n`)));
    });
    const push = (await nextOf('push', from)).payload;
    // Gitea lists the newest five of the seven, newest first, and counts all seven.
    expect(push.commits.map((c: { id: string }) => c.id)).toEqual(shas.slice(2).reverse());
    expect([push.total_commits, push.head_commit.id, push.before, push.after]).toEqual([7, shas[6], base, shas[6]]);
    const viaUserHook = await receiver.next((r) => r.url.includes('user=1') && r.payload?.after === shas[6], from);
    expect(viaUserHook.payload.commits).toEqual(push.commits);
    expect((await forge.req('DELETE', `/user/hooks/${userHook.body.id}`, { token: owner.token })).status).toBe(204);

    // A new branch: its head's history (up to ten), compared from the parent of the oldest listed.
    from = receiver.received.length;
    let mark = await lastTask();
    await pushLike(forge, repo.repo.id, repo.dir, owner.id, () => writeCommit(repo.dir, 'wide/x', shas[6]!, { 'x.txt': 'x\n' }, 'Feature\n'));
    expect(await storedSince(mark)).toEqual(['create', 'push']);
    const branchPush = (await nextOf('push', from)).payload;
    const history = (await forge.req('GET', `${repo.base}/commits?sha=wide/x&limit=11`, { token: owner.token })).body.map((c: { sha: string }) => c.sha);
    expect(history.length).toBeGreaterThan(10);
    expect(branchPush.total_commits).toBe(10);
    expect(branchPush.commits.map((c: { id: string }) => c.id)).toEqual(history.slice(0, 5));
    expect(branchPush.compare_url).toBe(`http://localhost:3000/${owner.name}/${repo.name}/compare/${history[10]}...${history[0]}`);

    // A pushed tag: push (no commits, the tag's commit as head) then create; its deletion: push then delete.
    from = receiver.received.length;
    mark = await lastTask();
    await pushLike(forge, repo.repo.id, repo.dir, owner.id, () => gitCli(['update-ref', 'refs/tags/v9.9', shas[6]!], { cwd: repo.dir }));
    expect(await storedSince(mark)).toEqual(['push', 'create']);
    const tagPush = await nextOf('push', from);
    const tagCreate = await nextOf('create', from);
    expect(tagPush.payload).toMatchObject({ ref: 'refs/tags/v9.9', before: ZERO, after: shas[6], commits: [], total_commits: 0, head_commit: { id: shas[6] } });
    expect(tagPush.payload.compare_url).toBe(`http://localhost:3000/${owner.name}/${repo.name}/compare/${ZERO}...${shas[6]}`);
    expect(tagCreate.payload).toMatchObject({ ref: 'v9.9', ref_type: 'tag', sha: shas[6] });
    from = receiver.received.length;
    mark = await lastTask();
    await pushLike(forge, repo.repo.id, repo.dir, owner.id, () => gitCli(['update-ref', '-d', 'refs/tags/v9.9'], { cwd: repo.dir }));
    expect(await storedSince(mark)).toEqual(['push', 'delete']);
    const tagGone = await nextOf('push', from);
    await nextOf('delete', from);
    expect(tagGone.payload).toMatchObject({ ref: 'refs/tags/v9.9', before: shas[6], after: ZERO, commits: [], total_commits: 0, head_commit: null });
    expect(tagGone.payload.compare_url).toBe('http://localhost:3000/');

    // A release that makes its tag: push, create, then release (Gitea's createTag).
    from = receiver.received.length;
    mark = await lastTask();
    const rel = await forge.req('POST', `${repo.base}/releases`, { token: owner.token, body: { tag_name: 'v10.0', target_commitish: 'main' } });
    expect(rel.status).toBe(201);
    expect(await storedSince(mark)).toEqual(['push', 'create', 'release']);
    await nextOf('release', from);
  });

  it('issues and comments: opened, label_updated, edited (with changes), closed; comment created, edited, deleted', async () => {
    let from = receiver.received.length;
    const issue = (await forge.req('POST', `${repo.base}/issues`, { token: owner.token, body: { title: 'Broken', body: 'It fails' } })).body;
    const opened = await nextOf('issues', from);
    expect(opened.headers['x-gitea-event']).toBe('issues');
    expect(opened.payload).toMatchObject({ action: 'opened', number: issue.number, issue: { id: issue.id, title: 'Broken', body: 'It fails' }, commit_id: '' });

    from = receiver.received.length;
    await forge.req('PATCH', `${repo.base}/issues/${issue.number}`, { token: owner.token, body: { title: 'Very broken' } });
    expect((await nextOf('issues', from)).payload).toMatchObject({ action: 'edited', changes: { title: { from: 'Broken' } }, issue: { title: 'Very broken' } });

    from = receiver.received.length;
    const label = (await forge.req('POST', `${repo.base}/labels`, { token: owner.token, body: { name: 'bug', color: '#ff0000' } })).body;
    await forge.req('POST', `${repo.base}/issues/${issue.number}/labels`, { token: owner.token, body: { labels: [label.id] } });
    const labelled = await nextOf('issue_label', from);
    expect(labelled.headers['x-gitea-event']).toBe('issues');
    expect(labelled.payload).toMatchObject({ action: 'label_updated', issue: { labels: [{ name: 'bug' }] } });

    from = receiver.received.length;
    const comment = (await forge.req('POST', `${repo.base}/issues/${issue.number}/comments`, { token: owner.token, body: { body: 'Looking' } })).body;
    const created = await nextOf('issue_comment', from);
    expect(created.headers['x-gitea-event']).toBe('issue_comment');
    expect(created.payload).toMatchObject({ action: 'created', is_pull: false, comment: { id: comment.id, body: 'Looking' }, issue: { number: issue.number } });
    from = receiver.received.length;
    await forge.req('PATCH', `${repo.base}/issues/comments/${comment.id}`, { token: owner.token, body: { body: 'Fixed it' } });
    expect((await nextOf('issue_comment', from)).payload).toMatchObject({
      action: 'edited',
      changes: { body: { from: 'Looking' } },
      comment: { body: 'Fixed it' },
    });
    from = receiver.received.length;
    await forge.req('DELETE', `${repo.base}/issues/comments/${comment.id}`, { token: owner.token });
    expect((await nextOf('issue_comment', from)).payload).toMatchObject({ action: 'deleted', comment: { id: comment.id } });

    from = receiver.received.length;
    await forge.req('PATCH', `${repo.base}/issues/${issue.number}`, { token: owner.token, body: { state: 'closed' } });
    expect((await nextOf('issues', from)).payload).toMatchObject({ action: 'closed', issue: { state: 'closed' } });
  });

  it('pull requests: opened, reviewed (approved), merged as closed with merged true; commit status', async () => {
    let from = receiver.received.length;
    const pull = (await forge.req('POST', `${repo.base}/pulls`, { token: owner.token, body: { head: 'feature', base: 'main', title: 'Feature' } })).body;
    const opened = await nextOf('pull_request', from);
    expect(opened.payload).toMatchObject({
      action: 'opened',
      number: pull.number,
      pull_request: { number: pull.number, head: { ref: 'feature' }, merged: false },
      requested_reviewer: null,
      review: null,
    });

    from = receiver.received.length;
    const review = await forge.req('POST', `${repo.base}/pulls/${pull.number}/reviews`, {
      token: forge.admin.token,
      body: { event: 'APPROVED', body: 'Ship it' },
    });
    expect(review.status).toBe(200);
    const approved = await nextOf('pull_request_review_approved', from);
    expect(approved.headers['x-gitea-event']).toBe('pull_request_approved');
    expect(approved.payload).toMatchObject({ action: 'reviewed', review: { type: 'pull_request_review_approved', content: 'Ship it' } });

    from = receiver.received.length;
    const sha = pull.head.sha;
    await forge.req('POST', `${repo.base}/statuses/${sha}`, { token: owner.token, body: { state: 'success', context: 'ci/test', description: 'passed' } });
    const status = await nextOf('status', from);
    expect(status.payload).toMatchObject({
      sha,
      state: 'success',
      context: 'ci/test',
      description: 'passed',
      commit: { id: sha },
      repository: { name: repo.name },
    });

    from = receiver.received.length;
    const merged = await forge.req('POST', `${repo.base}/pulls/${pull.number}/merge`, { token: owner.token, body: { Do: 'merge' } });
    expect(merged.status).toBe(200);
    const closed = await nextOf('pull_request', from);
    expect(closed.payload).toMatchObject({ action: 'closed', pull_request: { merged: true, state: 'closed' } });
  });

  it('a release event: Gitea’s ReleasePayload around the releases API’s JSON', async () => {
    const from = receiver.received.length;
    const created = await forge.req('POST', `${repo.base}/releases`, { token: owner.token, body: { tag_name: 'v1.0', name: 'One', body: 'notes' } });
    expect(created.status).toBe(201);
    const r = await nextOf('release', from);
    expect(r.headers['x-gitea-event']).toBe('release');
    expect(r.payload).toMatchObject({ action: 'published', release: created.body, repository: { name: repo.name }, sender: { login: owner.name } });
  });

  it('lists a hook’s deliveries with request and response, and redelivers one', async () => {
    const hooks = (await forge.req('GET', `${repo.base}/hooks`, { token: owner.token })).body;
    const id = hooks[0].id;
    const list = await forge.req('GET', `${repo.base}/hooks/${id}/deliveries?limit=5`, { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body.length).toBe(5);
    const d = list.body.find((x: any) => x.is_delivered);
    expect(d).toMatchObject({ is_succeed: true, attempts: 1, response: { status: 200, headers: { 'x-receiver': 'test' } }, error: '' });
    expect(d.request.headers['X-Gitea-Delivery']).toBe(d.uuid);
    expect(d.request.body.length).toBeGreaterThan(10);
    expect(d.response.body).toMatch(/^got \d+$/);
    const from = receiver.received.length;
    expect((await forge.req('POST', `${repo.base}/hooks/${id}/deliveries/${d.id}/redeliver`, { token: owner.token })).status).toBe(204);
    const again = await receiver.next((r) => r.body === d.request.body, from);
    expect(again.headers['x-gitea-delivery']).not.toBe(d.uuid);
    expect((await forge.req('GET', `${repo.base}/hooks/${id}/deliveries/99999999/redeliver`, { token: owner.token })).status).toBe(404);
  });

  it('the test delivery: a push of the default branch’s latest commit, only where Gitea sends one', async () => {
    const make = async (body: object) => (await forge.req('POST', `${repo.base}/hooks`, { token: owner.token, body: { type: 'gitea', ...body } })).body;
    const form = await make({ config: { url: `${receiver.url}?t=1`, content_type: 'form' }, active: true });
    const from = receiver.received.length;
    expect((await forge.req('POST', `${repo.base}/hooks/${form.id}/tests`, { token: owner.token })).status).toBe(204);
    const r = await receiver.next((x) => x.headers['content-type'] === 'application/x-www-form-urlencoded', from);
    expect(r.body.startsWith('payload=')).toBe(true);
    const head = (await forge.req('GET', `${repo.base}/branches/main`, { token: owner.token })).body.commit.id;
    expect(r.payload).toMatchObject({
      ref: 'refs/heads/main',
      before: head,
      after: head,
      total_commits: 1,
      head_commit: { id: head },
      commits: [{ id: head }],
    });
    expect(r.payload.compare_url).toBe(`http://localhost:3000/${owner.name}/${repo.name}/compare/${head}...${head}`);
    // No secret: Gitea still sends the prefixes.
    expect([r.headers['x-gitea-signature'], r.headers['x-hub-signature'], r.headers['x-hub-signature-256']]).toEqual(['', 'sha1=', 'sha256=']);

    // An inactive hook's test is recorded as delivered and not sent; one without the push event, or
    // whose branch filter leaves the branch out, gets none (Gitea's Deliver and PrepareWebhook).
    const inactive = await make({ config: { url: `${receiver.url}?t=inactive`, content_type: 'json' }, active: false });
    const issuesOnly = await make({ config: { url: `${receiver.url}?t=issues`, content_type: 'json' }, events: ['issues'], active: true });
    const filtered = await make({ config: { url: `${receiver.url}?t=filtered`, content_type: 'json' }, branch_filter: 'release/*', active: true });
    for (const h of [inactive, issuesOnly, filtered])
      expect((await forge.req('POST', `${repo.base}/hooks/${h.id}/tests`, { token: owner.token })).status).toBe(204);
    type Task = { is_delivered: boolean; is_succeed: boolean; error: string };
    let tasks: Task[] = [];
    await expect
      .poll(async () =>
        (tasks = (await forge.req('GET', `${repo.base}/hooks/${inactive.id}/deliveries`, { token: owner.token })).body as Task[]).map((t) => t.is_delivered),
      )
      .toEqual([true]);
    expect(tasks[0]).toMatchObject({ is_succeed: false, error: 'the webhook is inactive: nothing was sent' });
    for (const h of [issuesOnly, filtered]) expect((await forge.req('GET', `${repo.base}/hooks/${h.id}/deliveries`, { token: owner.token })).body).toEqual([]);
    expect(receiver.received.filter((x) => /t=(inactive|issues|filtered)/.test(x.url))).toEqual([]);
    for (const h of [form, inactive, issuesOnly, filtered])
      expect((await forge.req('DELETE', `${repo.base}/hooks/${h.id}`, { token: owner.token })).status).toBe(204);
  });

  it('the branch filter: a push to a branch it does not match is not sent; tags always pass', async () => {
    const filtered = await startReceiver();
    try {
      await forge.req('POST', `${repo.base}/hooks`, {
        token: owner.token,
        body: { type: 'gitea', config: { url: filtered.url, content_type: 'json' }, events: ['push'], branch_filter: '{rel/*,feature}', active: true },
      });
      await pushLike(forge, repo.repo.id, repo.dir, owner.id, () => writeCommit(repo.dir, 'other', repo.shas.c1!, { 'o.txt': 'o\n' }));
      await pushLike(forge, repo.repo.id, repo.dir, owner.id, () => writeCommit(repo.dir, 'rel/1.0/x', repo.shas.c1!, { 'r.txt': 'r\n' }));
      const r = await filtered.next();
      expect(r.payload.ref).toBe('refs/heads/rel/1.0/x');
      const rows = await forge.deps.db.selectFrom('hook_task').select('payload_content').execute();
      expect(rows.filter((t) => t.payload_content.includes('"ref": "refs/heads/other"')).length).toBe(1); // the main hook's only
    } finally {
      await filtered.close();
    }
  });

  it('retries a failed delivery with backoff and records both attempts', async () => {
    const flaky = await startReceiver((n) => (n === 1 ? 500 : 200));
    try {
      const hook = (
        await forge.req('POST', `${repo.base}/hooks`, {
          token: owner.token,
          body: { type: 'gitea', config: { url: flaky.url, content_type: 'json' }, events: ['issues'], active: true },
        })
      ).body;
      await forge.req('POST', `${repo.base}/issues`, { token: owner.token, body: { title: 'Retry me' } });
      await flaky.next((r) => r !== flaky.received[0]);
      expect(flaky.received[0]!.headers['x-gitea-delivery']).toBe(flaky.received[1]!.headers['x-gitea-delivery']);
      let d: any;
      do {
        // Looked at again once the worker had a moment to record the second attempt.
        await new Promise((r) => setTimeout(r, 50));
        d = (await forge.req('GET', `${repo.base}/hooks/${hook.id}/deliveries`, { token: owner.token })).body[0];
      } while (!d.is_delivered);
      expect(d).toMatchObject({ attempts: 2, is_succeed: true, response: { status: 200 } });
    } finally {
      await flaky.close();
    }
  });
});
