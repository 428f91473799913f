// `forge migrate-data` (issue #12): a SQLite forge with real data made through the API and git
// pushes is copied into a fresh PostgreSQL database; a forge on that database over the same data
// folder answers the same JSON, keeps numbering where the old one stopped, and every table's rows
// arrived unchanged. Refusals (a target with rows, a missing source, an unreachable server, a value
// PostgreSQL cannot hold) copy nothing and say why; `forge dump` and `restore` refuse on PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { openDb } from '../src/db/index.ts';
import type { Db } from '../src/db/types.ts';
import { closeDb } from '../src/db/dialect.ts';
import { openSqlite } from '../src/db/sqlite.ts';
import { migrateData } from '../src/services/migrate-data.ts';
import { createTestForge, uniq, type TestForge } from './helpers.ts';
import { freshPostgresDatabase } from './pg-databases.ts';
import { gitClient, gitUrl, listenForge, type GitClient } from './git-over-http.ts';
import { freePort, runCli } from './cli-process.ts';

type App = ReturnType<typeof createApp>;
type User = Awaited<ReturnType<TestForge['user']>>;

/**
 * The tables schema.ts's Database interface declares, read from its source: a table added there
 * later is checked here with no change to this file.
 */
function declaredTables(): string[] {
  const text = fs.readFileSync(path.join(import.meta.dirname, '../src/db/schema.ts'), 'utf8');
  const body = /export interface Database \{([^}]*)\}/.exec(text)?.[1] ?? '';
  return [...body.matchAll(/^\s*(\w+)\s*:/gm)].map((m) => m[1]!);
}

const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIMP5IlXvEYG3692tyYwZaLceeNqq78YxV9pa+nseoX9+ me@laptop';

async function request(app: App, method: string, url: string, token?: string, body?: unknown) {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `token ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await app.request(`/api/v1${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, total: res.headers.get('x-total-count') };
}

/** Every row of a table, in a stable order, with the key order of the source. */
async function rowsOf(db: Db, table: string): Promise<Record<string, unknown>[]> {
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
  const key = (r: Record<string, unknown>) =>
    JSON.stringify(
      Object.keys(r)
        .sort()
        .map((k) => r[k]),
    );
  return rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

let forge: TestForge;
let server: { base: string; close: () => void };
let gitc: GitClient;
let alice: User;
let bob: User;
let org: string;
let repo: string;
let teamId: number;
let issueNumber: number;
let pullNumber: number;
let bobToken: string;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-migrate-'));
const dbFile = () => path.join(forge.dataDir, 'forge.db');

beforeAll(async () => {
  forge = await createTestForge({ database: 'sqlite' }); // the source is always a SQLite forge
  server = await listenForge(forge);
  gitc = gitClient('forge-migrate-git-');
  alice = await forge.user('alice');
  bob = await forge.user('bob');
  const req = (method: string, url: string, token: string, body?: unknown, expected = [200, 201, 204]) =>
    forge.req(method, url, { token, body }).then((r) => {
      if (!expected.includes(r.status)) throw new Error(`${method} ${url}: ${r.status} ${r.text}`);
      return r.body;
    });

  // An organization with a team, a member and a repository of its own.
  org = uniq('org');
  await req('POST', '/orgs', alice.token, { username: org, full_name: 'The Org' });
  teamId = (
    await req('POST', `/orgs/${org}/teams`, alice.token, { name: 'devs', permission: 'write', units_map: { 'repo.code': 'write', 'repo.issues': 'write' } })
  ).id;
  await req('PUT', `/teams/${teamId}/members/${bob.name}`, alice.token);
  await req('POST', `/orgs/${org}/repos`, alice.token, { name: 'org-repo', auto_init: true });
  await req('PUT', `/teams/${teamId}/repos/${org}/org-repo`, alice.token);

  // A repository renamed once (its old name is a redirect), with history pushed over git.
  const old = uniq('old');
  await req('POST', '/user/repos', alice.token, { name: old, auto_init: true, description: 'Migrated' });
  repo = uniq('project');
  await req('PATCH', `/repos/${alice.name}/${old}`, alice.token, { name: repo });
  const wt = gitc.tmp();
  await gitc.git(wt, 'clone', '--quiet', gitUrl(server.base, `${alice.name}/${repo}`, [alice.name, alice.token]), '.');
  fs.writeFileSync(path.join(wt, 'main.txt'), 'on main\n');
  await gitc.git(wt, 'add', '.');
  await gitc.git(wt, 'commit', '--quiet', '-m', 'Main work');
  await gitc.git(wt, 'push', '--quiet', 'origin', 'HEAD:refs/heads/main');
  await gitc.git(wt, 'checkout', '--quiet', '-b', 'feature');
  fs.writeFileSync(path.join(wt, 'feature.txt'), 'a feature\nover two lines\n');
  await gitc.git(wt, 'add', '.');
  await gitc.git(wt, 'commit', '--quiet', '-m', 'Add the feature');
  await gitc.git(wt, 'push', '--quiet', 'origin', 'HEAD:refs/heads/feature');
  const head = (await gitc.git(wt, 'rev-parse', 'HEAD')).stdout.trim();

  const base = `/repos/${alice.name}/${repo}`;
  await req('PUT', `${base}/collaborators/${bob.name}`, alice.token, { permission: 'write' });
  const bug = await req('POST', `${base}/labels`, alice.token, { name: 'bug', color: '#ee0701' });
  const docs = await req('POST', `${base}/labels`, alice.token, { name: 'docs', color: '#0075ca', description: 'Documentation' });
  const milestone = await req('POST', `${base}/milestones`, alice.token, { title: 'v1', description: 'First release' });
  const issue = await req('POST', `${base}/issues`, alice.token, {
    title: 'Crash on start',
    body: 'It **crashes**.',
    labels: [bug.id],
    milestone: milestone.id,
    assignees: [bob.name],
  });
  issueNumber = issue.number;
  await req('POST', `${base}/issues/${issueNumber}/labels`, alice.token, { labels: [docs.id] });
  await req('POST', `${base}/issues/${issueNumber}/comments`, bob.token, { body: 'Seen it too — with ünïcödé and emoji 🎉' });
  await req('POST', `${base}/issues/${issueNumber}/comments`, alice.token, { body: 'Fixed in the feature branch.' });
  await req('POST', `${base}/issues`, bob.token, { title: 'Second issue' });
  await req('PATCH', `${base}/issues/2`, alice.token, { state: 'closed' });

  const pull = await req('POST', `${base}/pulls`, bob.token, { head: 'feature', base: 'main', title: 'Add the feature', body: `Fixes #${issueNumber}` });
  pullNumber = pull.number;
  await req('POST', `${base}/pulls/${pullNumber}/reviews`, bob.token, {
    event: 'COMMENT',
    body: 'Looks good',
    comments: [{ path: 'feature.txt', body: 'two lines?', new_position: 2 }],
  });
  await req('POST', `${base}/issues/${pullNumber}/comments`, alice.token, { body: 'Merging soon.' });
  await req('POST', `${base}/statuses/${head}`, alice.token, { state: 'success', context: 'ci/build', description: 'Built' });
  await req('POST', `${base}/branch_protections`, alice.token, { rule_name: 'main', required_approvals: 1 });

  await req('PUT', `/user/starred/${alice.name}/${repo}`, bob.token);
  await req('PUT', `${base}/subscription`, bob.token);
  await req('PUT', `/user/following/${alice.name}`, bob.token);
  await req('POST', '/user/keys', bob.token, { title: 'laptop', key: KEY });
  const made = await forge.req('POST', `/users/${bob.name}/tokens`, { basic: [bob.name, bob.password], body: { name: 'deploy', scopes: ['all'] } });
  expect(made.status).toBe(201);
  bobToken = made.body.sha1;
  const form = new FormData();
  form.append('attachment', new Blob([Buffer.from('log lines\n')]), 'log.txt');
  const up = await forge.app.request(`/api/v1${base}/issues/${issueNumber}/assets`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `token ${alice.token}` },
  });
  expect(up.status).toBe(201);
}, 120_000);

afterAll(() => {
  server?.close();
  gitc?.cleanup();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('migrate-data', () => {
  it('copies every table to PostgreSQL, and a forge there answers as before and numbers on', { timeout: 120_000 }, async () => {
    const target = await freshPostgresDatabase();
    const lines: string[] = [];
    const summary = await migrateData({ from: `sqlite:${dbFile()}`, to: target.url, log: (m) => lines.push(m) });
    const pgDb = await openDb(target.url);
    try {
      // Every table the migrations create, the ones schema.ts declares among them, was copied.
      const { rows } = await sql<{
        name: string;
      }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(pgDb);
      const targetTables = rows
        .map((r) => r.name)
        .filter((n) => !n.startsWith('kysely_'))
        .sort();
      expect(summary.tables.map((t) => t.name).sort()).toEqual(targetTables);
      const declared = declaredTables();
      expect(declared.length).toBeGreaterThan(25);
      expect(targetTables).toEqual(expect.arrayContaining(declared));
      // Row for row, column for column, what the source holds.
      for (const { name, rows: n } of summary.tables) {
        const [src, dst] = [await rowsOf(forge.deps.db, name), await rowsOf(pgDb, name)];
        expect(dst, name).toEqual(src);
        expect(n, name).toBe(src.length);
      }
      // The data made above is there (these tables are not empty).
      const counts = Object.fromEntries(summary.tables.map((t) => [t.name, t.rows]));
      for (const t of [
        'user',
        'access_token',
        'repository',
        'action',
        'issue',
        'label',
        'issue_label',
        'milestone',
        'issue_assignees',
        'comment',
        'attachment',
        'pull_request',
        'review',
        'commit_status',
        'follow',
        'star',
        'watch',
        'public_key',
        'collaboration',
        'org_user',
        'team',
        'team_user',
        'team_repo',
        'team_unit',
        'repo_redirect',
        'protected_branch',
        'issue_index',
      ]) {
        expect(counts[t], t).toBeGreaterThan(0);
      }
      // One line per table and the summary, without the password.
      expect(lines.filter((l) => /^ {2}\S+ +\d+ rows?$/.test(l))).toHaveLength(summary.tables.length);
      const password = new URL(target.url).password;
      const host = new URL(target.url).host;
      expect(lines.at(-2)).toMatch(
        new RegExp(
          `^Copied ${summary.rows} rows in ${summary.tables.length} tables to postgres://[^@]*@?${host.replace(/[.]/g, '\\.')}/${new URL(target.url).pathname.slice(1)}`,
        ),
      );
      if (password) expect(lines.join('\n')).not.toContain(password);

      // A forge on PostgreSQL over the same data folder answers the same JSON.
      const pgApp = createApp({ db: pgDb, config: { ...forge.deps.config, databaseUrl: target.url } });
      const base = `/repos/${alice.name}/${repo}`;
      const gets: [string, string][] = [
        [`${base}`, alice.token],
        [`${base}/issues?state=all`, alice.token],
        [`${base}/issues/${issueNumber}`, alice.token],
        [`${base}/issues/${issueNumber}/comments`, bob.token],
        [`${base}/issues/${issueNumber}/timeline`, alice.token],
        [`${base}/issues/${issueNumber}/labels`, alice.token],
        [`${base}/milestones?state=all`, alice.token],
        [`${base}/pulls/${pullNumber}`, bob.token],
        [`${base}/pulls/${pullNumber}/reviews`, bob.token],
        [`${base}/pulls?state=all`, alice.token],
        [`${base}/commits/feature/status`, alice.token],
        [`${base}/branch_protections`, alice.token],
        [`${base}/stargazers`, alice.token],
        [`/repos/${alice.name}/${repo}/collaborators`, alice.token],
        [`/users/${alice.name}`, bob.token],
        [`/users/${alice.name}/followers`, bob.token],
        [`/user`, bobToken],
        [`/user/keys`, bob.token],
        [`/users/${bob.name}/starred`, bob.token],
        [`/orgs/${org}/teams`, alice.token],
        [`/teams/${teamId}/members`, alice.token],
        [`/orgs/${org}/repos`, bob.token],
        [`/repos/search?q=${repo.slice(0, 7)}`, alice.token],
        [`/repos/issues/search?q=crash`, alice.token],
        [`/users/search?q=${bob.name}`, alice.token],
        [`/users/${alice.name}/activities/feeds`, alice.token],
      ];
      for (const [url, token] of gets) {
        const [before, after] = [await request(forge.app, 'GET', url, token), await request(pgApp, 'GET', url, token)];
        expect(before.status, url).toBe(200);
        expect(after, url).toEqual(before);
      }
      // The old name still redirects there.
      const redirected = await pgApp.request(
        `/api/v1/repos/${alice.name}/${(await pgDb.selectFrom('repo_redirect').select('lower_name').executeTakeFirstOrThrow()).lower_name}`,
        { headers: { Authorization: `token ${alice.token}` } },
      );
      expect(redirected.status).toBe(307);
      expect(redirected.headers.get('location')).toMatch(new RegExp(`/repos/${alice.name}/${repo}$`));

      // Numbers and ids carry on where the SQLite forge stopped (the sequences were moved on).
      const maxIssueId = Number((await sql<{ m: number }>`select max(id) as m from issue`.execute(forge.deps.db)).rows[0]!.m);
      const created = await request(pgApp, 'POST', `${base}/issues`, alice.token, { title: 'First on PostgreSQL', labels: [], assignees: [] });
      expect(created.status).toBe(201);
      expect(created.body.number).toBe(pullNumber + 1);
      expect(created.body.id).toBe(maxIssueId + 1);
      const comment = await request(pgApp, 'POST', `${base}/issues/${created.body.number}/comments`, bob.token, { body: 'and a comment' });
      expect(comment.status).toBe(201);
      const maxCommentId = Number((await sql<{ m: number }>`select max(id) as m from comment`.execute(forge.deps.db)).rows[0]!.m);
      expect(comment.body.id).toBeGreaterThan(maxCommentId);
      const newRepo = await request(pgApp, 'POST', '/user/repos', bob.token, { name: uniq('fresh') });
      expect(newRepo.status).toBe(201);
      expect(newRepo.body.id).toBe(Math.max(...(await rowsOf(forge.deps.db, 'repository')).map((r) => Number(r.id))) + 1);

      // A second run into the same database refuses and changes nothing.
      const before = await rowsOf(pgDb, 'issue');
      await expect(migrateData({ from: `sqlite:${dbFile()}`, to: target.url, log: () => {} })).rejects.toThrow(
        /Refusing to copy into .*not empty \(tables? .*"user"/,
      );
      expect(await rowsOf(pgDb, 'issue')).toEqual(before);
    } finally {
      await closeDb(pgDb);
      await target.drop();
    }
  });

  it('runs as the forge command line: exit code 0 and one line per table; a second run exits 1 and copies nothing', { timeout: 120_000 }, async () => {
    const target = await freshPostgresDatabase();
    try {
      const run = await runCli(['migrate-data', '--from', `sqlite:${dbFile()}`, '--to', target.url], { FORGE_DATA_DIR: forge.dataDir });
      expect(await run.exited, run.output()).toBe(0);
      expect(run.output()).toMatch(/^ {2}pull_request +1 row$/m);
      expect(run.output()).toMatch(/^ {2}issue +3 rows$/m);
      expect(run.output()).toMatch(/^Copied \d+ rows in \d+ tables to postgres:\/\//m);
      const password = new URL(target.url).password;
      if (password) expect(run.output()).not.toContain(password);

      // FORGE_DATABASE_URL names the target when --to is not given; --from defaults to the data folder's forge.db.
      const again = await runCli(['migrate-data'], { FORGE_DATA_DIR: forge.dataDir, FORGE_DATABASE_URL: target.url });
      expect(await again.exited).toBe(1);
      expect(again.output()).toMatch(/Refusing to copy into postgres:\/\/.*not empty .*Use an empty database/);
      expect(again.output()).not.toMatch(/^\s+at /m); // a message, not a stack trace
    } finally {
      await target.drop();
    }
  });

  it('refuses a source that does not exist, and creates none', async () => {
    const target = await freshPostgresDatabase();
    try {
      const missing = path.join(tmp, 'nowhere', 'forge.db');
      await expect(migrateData({ from: `sqlite:${missing}`, to: target.url, log: () => {} })).rejects.toThrow(`No SQLite database at ${missing}`);
      expect(fs.existsSync(missing)).toBe(false);
      expect(fs.existsSync(path.dirname(missing))).toBe(false);
      // A file that is not a forge's database is not given the forge's tables either.
      const other = path.join(tmp, 'other.db');
      const o = openSqlite(other);
      o.exec('create table notes (id integer primary key, body text)');
      o.close();
      await expect(migrateData({ from: other, to: target.url, log: () => {} })).rejects.toThrow(/is not a forge database/);
      const check = openSqlite(other, { readonly: true });
      expect(check.prepare("select name from sqlite_master where type = 'table'").all()).toEqual([{ name: 'notes' }]);
      check.close();
    } finally {
      await target.drop();
    }
  });

  it('refuses a target it cannot reach, without printing its password', async () => {
    const port = await freePort();
    const url = `postgres://forge:s3cret-Passw0rd@127.0.0.1:${port}/forge`;
    const err = await migrateData({ from: dbFile(), to: url, log: () => {} }).then(
      () => null,
      (e: Error) => e,
    );
    expect(err?.message).toMatch(new RegExp(`^Cannot open the PostgreSQL database postgres://forge@127\\.0\\.0\\.1:${port}/forge: .*ECONNREFUSED`));
    expect(err?.message).not.toContain('s3cret');
    await expect(migrateData({ from: dbFile(), to: 'mysql://x@y/z', log: () => {} })).rejects.toThrow(/--to must be a postgres:\/\/ URL/);
  });

  it('names the table, row and column of a value PostgreSQL cannot hold, and copies nothing', { timeout: 60_000 }, async () => {
    // A forge on SQLite takes both through its API today (a NUL byte in an issue's or comment's
    // JSON text, a 300-character label name: SQLite does not enforce varchar lengths); written
    // directly here so the test does not depend on that staying so.
    const copy = path.join(tmp, 'nul.db');
    const src = openSqlite(dbFile(), { readonly: true });
    src.exec(`vacuum into '${copy.replace(/'/g, "''")}'`);
    src.close();
    const db = openSqlite(copy);
    const commentId = (db.prepare('select max(id) as id from comment').get() as { id: number }).id;
    db.prepare("update comment set content = 'before' || char(0) || 'after' where id = ?").run(commentId);
    db.prepare('update label set name = ? where id = (select min(id) from label)').run('x'.repeat(300));
    db.close();
    const labelId = (
      await forge.deps.db
        .selectFrom('label')
        .select((eb) => eb.fn.min('id').as('id'))
        .executeTakeFirstOrThrow()
    ).id;

    const target = await freshPostgresDatabase();
    const pgDb = await openDb(target.url);
    try {
      const err = await migrateData({ from: copy, to: target.url, log: () => {} }).then(
        () => null,
        (e: Error) => e,
      );
      expect(err?.message).toMatch(/^Nothing was copied: 2 values in .* cannot go into PostgreSQL/);
      expect(err?.message).toContain(`table "comment", id ${commentId}, column "content": contains a NUL byte at character 7`);
      expect(err?.message).toContain(`table "label", id ${labelId}, column "name": is 300 characters long; the column holds at most 255`);
      for (const t of ['user', 'issue', 'comment', 'label']) expect(await rowsOf(pgDb, t), t).toEqual([]);
    } finally {
      await closeDb(pgDb);
      await target.drop();
    }
  });

  it('dump and restore refuse on PostgreSQL and point to pg_dump / pg_restore', { timeout: 60_000 }, async () => {
    const env = { FORGE_DATA_DIR: forge.dataDir, FORGE_DATABASE_URL: 'postgres://forge:pw@127.0.0.1:1/forge' };
    const dump = await runCli(['dump', '--file', path.join(tmp, 'x.tar.gz')], env);
    expect(await dump.exited).toBe(1);
    expect(dump.output()).toMatch(/this one uses PostgreSQL .*pg_dump.* copy the data folder/);
    expect(fs.existsSync(path.join(tmp, 'x.tar.gz'))).toBe(false);
    const restore = await runCli(['restore', path.join(tmp, 'x.tar.gz')], { ...env, FORGE_DATA_DIR: path.join(tmp, 'restored') });
    expect(await restore.exited).toBe(1);
    expect(restore.output()).toMatch(/pg_restore/);
    expect(fs.existsSync(path.join(tmp, 'restored'))).toBe(false);
  });
});
