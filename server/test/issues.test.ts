import { describe, expect, it } from 'vitest';
import { createTestForge } from './helpers.ts';
import { archive, ownerWithRepo } from './issues-helpers.ts';

const forge = await createTestForge();

describe('issues', () => {
  it('creates an issue in Gitea shape and gets it back', async () => {
    const { owner, repo, base } = await ownerWithRepo(forge);
    const r = await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'First bug', body: 'It breaks' } });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      number: 1,
      title: 'First bug',
      body: 'It breaks',
      state: 'open',
      is_locked: false,
      comments: 0,
      labels: [],
      assignees: [],
      assignee: null,
      milestone: null,
      closed_at: null,
      due_date: null,
      pull_request: null,
      original_author: '',
      original_author_id: 0,
      ref: '',
      assets: [],
      html_url: `http://localhost:3000/${owner.name}/${repo.name}/issues/1`,
      url: `http://localhost:3000/api/v1/repos/${owner.name}/${repo.name}/issues/1`,
      repository: { id: repo.id, name: repo.name, owner: owner.name, full_name: `${owner.name}/${repo.name}` },
    });
    expect(r.body.user.login).toBe(owner.name);
    const g = await forge.req('GET', `${base}/issues/1`);
    expect(g.status).toBe(200);
    expect(g.body.title).toBe('First bug');
    expect((await forge.req('GET', `${base}/issues/99`)).status).toBe(404);
    const repoJson = await forge.deps.db.selectFrom('repository').selectAll().where('id', '=', repo.id).executeTakeFirstOrThrow();
    expect(repoJson.num_issues).toBe(1);
  });

  it('needs a title (422) and a token (401)', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    expect((await forge.req('POST', `${base}/issues`, { token: owner.token, body: { body: 'x' } })).status).toBe(422);
    expect((await forge.req('POST', `${base}/issues`, { body: { title: 'x' } })).status).toBe(401);
  });

  it('numbers issues without gaps or duplicates under concurrent creation', async () => {
    const { owner, repo, base } = await ownerWithRepo(forge);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: `parallel ${i}` } })),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    const numbers = results.map((r) => r.body.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    // A deleted number is never handed out again.
    expect((await forge.req('DELETE', `${base}/issues/40`, { token: owner.token })).status).toBe(204);
    const next = await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'after delete' } });
    expect(next.body.number).toBe(41);
    const row = await forge.deps.db.selectFrom('repository').selectAll().where('id', '=', repo.id).executeTakeFirstOrThrow();
    expect(row.num_issues).toBe(40);
  });

  it('creates with labels, milestone, assignees, due date and closed; edits state and clears fields', async () => {
    const { owner, repo, base } = await ownerWithRepo(forge);
    const bug = await forge.req('POST', `${base}/labels`, { token: owner.token, body: { name: 'bug', color: '#ee0701' } });
    expect(bug.status).toBe(201);
    expect(bug.body).toMatchObject({ name: 'bug', color: 'ee0701', exclusive: false, is_archived: false });
    const ms = await forge.req('POST', `${base}/milestones`, { token: owner.token, body: { title: 'v1', due_on: '2030-01-01T00:00:00Z' } });
    expect(ms.status).toBe(201);
    const r = await forge.req('POST', `${base}/issues`, {
      token: owner.token,
      body: { title: 'Full', labels: [bug.body.id], milestone: ms.body.id, assignees: [owner.name], due_date: '2030-02-03T10:00:00Z', closed: true },
    });
    expect(r.status).toBe(201);
    expect(r.body.labels.map((l: any) => l.name)).toEqual(['bug']);
    expect(r.body.milestone).toMatchObject({ id: ms.body.id, title: 'v1', closed_issues: 1, open_issues: 0 });
    expect(r.body.assignees.map((u: any) => u.login)).toEqual([owner.name]);
    expect(r.body.assignee.login).toBe(owner.name);
    expect(r.body.due_date).toBe('2030-02-03T23:59:59Z');
    expect(r.body.state).toBe('closed');
    expect(r.body.closed_at).toBeTruthy();

    const reopened = await forge.req('PATCH', `${base}/issues/${r.body.number}`, {
      token: owner.token,
      body: { state: 'open', milestone: 0, unset_due_date: true },
    });
    expect(reopened.status).toBe(201);
    expect(reopened.body).toMatchObject({ state: 'open', closed_at: null, milestone: null, due_date: null });
    const closed = await forge.req('PATCH', `${base}/issues/${r.body.number}`, { token: owner.token, body: { state: 'closed', title: 'Renamed' } });
    expect(closed.body.state).toBe('closed');
    expect(closed.body.title).toBe('Renamed');
    expect(closed.body.closed_at).not.toBeNull();
    const row = await forge.deps.db.selectFrom('repository').selectAll().where('id', '=', repo.id).executeTakeFirstOrThrow();
    expect([row.num_issues, row.num_closed_issues]).toEqual([1, 1]);

    const dl = await forge.req('POST', `${base}/issues/${r.body.number}/deadline`, { token: owner.token, body: { due_date: '2031-05-06T00:00:00Z' } });
    expect(dl.status).toBe(201);
    expect(dl.body).toEqual({ due_date: '2031-05-06T23:59:59Z' });
    const rm = await forge.req('POST', `${base}/issues/${r.body.number}/deadline`, { token: owner.token, body: { due_date: null } });
    expect(rm.body).toEqual({ due_date: null });
  });

  it('lets authors edit their own issue but only writers set labels/milestones or edit others', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const reader = await forge.user('reader');
    const other = await forge.user('other');
    const label = await forge.req('POST', `${base}/labels`, { token: owner.token, body: { name: 'x', color: 'abc' } });
    expect(label.body.color).toBe('aabbcc');
    // Readers may open issues; labels they send are dropped as in Gitea.
    const r = await forge.req('POST', `${base}/issues`, { token: reader.token, body: { title: 'from reader', labels: [label.body.id] } });
    expect(r.status).toBe(201);
    expect(r.body.labels).toEqual([]);
    expect((await forge.req('PATCH', `${base}/issues/${r.body.number}`, { token: reader.token, body: { title: 'mine' } })).status).toBe(201);
    expect((await forge.req('PATCH', `${base}/issues/${r.body.number}`, { token: reader.token, body: { state: 'closed' } })).body.state).toBe('closed');
    expect((await forge.req('PATCH', `${base}/issues/${r.body.number}`, { token: other.token, body: { title: 'not mine' } })).status).toBe(403);
    expect((await forge.req('POST', `${base}/issues/${r.body.number}/labels`, { token: reader.token, body: { labels: [label.body.id] } })).status).toBe(403);
    expect((await forge.req('POST', `${base}/labels`, { token: reader.token, body: { name: 'y', color: 'ffffff' } })).status).toBe(403);
    expect((await forge.req('DELETE', `${base}/issues/${r.body.number}`, { token: reader.token })).status).toBe(403);
    expect((await forge.req('PATCH', `${base}/issues/${r.body.number}`, { token: owner.token, body: { title: 'by owner' } })).body.title).toBe('by owner');
  });

  it('hides private repositories (404) and refuses writes to archived ones (423)', async () => {
    const { owner, base } = await ownerWithRepo(forge, { private: true });
    const stranger = await forge.user('stranger');
    expect((await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'secret' } })).status).toBe(201);
    expect((await forge.req('GET', `${base}/issues`)).status).toBe(404);
    expect((await forge.req('GET', `${base}/issues/1`, { token: stranger.token })).status).toBe(404);
    expect((await forge.req('POST', `${base}/issues`, { token: stranger.token, body: { title: 'x' } })).status).toBe(404);
    expect((await forge.req('GET', `${base}/issues/1`, { token: forge.admin.token })).status).toBe(200);

    const pub = await ownerWithRepo(forge);
    await forge.req('POST', `${pub.base}/issues`, { token: pub.owner.token, body: { title: 'before archive' } });
    await archive(forge, pub.repo.id);
    expect((await forge.req('POST', `${pub.base}/issues`, { token: pub.owner.token, body: { title: 'x' } })).status).toBe(423);
    expect((await forge.req('PATCH', `${pub.base}/issues/1`, { token: pub.owner.token, body: { title: 'x' } })).status).toBe(423);
    expect((await forge.req('POST', `${pub.base}/issues/1/comments`, { token: stranger.token, body: { body: 'x' } })).status).toBe(423);
    expect((await forge.req('POST', `${pub.base}/labels`, { token: pub.owner.token, body: { name: 'x', color: 'ffffff' } })).status).toBe(423);
    expect((await forge.req('POST', `${pub.base}/issues/1/reactions`, { token: pub.owner.token, body: { content: 'heart' } })).status).toBe(423);
    expect((await forge.req('GET', `${pub.base}/issues/1`)).status).toBe(200);
  });

  it('reads an edit as Gitea binds EditIssueOption: null is not given, an empty title is no change', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const ms = (await forge.req('POST', `${base}/milestones`, { token: owner.token, body: { title: 'M1' } })).body;
    const made = await forge.req('POST', `${base}/issues`, {
      token: owner.token,
      body: { title: 'kept', body: 'kept body', milestone: ms.id, assignees: [owner.name], due_date: '2031-05-06T00:00:00Z' },
    });
    // What Gitea's Go SDK sends to close an issue: every field, unset ones null, the title "".
    const sdk = { title: '', body: null, ref: null, assignee: null, assignees: null, milestone: null, state: 'closed', due_date: null, unset_due_date: null };
    const closed = await forge.req('PATCH', `${base}/issues/${made.body.number}`, { token: owner.token, body: sdk });
    expect([closed.status, closed.body.message]).toEqual([201, undefined]);
    expect(closed.body).toMatchObject({ title: 'kept', body: 'kept body', state: 'closed', milestone: { id: ms.id }, due_date: '2031-05-06T23:59:59Z' });
    expect(closed.body.assignees.map((u: { login: string }) => u.login)).toEqual([owner.name]);

    // An unknown state is 412 after the permission check (403 for a stranger), and changes nothing.
    const stranger = await forge.user('stranger-state');
    expect((await forge.req('PATCH', `${base}/issues/${made.body.number}`, { token: stranger.token, body: { state: 'foo' } })).status).toBe(403);
    const bad = await forge.req('PATCH', `${base}/issues/${made.body.number}`, { token: owner.token, body: { state: 'foo', title: 'changed?' } });
    expect(bad.status).toBe(412);
    expect(bad.body.message).toBe('unknown state: foo');
    const still = await forge.req('GET', `${base}/issues/${made.body.number}`, { token: owner.token });
    expect([still.body.title, still.body.state]).toEqual(['kept', 'closed']);
    // unset_due_date false without a due_date: Gitea's 400.
    expect((await forge.req('PATCH', `${base}/issues/${made.body.number}`, { token: owner.token, body: { unset_due_date: false } })).status).toBe(400);
  });

  it('filters the list by state, labels, milestones, q, type, poster, assignee, mention, time and pages it', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const poster = await forge.user('poster');
    const mentioned = await forge.user('mentioned');
    const bug = (await forge.req('POST', `${base}/labels`, { token: owner.token, body: { name: 'bug', color: 'ff0000' } })).body;
    const ui = (await forge.req('POST', `${base}/labels`, { token: owner.token, body: { name: 'ui', color: '00ff00' } })).body;
    const ms = (await forge.req('POST', `${base}/milestones`, { token: owner.token, body: { title: 'M1' } })).body;
    const mk = (token: string, body: object) => forge.req('POST', `${base}/issues`, { token, body });
    await mk(owner.token, { title: 'alpha crash', labels: [bug.id, ui.id], milestone: ms.id, assignees: [owner.name] }); // 1
    await mk(owner.token, { title: 'beta', labels: [bug.id], body: `ping @${mentioned.name} please` }); // 2
    await mk(poster.token, { title: 'gamma by poster' }); // 3
    await mk(owner.token, { title: 'closed one', closed: true, labels: [ui.id] }); // 4

    const nums = async (qs: string) => {
      const r = await forge.req('GET', `${base}/issues?${qs}`);
      expect(r.status).toBe(200);
      return r.body.map((i: any) => i.number);
    };
    expect(await nums('')).toEqual([3, 2, 1]);
    expect(await nums('state=closed')).toEqual([4]);
    expect(await nums('state=all')).toEqual([4, 3, 2, 1]);
    expect(await nums('labels=bug')).toEqual([2, 1]);
    expect(await nums('labels=bug,ui')).toEqual([1]);
    expect(await nums('labels=nope')).toEqual([]);
    expect(await nums('state=all&labels=ui')).toEqual([4, 1]);
    expect(await nums(`milestones=M1`)).toEqual([1]);
    expect(await nums(`milestones=${ms.id}`)).toEqual([1]);
    expect(await nums('q=crash')).toEqual([1]);
    expect(await nums('q=PING')).toEqual([2]);
    expect(await nums('type=pulls')).toEqual([]);
    expect(await nums('type=issues')).toEqual([3, 2, 1]);
    expect(await nums(`created_by=${poster.name}`)).toEqual([3]);
    expect(await nums(`assigned_by=${owner.name}`)).toEqual([1]);
    expect(await nums(`mentioned_by=${mentioned.name}`)).toEqual([2]);
    expect(await nums('sort=oldest')).toEqual([1, 2, 3]);
    expect(await nums('since=2000-01-01T00:00:00Z')).toEqual([3, 2, 1]);
    expect(await nums('before=2000-01-01T00:00:00Z')).toEqual([]);
    expect((await forge.req('GET', `${base}/issues?created_by=nobody-here`)).status).toBe(404);

    const page = await forge.req('GET', `${base}/issues?state=all&limit=3&page=2`);
    expect(page.body.map((i: any) => i.number)).toEqual([1]);
    expect(page.headers.get('x-total-count')).toBe('4');
    expect(page.headers.get('link')).toContain('rel="first"');
  });

  it('searches across readable repositories with created/assigned/mentioned/owner filters', async () => {
    const a = await ownerWithRepo(forge);
    const secret = await ownerWithRepo(forge, { private: true });
    const me = await forge.user('me');
    const token = `tok${Date.now()}`;
    await forge.req('POST', `${a.base}/issues`, { token: me.token, body: { title: `${token} mine` } });
    await forge.req('POST', `${a.base}/issues`, { token: a.owner.token, body: { title: `${token} mentions`, body: `cc @${me.name}` } });
    await forge.req('POST', `${a.base}/issues`, { token: a.owner.token, body: { title: `${token} assigned`, assignees: [a.owner.name] } });
    await forge.req('POST', `${secret.base}/issues`, { token: secret.owner.token, body: { title: `${token} hidden` } });

    const titles = async (qs: string, t?: string) => {
      const r = await forge.req('GET', `/repos/issues/search?${qs}`, { token: t });
      expect(r.status).toBe(200);
      return r.body.map((i: any) => i.title).sort();
    };
    expect(await titles(`q=${token}`)).toEqual([`${token} assigned`, `${token} mentions`, `${token} mine`]);
    expect(await titles(`q=${token}`, secret.owner.token)).toContain(`${token} hidden`);
    expect(await titles(`q=${token}&created=true`, me.token)).toEqual([`${token} mine`]);
    expect(await titles(`q=${token}&mentioned=true`, me.token)).toEqual([`${token} mentions`]);
    expect(await titles(`q=${token}&assigned=true`, a.owner.token)).toEqual([`${token} assigned`]);
    expect(await titles(`q=${token}&owner=${secret.owner.name}`, forge.admin.token)).toEqual([`${token} hidden`]);
    const one = await forge.req('GET', `/repos/issues/search?q=${token}&created=true`, { token: me.token });
    expect(one.body[0].repository.full_name).toBe(`${a.owner.name}/${a.repo.name}`);
    expect((await forge.req('GET', '/repos/issues/search?created=true')).status).toBe(401);
  });

  it('reads a page or limit that is not a number as the default, as Gitea', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'only one' } });
    const r = await forge.req('GET', `${base}/issues?page=abc&limit=xyz`);
    expect(r.status).toBe(200);
    expect(r.body.map((i: any) => i.title)).toEqual(['only one']);
  });

  it('searches for pull requests whose review is requested from me, or that I reviewed', async () => {
    const a = await ownerWithRepo(forge);
    const me = await forge.user('reviewer');
    const token = `rev${Date.now()}`;
    const made = await Promise.all(
      ['asked', 'reviewed', 'other'].map((t) => forge.req('POST', `${a.base}/issues`, { token: a.owner.token, body: { title: `${token} ${t}` } })),
    );
    const [asked, reviewed] = made.map((r) => r.body.id as number);
    const review = {
      reviewer_team_id: 0,
      original_author: '',
      original_author_id: 0,
      content: '',
      official: 0,
      commit_id: '',
      stale: 0,
      dismissed: 0,
      created_unix: 1,
      updated_unix: 1,
    };
    await forge.deps.db
      .insertInto('review')
      .values([
        { ...review, type: 4, reviewer_id: me.id, issue_id: asked! },
        { ...review, type: 1, reviewer_id: me.id, issue_id: reviewed! },
      ])
      .execute();
    const titles = async (qs: string) => {
      const r = await forge.req('GET', `/repos/issues/search?q=${token}&${qs}`, { token: me.token });
      expect(r.status).toBe(200);
      return r.body.map((i: any) => i.title);
    };
    expect(await titles('review_requested=true')).toEqual([`${token} asked`]);
    expect(await titles('reviewed=true')).toEqual([`${token} reviewed`]);
    expect((await forge.req('GET', '/repos/issues/search?review_requested=true')).status).toBe(401);
  });

  it('locks and unlocks (writers only) and records both in the timeline', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const reader = await forge.user('reader');
    await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'lock me' } });
    expect((await forge.req('PUT', `${base}/issues/1/lock`, { token: reader.token, body: { lock_reason: 'spam' } })).status).toBe(403);
    expect((await forge.req('PUT', `${base}/issues/1/lock`, { token: owner.token, body: { lock_reason: 'too heated' } })).status).toBe(204);
    expect((await forge.req('GET', `${base}/issues/1`)).body.is_locked).toBe(true);
    expect((await forge.req('DELETE', `${base}/issues/1/lock`, { token: owner.token })).status).toBe(204);
    expect((await forge.req('GET', `${base}/issues/1`)).body.is_locked).toBe(false);
    const tl = await forge.req('GET', `${base}/issues/1/timeline`);
    expect(tl.body.map((t: any) => t.type)).toEqual(['lock', 'unlock']);
    expect(tl.body[0].body).toBe('too heated');
  });

  it('records create/close/reopen activity as Gitea does', async () => {
    const { owner, repo, base } = await ownerWithRepo(forge);
    await forge.req('POST', `${base}/issues`, { token: owner.token, body: { title: 'Feed me' } });
    await forge.req('PATCH', `${base}/issues/1`, { token: owner.token, body: { state: 'closed' } });
    await forge.req('PATCH', `${base}/issues/1`, { token: owner.token, body: { state: 'open' } });
    await forge.req('POST', `${base}/issues/1/comments`, { token: owner.token, body: { body: 'hello' } });
    const rows = await forge.deps.db.selectFrom('action').selectAll().where('repo_id', '=', repo.id).orderBy('id').execute();
    const ops = rows.filter((r) => r.op_type !== 'create_repo').map((r) => [r.op_type, r.content]);
    expect(ops).toEqual([
      ['create_issue', '1|Feed me'],
      ['close_issue', '1|Feed me'],
      ['reopen_issue', '1|Feed me'],
      ['comment_issue', '1|hello'],
    ]);
  });
});

describe('demo seed', () => {
  it('adds labels, milestones, open and closed issues with comments and events', async () => {
    const { repo, base } = await ownerWithRepo(forge);
    await forge.user('helper');
    const { seedIssues } = await import('../src/demo/seed-issues.ts');
    await seedIssues(forge.deps);
    expect((await forge.req('GET', `${base}/labels`)).body.length).toBeGreaterThanOrEqual(5);
    expect((await forge.req('GET', `${base}/milestones?state=all`)).body.length).toBe(2);
    const all = (await forge.req('GET', `${base}/issues?state=all`)).body;
    expect(all.some((i: any) => i.state === 'closed')).toBe(true);
    expect(all.some((i: any) => i.state === 'open' && i.comments > 0)).toBe(true);
    const types = new Set<string>();
    for (const i of all) for (const t of (await forge.req('GET', `${base}/issues/${i.number}/timeline`)).body) types.add(t.type);
    expect([...types]).toEqual(expect.arrayContaining(['comment', 'label', 'state_change', 'issue_ref', 'change_title', 'pin']));
    const row = await forge.deps.db.selectFrom('repository').selectAll().where('id', '=', repo.id).executeTakeFirstOrThrow();
    expect(row.num_issues).toBe(all.length);
    expect((await forge.req('GET', `${base}/issues/pinned`)).body.map((i: any) => i.title)).toEqual(['Crash when opening an empty file']);
  });
});
