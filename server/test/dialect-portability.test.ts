// Every query right on both databases (issue #12): what SQLite's single writer, rowid order,
// case-blind LIKE and loose typing hid, and what PostgreSQL (READ COMMITTED, several connections
// at once, heap order, strict types) shows. Each case runs on whichever database the suite runs on
// (FORGE_TEST_DATABASE=postgres for PostgreSQL); the concurrent ones really overlap on PostgreSQL,
// where requests get their own connections from the pool.
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { isPostgres, withRepoLock } from '../src/db/dialect.ts';
import { migrations } from '../src/db/migrations.ts';
import { createTestForge, uniq } from './helpers.ts';
import { ownerWithRepo } from './issues-helpers.ts';
import { createFixtureRepo } from './git-fixtures.ts';
import { pullRepo } from './pulls-helpers.ts';
import { createPull } from './reviews-fixtures.ts';

const forge = await createTestForge();
const { req } = forge;

const times = <T>(n: number, f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => f(i)));

async function newIssue(base: string, token: string, title = 'an issue') {
  const r = await req('POST', `${base}/issues`, { token, body: { title } });
  expect(r.status).toBe(201);
  return r.body.number as number;
}

describe('counters and numbers under concurrent writes', () => {
  it('numbers concurrent commit statuses of one commit 1..n, each once', async () => {
    const owner = await forge.user('owner');
    const name = uniq('repo');
    const { shas } = await createFixtureRepo(forge.deps, owner, name, [{ id: 'c1', message: 'first\n', files: { 'a.txt': 'a\n' } }]);
    const base = `/repos/${owner.name}/${name}`;
    const made = await times(8, (i) => req('POST', `${base}/statuses/${shas.c1}`, { token: owner.token, body: { state: 'success', context: `ci/${i}` } }));
    expect(made.map((r) => r.status)).toEqual(Array(8).fill(201));
    expect(made.map((r) => r.body.id).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // Every context's latest status, once each.
    const combined = await req('GET', `${base}/commits/${shas.c1}/status`, { token: owner.token });
    expect(combined.body.total_count).toBe(8);
    expect(combined.body.statuses.map((s: { context: string }) => s.context).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `ci/${i}`).sort());
  });

  it('keeps the open issue count right when issues are closed at the same time', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const numbers: number[] = [];
    for (let i = 0; i < 6; i++) numbers.push(await newIssue(base, owner.token));
    const closed = await times(6, (i) => req('PATCH', `${base}/issues/${numbers[i]}`, { token: owner.token, body: { state: 'closed' } }));
    expect(closed.map((r) => r.status)).toEqual(Array(6).fill(201));
    const repo = await req('GET', base, { token: owner.token });
    expect(repo.body.open_issues_count).toBe(0);
  });

  it('closes an issue once when two requests close it at once', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const n = await newIssue(base, owner.token);
    const closed = await times(3, () => req('PATCH', `${base}/issues/${n}`, { token: owner.token, body: { state: 'closed' } }));
    expect(closed.map((r) => [r.status, r.body.state])).toEqual(Array(3).fill([201, 'closed']));
    const timeline = (await req('GET', `${base}/issues/${n}/timeline`, { token: owner.token })).body;
    expect(timeline.filter((e: { type: string }) => e.type === 'state_change').map((e: { body: string }) => e.body)).toEqual(['closed']);
  });

  it('counts comments posted at the same time on one issue', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const n = await newIssue(base, owner.token);
    const posted = await times(6, (i) => req('POST', `${base}/issues/${n}/comments`, { token: owner.token, body: { body: `comment ${i}` } }));
    expect(posted.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect((await req('GET', `${base}/issues/${n}`, { token: owner.token })).body.comments).toBe(6);
  });

  it('adds the same label to an issue from two requests at once: both succeed, one label', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const n = await newIssue(base, owner.token);
    const label = (await req('POST', `${base}/labels`, { token: owner.token, body: { name: 'bug', color: '#ff0000' } })).body;
    const added = await times(4, () => req('POST', `${base}/issues/${n}/labels`, { token: owner.token, body: { labels: [label.id] } }));
    expect(added.map((r) => r.status)).toEqual(Array(4).fill(200));
    const labels = (await req('GET', `${base}/issues/${n}/labels`, { token: owner.token })).body;
    expect(labels.map((l: { name: string }) => l.name)).toEqual(['bug']);
  });

  it('assigns the same user from several requests at once: all succeed, one event', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const n = await newIssue(base, owner.token);
    const edited = await times(4, () => req('PATCH', `${base}/issues/${n}`, { token: owner.token, body: { assignees: [owner.name] } }));
    expect(edited.map((r) => r.status)).toEqual(Array(4).fill(201));
    const timeline = (await req('GET', `${base}/issues/${n}/timeline`, { token: owner.token })).body;
    expect(timeline.filter((e: { type: string }) => e.type === 'assignees')).toHaveLength(1);
  });

  it('changes title, milestone, due date and lock once when several requests make the same change at once', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const n = await newIssue(base, owner.token, 'old title');
    const ms = (await req('POST', `${base}/milestones`, { token: owner.token, body: { title: 'v1' } })).body.id;
    const bodies = [{ title: 'new title' }, { milestone: ms }, { due_date: '2030-01-01T00:00:00Z' }];
    for (const body of bodies) {
      const edited = await times(4, () => req('PATCH', `${base}/issues/${n}`, { token: owner.token, body }));
      expect(edited.map((r) => r.status)).toEqual(Array(4).fill(201));
    }
    const timeline = (await req('GET', `${base}/issues/${n}/timeline`, { token: owner.token })).body;
    expect(timeline.map((e: { type: string }) => e.type)).toEqual(['change_title', 'milestone', 'added_deadline']);
    expect(timeline[0]).toMatchObject({ old_title: 'old title', new_title: 'new title' });
    const locked = await times(4, () => req('PUT', `${base}/issues/${n}/lock`, { token: owner.token, body: { lock_reason: 'spam' } }));
    expect(locked.map((r) => r.status)).toEqual(Array(4).fill(204));
    const after = (await req('GET', `${base}/issues/${n}/timeline`, { token: owner.token })).body;
    expect(after.filter((e: { type: string }) => e.type === 'lock')).toHaveLength(1);
  });

  it('gives an SSH key to one account when two add it at once', async () => {
    const x = Buffer.from(generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x!, 'base64url');
    // OpenSSH's wire format: each field a 4-byte length, then the bytes.
    const field = (b: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, b.length]), b]);
    const key = `ssh-ed25519 ${Buffer.concat([field(Buffer.from('ssh-ed25519')), field(x)]).toString('base64')}`;
    const users = await times(4, () => forge.user('keys'));
    const added = await times(4, (i) => req('POST', '/user/keys', { token: users[i]!.token, body: { title: 'laptop', key } }));
    expect(added.map((r) => r.status).sort()).toEqual([201, 422, 422, 422]);
  });

  it('mentions the same user from comments posted at the same time', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const n = await newIssue(base, owner.token);
    const posted = await times(4, (i) => req('POST', `${base}/issues/${n}/comments`, { token: owner.token, body: { body: `@${owner.name} look ${i}` } }));
    expect(posted.map((r) => r.status)).toEqual(Array(4).fill(201));
  });
});

describe('names under concurrent writes', () => {
  it('renames one of several repositories to a name taken at the same time; the others hear 422', async () => {
    const owner = await forge.user('owner');
    const names = await times(4, async () => (await req('POST', '/user/repos', { token: owner.token, body: { name: uniq('repo') } })).body.name as string);
    const renamed = await times(4, (i) => req('PATCH', `/repos/${owner.name}/${names[i]}`, { token: owner.token, body: { name: 'wanted' } }));
    const statuses = renamed.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The name check, the unique index or the folder already on disk: never the unique index's 409.
    expect(statuses.filter((s) => s !== 200).every((s) => s === 422 || (s === 409 && renamed.some((r) => /on disk/.test(r.body?.message ?? ''))))).toBe(true);
  });

  it('creates one user of a name or e-mail and one token of a name asked for at the same time (422 and 400 for the others)', async () => {
    const name = uniq('twin');
    const users = await times(4, (i) =>
      req('POST', '/admin/users', { token: forge.admin.token, body: { username: name, email: `${name}${i}@example.com`, password: 'password-123456' } }),
    );
    expect(users.map((r) => r.status).sort()).toEqual([201, 422, 422, 422]);
    const email = `${uniq('mail')}@example.com`;
    const sameMail = await times(4, () =>
      req('POST', '/admin/users', { token: forge.admin.token, body: { username: uniq('mail'), email, password: 'password-123456' } }),
    );
    expect(sameMail.map((r) => r.status).sort()).toEqual([201, 422, 422, 422]);
    const u = await forge.user('tokens');
    const tokens = await times(4, () => req('POST', `/users/${u.name}/tokens`, { basic: [u.name, u.password], body: { name: 'ci', scopes: ['all'] } }));
    expect(tokens.map((r) => r.status).sort()).toEqual([201, 400, 400, 400]);
  });

  it('creates one organization and one team of a name asked for at the same time; the others hear 422', async () => {
    const owner = await forge.user('owner');
    const org = uniq('org');
    const orgs = await times(4, () => req('POST', '/orgs', { token: owner.token, body: { username: org } }));
    expect(orgs.map((r) => r.status).sort()).toEqual([201, 422, 422, 422]);
    const teams = await times(4, () =>
      req('POST', `/orgs/${org}/teams`, { token: owner.token, body: { name: 'devs', permission: 'read', units_map: { 'repo.code': 'read' } } }),
    );
    expect(teams.map((r) => r.status).sort()).toEqual([201, 422, 422, 422]);
  });
});

describe('pull requests under concurrent writes', () => {
  it('opens one pull request for the same branches requested at once; the others hear 409', async () => {
    const owner = await forge.user('owner');
    const { base } = await pullRepo(forge, owner);
    const opened = await times(4, () =>
      req('POST', `${base}/pulls`, { token: owner.token, body: { title: 'Add the feature', head: 'feature', base: 'main' } }),
    );
    expect(opened.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    const list = await req('GET', `${base}/pulls?state=all`, { token: owner.token });
    expect(list.body.map((p: { number: number }) => p.number)).toEqual([opened.find((r) => r.status === 201)!.body.number]);
  });
});

describe('reviews under concurrent writes', () => {
  it('requests a reviewer once when several requests ask at once', async () => {
    const pr = await createPull(forge);
    const alice = await forge.user('alice');
    const asked = await times(6, () => req('POST', `${pr.pull}/requested_reviewers`, { token: pr.owner.token, body: { reviewers: [alice.name] } }));
    expect(asked.map((r) => r.status)).toEqual(Array(6).fill(201));
    const timeline = (await req('GET', `${pr.base}/issues/${pr.index}/timeline`, { token: pr.owner.token })).body;
    expect(timeline.filter((e: { type: string }) => e.type === 'review_request')).toHaveLength(1);
    const reviews = (await req('GET', `${pr.pull}/reviews`, { token: pr.owner.token })).body;
    expect(reviews.filter((r: { state: string }) => r.state === 'REQUEST_REVIEW')).toHaveLength(1);
  });

  it('keeps one pending review when several comments start it at once', async () => {
    const pr = await createPull(forge);
    const alice = await forge.user('alice');
    const made = await times(6, (i) =>
      req('POST', `${pr.pull}/reviews`, {
        token: alice.token,
        body: { event: 'PENDING', body: 'draft', comments: [{ path: 'a.txt', body: `note ${i}`, new_position: 5 }] },
      }),
    );
    expect(made.map((r) => r.status)).toEqual(Array(6).fill(200));
    const reviews = (await req('GET', `${pr.pull}/reviews`, { token: alice.token })).body;
    expect(reviews.map((r: { state: string; comments_count: number }) => [r.state, r.comments_count])).toEqual([['PENDING', 6]]);
  });
});

describe('teams under concurrent writes', () => {
  async function org() {
    const owner = await forge.user('owner');
    const name = uniq('org');
    expect((await req('POST', '/orgs', { token: owner.token, body: { username: name } })).status).toBe(201);
    const ownersTeam = (await req('GET', `/orgs/${name}/teams`, { token: owner.token })).body[0];
    return { owner, name, ownersTeamId: ownersTeam.id as number };
  }

  it('adds one user to a team from two requests at once, and to two teams of one organization at once', async () => {
    const o = await org();
    const member = await forge.user('member');
    const teams = await times(
      2,
      async (i) =>
        (await req('POST', `/orgs/${o.name}/teams`, { token: o.owner.token, body: { name: `t${i}`, permission: 'read', units_map: { 'repo.code': 'read' } } }))
          .body.id as number,
    );
    const same = await times(3, () => req('PUT', `/teams/${teams[0]}/members/${member.name}`, { token: o.owner.token }));
    expect(same.map((r) => r.status)).toEqual([204, 204, 204]);
    const two = await times(2, (i) => req('PUT', `/teams/${teams[i]}/members/${member.name}`, { token: o.owner.token }));
    expect(two.map((r) => r.status)).toEqual([204, 204]);
    const counted = await forge.deps.db.selectFrom('team').select('num_members').where('id', '=', teams[0]).executeTakeFirstOrThrow();
    expect(counted.num_members).toBe(1);
  });

  it('never removes the last two owners at once', async () => {
    const o = await org();
    const second = await forge.user('second');
    expect((await req('PUT', `/teams/${o.ownersTeamId}/members/${second.name}`, { token: o.owner.token })).status).toBe(204);
    // The owner removes themself and the second owner at once. On PostgreSQL the two really overlap and
    // either may win: the second owner removed first leaves the owner as the last one (422); the owner
    // gone first leaves the other request from someone no longer in the organization — refused as
    // Gitea's team check refuses a stranger (404) if it was checked after, or as the last owner (422)
    // if it was let in before and waited for the team's lock.
    const removed = await times(2, (i) => req('DELETE', `/teams/${o.ownersTeamId}/members/${i ? second.name : o.owner.name}`, { token: o.owner.token }));
    const [self, other] = removed.map((r) => r.status);
    expect([
      [204, 404],
      [204, 422],
      [422, 204],
    ]).toContainEqual([self, other]);
    const members = await req('GET', `/teams/${o.ownersTeamId}/members`, { token: forge.admin.token });
    expect(members.body.map((u: { login: string }) => u.login)).toEqual([self === 204 ? second.name : o.owner.name]);
  });

  it('never removes the last two owners from the organization at once', async () => {
    const o = await org();
    const second = await forge.user('second');
    expect((await req('PUT', `/teams/${o.ownersTeamId}/members/${second.name}`, { token: o.owner.token })).status).toBe(204);
    const removed = await times(2, (i) => req('DELETE', `/orgs/${o.name}/members/${i ? second.name : o.owner.name}`, { token: forge.admin.token }));
    expect(removed.map((r) => r.status).sort()).toEqual([204, 422]);
    expect((await req('GET', `/teams/${o.ownersTeamId}/members`, { token: forge.admin.token })).body).toHaveLength(1);
  });

  it('adds one repository to a team from two requests at once', async () => {
    const o = await org();
    const repo = await req('POST', `/orgs/${o.name}/repos`, { token: o.owner.token, body: { name: 'r' } });
    expect(repo.status).toBe(201);
    const team = (
      await req('POST', `/orgs/${o.name}/teams`, { token: o.owner.token, body: { name: 'devs', permission: 'write', units_map: { 'repo.code': 'write' } } })
    ).body.id;
    const added = await times(3, () => req('PUT', `/teams/${team}/repos/${o.name}/r`, { token: o.owner.token }));
    expect(added.map((r) => r.status)).toEqual([204, 204, 204]);
    const counted = await forge.deps.db.selectFrom('team').select('num_repos').where('id', '=', team).executeTakeFirstOrThrow();
    expect(counted.num_repos).toBe(1);
  });
});

describe('order', () => {
  it("lists an issue's labels of one name by id, also after one of them changed", async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const n = await newIssue(base, owner.token);
    const ids: number[] = [];
    for (const color of ['#000001', '#000002', '#000003'])
      ids.push((await req('POST', `${base}/labels`, { token: owner.token, body: { name: 'same', color } })).body.id);
    expect((await req('PUT', `${base}/issues/${n}/labels`, { token: owner.token, body: { labels: ids } })).status).toBe(200);
    // An UPDATE moves the row on PostgreSQL (a new tuple at the end of the heap).
    expect((await req('PATCH', `${base}/labels/${ids[0]}`, { token: owner.token, body: { description: 'changed' } })).status).toBe(200);
    const labels = (await req('GET', `${base}/issues/${n}/labels`, { token: owner.token })).body;
    expect(labels.map((l: { id: number }) => l.id)).toEqual(ids);
    const issue = (await req('GET', `${base}/issues/${n}`, { token: owner.token })).body;
    expect(issue.labels.map((l: { id: number }) => l.id)).toEqual(ids);
  });
});

describe('text order', () => {
  it("sorts names byte by byte, as SQLite, whatever the PostgreSQL database's locale", async () => {
    const { db } = forge.deps;
    if (isPostgres(db)) {
      // A database made with a locale (en_US, ICU) puts "a_c" before "a-b" before "ab": a column of
      // one, then the migration.
      await sql`alter table label alter column name type varchar(255) collate "und-x-icu"`.execute(db);
      await migrations['20261123_0620_da_name_collation']!.up(db);
    }
    const { owner, base } = await ownerWithRepo(forge);
    for (const name of ['ab', 'a_c', 'a-b', 'a.d'])
      expect((await req('POST', `${base}/labels`, { token: owner.token, body: { name, color: '#00ff00' } })).status).toBe(201);
    const labels = (await req('GET', `${base}/labels`, { token: owner.token })).body;
    expect(labels.map((l: { name: string }) => l.name)).toEqual(['a-b', 'a.d', 'a_c', 'ab']);
  });
});

describe('matching', () => {
  it('finds a milestone whose name has a backslash, as typed', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    expect((await req('POST', `${base}/milestones`, { token: owner.token, body: { title: 'v1\\beta' } })).status).toBe(201);
    const r = await req('GET', `${base}/milestones?name=${encodeURIComponent('V1\\B')}`, { token: owner.token });
    expect(r.body.map((m: { title: string }) => m.title)).toEqual(['v1\\beta']);
  });

  it('finds an issue whose title has a backslash, as typed', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    await newIssue(base, owner.token, 'path C:\\Temp fails');
    const r = await req('GET', `${base}/issues?q=${encodeURIComponent('c:\\temp')}`, { token: owner.token });
    expect(r.body.map((i: { title: string }) => i.title)).toEqual(['path C:\\Temp fails']);
  });

  it('finds a user whose full name has a backslash, as typed', async () => {
    const u = await forge.user('slash');
    await forge.deps.db.updateTable('user').set({ full_name: 'Back\\Slash' }).where('id', '=', u.id).execute();
    const r = await req('GET', `/users/search?q=${encodeURIComponent('back\\s')}`, { token: u.token });
    expect(r.body.data.map((x: { login: string }) => x.login)).toEqual([u.name]);
  });
});

describe('types', () => {
  it('answers 404 for numbers beyond 32-bit ids in paths', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    expect((await req('GET', `${base}/issues/99999999999`, { token: owner.token })).status).toBe(404);
    expect((await req('GET', `${base}/issues/comments/99999999999`, { token: owner.token })).status).toBe(404);
    expect((await req('GET', `${base}/labels/99999999999`, { token: owner.token })).status).toBe(404);
    expect((await req('PATCH', `${base}/issues/99999999999`, { token: owner.token, body: { title: 'x' } })).status).toBe(404);
    expect((await req('DELETE', `${base}/issues/comments/99999999999`, { token: owner.token })).status).toBe(404);
    // A search for such a number finds nothing (it is no issue's number).
    const found = await req('GET', `${base}/issues?q=${encodeURIComponent('#99999999999')}`, { token: owner.token });
    expect([found.status, found.body]).toEqual([200, []]);
  });

  it("takes a review comment on a text file with a NUL byte past git's binary check", async () => {
    const owner = await forge.user('owner');
    const name = uniq('repo');
    // git calls a file binary only for a NUL in its first 8000 bytes: this one is diffed as text.
    const text = (last: string) => `${'x'.repeat(9000)}\nline two\n${last}\n`;
    await createFixtureRepo(forge.deps, owner, name, [
      { id: 'base', message: 'Base', files: { 'n.txt': text('a\u0000b') } },
      { branch: 'feature', from: 'base', id: 'f1', message: 'Change', files: { 'n.txt': text('a\u0000c') } },
    ]);
    const base = `/repos/${owner.name}/${name}`;
    const open = await req('POST', `${base}/pulls`, { token: owner.token, body: { title: 'NUL', head: 'feature', base: 'main' } });
    expect(open.status).toBe(201);
    const review = await req('POST', `${base}/pulls/${open.body.number}/reviews`, {
      token: owner.token,
      body: { event: 'COMMENT', body: 'see', comments: [{ path: 'n.txt', body: 'this line', new_position: 3 }] },
    });
    expect(review.status).toBe(200);
    const comments = await req('GET', `${base}/pulls/${open.body.number}/reviews/${review.body.id}/comments`, { token: owner.token });
    expect(comments.body.map((c: { body: string }) => c.body)).toEqual(['this line']);
  });

  it('finds nothing, without an error, for id filters past 32 bits', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const big = '99999999999';
    const users = await req('GET', `/users/search?uid=${big}`, { token: owner.token });
    expect([users.status, users.body.data]).toEqual([200, []]);
    const repos = await req('GET', `/repos/search?uid=${big}&starredBy=${big}`, { token: owner.token });
    expect([repos.status, repos.body.data]).toEqual([200, []]);
    const ranked = await req('GET', `/repos/search?priority_owner_id=${big}`, { token: owner.token });
    expect(ranked.status).toBe(200);
    const pulls = await req('GET', `${base}/pulls?milestone=${big}&labels=${big}`, { token: owner.token });
    expect([pulls.status, pulls.body]).toEqual([200, []]);
    const issues = await req('GET', `${base}/issues?milestones=${big}`, { token: owner.token });
    expect([issues.status, issues.body]).toEqual([200, []]);
  });

  it('refuses a number past 32 bits in a written body without a 500', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const r = await req('POST', `${base}/branch_protections`, { token: owner.token, body: { rule_name: 'main', priority: 99999999999 } });
    expect(r.status).toBeLessThan(500);
  });

  it('refuses text with a NUL byte with 422, not 500', async () => {
    const { owner, base } = await ownerWithRepo(forge);
    const r = await req('POST', `${base}/issues`, { token: owner.token, body: { title: 'a\u0000b' } });
    expect(r.status).toBeLessThan(500);
  });
});

describe('locks', () => {
  it('takes a repository lock with the database, and refuses one asked with a transaction on PostgreSQL (it would hold in one process only)', async () => {
    const { db } = forge.deps;
    expect(await withRepoLock(db, 'merge', 1, async () => 'ran')).toBe('ran');
    const inTransaction = db.transaction().execute((trx) => withRepoLock(trx, 'merge', 1, async () => 'ran'));
    if (isPostgres(db)) await expect(inTransaction).rejects.toThrow(/pass the database, not a transaction/);
    else expect(await inTransaction).toBe('ran');
  });
});
