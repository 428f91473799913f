// The lists the API and the web app use, asked with the arguments Gitea clients send by default,
// must read an index in the order they sort: no full scan of a table that grows with use and no
// temporary B-tree for the ORDER BY. Every statement a request runs is captured and checked with
// EXPLAIN QUERY PLAN, so a new query or a lost index fails here before it is slow in production.
import path from 'node:path';
import { openSqlite } from '../src/db/sqlite.ts';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import type { Database } from '../src/db/schema.ts';
import { createTestForge } from './helpers.ts';
import { makeRepo, openPull, personOf, standardHistory } from './merge-fixtures.ts';

// SQLite's own query planner (EXPLAIN QUERY PLAN): a forge on SQLite in every run.
const forge = await createTestForge({ database: 'sqlite' });
const owner = await forge.user('owner');
const reader = await forge.user('reader');

// The same database, through a Kysely that records every statement it runs.
const sqlite = openSqlite(path.join(forge.dataDir, 'forge.db'));
let captured: CompiledQuery[] = [];
const db = new Kysely<Database>({
  dialect: new SqliteDialect({ database: sqlite }),
  log: (e) => {
    if (e.level === 'query') captured.push(e.query);
  },
});
const app = createApp({ ...forge.deps, db });

/** Tables that grow with use: a scan of one of them costs more every day. */
const BIG = ['issue', 'comment', 'repository', 'pull_request', 'user', 'action', 'issue_label', 'review', 'commit_status', 'attachment'];

interface PlanRow {
  detail: string;
}

/** The plan lines of the statements `url` runs that scan a big table or sort the paged list in a temp B-tree. */
async function badPlans(url: string, token?: string): Promise<string[]> {
  captured = [];
  const res = await app.request(`/api/v1${url}`, { headers: token ? { Authorization: `token ${token}` } : {} });
  expect(res.status, url).toBe(200);
  const bad: string[] = [];
  for (const q of captured) {
    if (!/^\s*select/i.test(q.sql)) continue;
    const plan = sqlite.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...(q.parameters as unknown[])) as PlanRow[];
    for (const row of plan) {
      const scan = /^SCAN (\w+)(?! USING (?:COVERING )?INDEX)/.exec(row.detail);
      const scansBig = scan && BIG.includes(scan[1]!) && !/USING (COVERING )?INDEX|USING INTEGER PRIMARY KEY/.test(row.detail);
      // A temporary sort matters for the paged list itself (LIMIT): lookups for one page's rows
      // (labels of these 20 issues) sort a handful of rows whatever the table's size.
      const sortsList = /USE TEMP B-TREE/.test(row.detail) && /\blimit\b/i.test(q.sql);
      if (scansBig || sortsList) bad.push(`${row.detail}\n    in: ${q.sql}`);
    }
  }
  return bad;
}

const { repo, dir, api } = await makeRepo(forge, owner, standardHistory(personOf(owner)));
await forge.req('POST', `${api}/issues`, { token: owner.token, body: { title: 'First', body: 'text' } });
await forge.req('POST', `${api}/issues`, { token: owner.token, body: { title: 'Second', body: 'more' } });
await forge.req('POST', `${api}/issues/1/comments`, { token: owner.token, body: { body: 'a comment' } });
await openPull(forge, repo, dir, owner, { head: 'feature' });

describe('list queries use an index in sort order', () => {
  const lists: [string, string][] = [
    ['issues, as Gitea clients ask (no type)', `${api}/issues`],
    ['issues, every state', `${api}/issues?state=all`],
    ['issues, closed', `${api}/issues?state=closed`],
    ['issues only', `${api}/issues?type=issues`],
    ['pull requests through the issue list', `${api}/issues?type=pulls&state=all`],
    ['pull request list', `${api}/pulls`],
    ['pull request list, every state', `${api}/pulls?state=all`],
    ['comments of an issue', `${api}/issues/1/comments`],
    ['timeline of an issue', `${api}/issues/1/timeline`],
    ['repository search', '/repos/search?limit=20'],
  ];
  for (const [name, url] of lists) {
    it(`${name}: ${url}`, async () => {
      expect(await badPlans(url, reader.token)).toEqual([]);
      expect(await badPlans(url)).toEqual([]);
    });
  }

  it('the check itself catches a list that sorts without an index', async () => {
    // Sorting issues by a column no index starts with must be reported.
    captured = [];
    const q = db.selectFrom('issue').selectAll().where('repo_id', '=', repo.id).orderBy('num_comments', 'desc').compile();
    const plan = sqlite.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...(q.parameters as unknown[])) as PlanRow[];
    expect(plan.some((r) => /USE TEMP B-TREE/.test(r.detail))).toBe(true);
  });
});
