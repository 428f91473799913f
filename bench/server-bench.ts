// The server rows of issue #11's table: requests per second of the forge's hot read endpoints at
// 10 keep-alive connections, each beside a bare Hono app on @hono/node-server answering a fixed
// JSON of the same size in the same run; commits page 1 against the git command it needs; and the
// growth rows (issue list page 1, and the first commits request after a push, at 1k / 10k / 50k).
// The load comes from bench/load-client.mjs in a child process (autocannon's model), so the
// server under test has its own event loop. Run alone: npx tsx bench/server-bench.ts
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Hono } from 'hono';
import { createApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { sql } from 'kysely';
import { openDb } from '../server/src/db/index.ts';
import type { Db } from '../server/src/db/types.ts';
import { closeDb, isPostgres } from '../server/src/db/dialect.ts';
import type { Deps } from '../server/src/context.ts';
import type { UserRow } from '../server/src/db/schema.ts';
import { createToken, createUser } from '../server/src/services/users.ts';
import { createRepository } from '../server/src/services/repos.ts';
import { recountRepo } from '../server/src/services/conversation.ts';
import { applyPushEffects, snapshotRefs, writeCommitGraph } from '../server/src/services/pulls/push.ts';
import { logArgs } from '../server/src/git/log.ts';
import { gitEnv } from '../server/src/git/run-git.ts';
import { gitCli } from '../server/test/git-cli.ts';
import { createFixtureRepo, syntheticHistory } from '../server/test/git-fixtures.ts';
import { benchPostgres, type BenchPostgres } from './bench-postgres.ts';
import { close, fmt, listen, load, median, type Load } from './bench-load.ts';

const run = promisify(execFile);
const CONNECTIONS = 10;
const DURATION_MS = Number(process.env.BENCH_LOAD_MS ?? 2000);
const LOAD = { connections: CONNECTIONS, durationMs: DURATION_MS };
const ROUNDS = 3;
const AUTHORS = [
  { name: 'Bench Owner', email: 'bench@example.com' },
  { name: 'Ada', email: 'ada@example.com' },
  { name: 'Brian', email: 'brian@example.com' },
];

/** Issues straight into the table (with labels on some), as many as `count`, then the counters. */
export async function seedIssues(db: Db, repoId: number, posterId: number, count: number) {
  const start = Math.floor(Date.now() / 1000) - count * 60;
  const label = await db
    .insertInto('label')
    .values({ repo_id: repoId, name: 'bug', color: '#ee0701', description: '', exclusive: 0, archived_unix: 0, created_unix: 0, updated_unix: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    const CHUNK = 500;
    for (let from = 0; from < count; from += CHUNK) {
      const rows = [];
      for (let i = from; i < Math.min(count, from + CHUNK); i++) {
        const t = start + i * 60;
        rows.push({
          repo_id: repoId,
          index: i + 1,
          poster_id: posterId,
          original_author: '',
          original_author_id: 0,
          name: `Issue number ${i + 1}`,
          content: `Body of issue ${i + 1}`,
          ref: '',
          milestone_id: 0,
          priority: 0,
          is_closed: i % 4 === 0 ? 1 : 0,
          is_pull: 0,
          is_locked: 0,
          num_comments: 0,
          deadline_unix: 0,
          created_unix: t,
          updated_unix: t,
          closed_unix: i % 4 === 0 ? t : 0,
        });
      }
      const ids = await trx.insertInto('issue').values(rows).returning('id').execute();
      const links = ids.filter((_, k) => (from + k) % 7 === 0).map((r) => ({ issue_id: r.id, label_id: label.id }));
      if (links.length) await trx.insertInto('issue_label').values(links).execute();
    }
    await trx
      .insertInto('issue_index')
      .values({ repo_id: repoId, max_index: count })
      .onConflict((oc) => oc.column('repo_id').doUpdateSet({ max_index: count }))
      .execute();
    await recountRepo(trx, repoId);
  });
}

/** One new commit on main, moved in and announced as git receive-pack does (snapshot, move, push hook). */
let clock = 2_000_000_000;
async function pushOneCommit(deps: Deps, repoId: number, dir: string, pusher: UserRow) {
  const before = await snapshotRefs(dir);
  const parent = before.get('refs/heads/main')!;
  const msg = 'Pushed change\n';
  const file = `pushed at ${(clock += 60)}\n`;
  const stream = `commit refs/heads/main\ncommitter Bench Owner <bench@example.com> ${clock} +0000\ndata ${Buffer.byteLength(msg)}\n${msg}from ${parent}\nM 100644 inline pushed.txt\ndata ${Buffer.byteLength(file)}\n${file}\n`;
  await gitCli(['fast-import', '--quiet'], { cwd: dir, input: stream });
  const after = await snapshotRefs(dir);
  const repo = await deps.db.selectFrom('repository').selectAll().where('id', '=', repoId).executeTakeFirstOrThrow();
  await applyPushEffects(deps, repo, before, after, pusher);
}

interface Forge {
  deps: Deps;
  app: ReturnType<typeof createApp>;
  owner: UserRow;
  auth: Record<string, string>;
  big: Awaited<ReturnType<typeof createFixtureRepo>>;
  seedMs: number;
}

/**
 * The data set of the list figures, made the same way on either database: enough repositories
 * for a full search page, one with 10,000 issues, one with 10,000 commits.
 */
async function seedForge(db: Db, dataDir: string): Promise<Forge> {
  const config = { ...loadConfig({ PORT: '3000' }), dataDir, webDir: undefined, rootUrl: 'http://localhost:3000/' };
  const deps: Deps = { db, config };
  const app = createApp(deps);
  const owner = await createUser(db, { username: 'bench', email: 'bench@example.com', password: 'bench-password' });
  const { secret } = await createToken(db, owner.id, 'bench');
  const t0 = performance.now();
  for (let i = 0; i < 24; i++) await createRepository(deps, owner, owner, { name: `project-${i}`, description: `Project number ${i}` });
  const tracker = await createRepository(deps, owner, owner, { name: 'tracker' });
  await seedIssues(db, tracker.id, owner.id, 10_000);
  const big = await createFixtureRepo(deps, owner, 'big', syntheticHistory(10_000, AUTHORS));
  await writeCommitGraph(big.dir);
  await settle(db);
  return { deps, app, owner, auth: { Authorization: `token ${secret}` }, big, seedMs: Math.round(performance.now() - t0) };
}

/**
 * After a bulk load PostgreSQL plans with no statistics, and its first reads of the new rows write
 * hint bits, until autovacuum comes by (within a minute on a running server). The figures are
 * about a settled database, so vacuum and analyze now. SQLite has nothing to do here.
 */
async function settle(db: Db) {
  if (isPostgres(db)) await sql`vacuum analyze`.execute(db);
}

interface Side {
  value: number;
  ratio?: number;
  note?: string;
}
/** A row of the two-database table: req/s with the ratio to the baseline, or a p50 in ms. */
interface BothRow {
  name: string;
  unit: 'req/s' | 'ms';
  sqlite: Side;
  pg?: Side;
}

export async function benchServer(): Promise<Record<string, number | string>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-bench-server-'));
  const db = await openDb(path.join(dataDir, 'forge.db'));
  const out: Record<string, number | string> = {};
  const rows: string[][] = [];
  const both: BothRow[] = [];
  // The PostgreSQL forge (issue #12): the same data in a fresh database on a throwaway server, in
  // this process beside the SQLite one, measured in the same rounds. Anything failing on its side
  // only ends its column; the SQLite figures are always printed.
  let pg: Forge | undefined;
  let pgDb: Db | undefined;
  let pgServer: BenchPostgres | undefined;
  let pgNote = '';
  const pgDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-bench-server-pg-'));
  const pgFailed = (e: unknown) => {
    pgNote = `PostgreSQL figures stopped here: ${e instanceof Error ? e.message : String(e)}`;
    console.error(pgNote);
    pg = undefined;
  };
  // What the PostgreSQL column adds to the run, printed under the table (the budget is ~90 s).
  let pgSpentMs = 0;
  const onPg = async <T>(fn: (forge: Forge, db: Db) => Promise<T>): Promise<T | undefined> => {
    if (!pg || !pgDb) return undefined;
    const t = performance.now();
    try {
      return await fn(pg, pgDb);
    } catch (e) {
      pgFailed(e);
      return undefined;
    } finally {
      pgSpentMs += performance.now() - t;
    }
  };
  try {
    const sqlite = await seedForge(db, dataDir);
    const { deps, app, owner, big } = sqlite;
    out['server: seed (ms)'] = sqlite.seedMs;

    const pgT0 = performance.now();
    const started = await benchPostgres('forge_bench');
    if ('error' in started) {
      pgNote = `PostgreSQL figures skipped: ${started.error}`;
      console.log(pgNote);
    } else {
      pgServer = started;
      try {
        pgDb = await openDb(started.url);
        pg = await seedForge(pgDb, pgDataDir);
        out['server: seed on PostgreSQL (ms)'] = pg.seedMs;
      } catch (e) {
        pgFailed(e);
      }
    }
    pgSpentMs += performance.now() - pgT0;

    // Requests per second, each beside the bare baseline answering the same bytes.
    const { server, base } = await listen(app.fetch);
    const pgListening = pg ? await listen(pg.app.fetch) : undefined;
    interface Figure {
      name: string;
      path: string;
      signedIn?: boolean;
      computed?: boolean;
      goal: number;
    }
    const figures: Figure[] = [
      { name: 'GET /repos/search?limit=20', path: '/api/v1/repos/search?limit=20', goal: 0.5 },
      { name: 'GET /repos/{o}/{r}/issues?limit=20 (10,000 issues)', path: '/api/v1/repos/bench/tracker/issues?limit=20', signedIn: true, goal: 0.5 },
      { name: 'GET /repos/{o}/{r}/commits?limit=50 (10,000 commits)', path: '/api/v1/repos/bench/big/commits?limit=50', signedIn: true, goal: 0.5 },
      { name: 'GET /version', path: '/api/v1/version', goal: 0.8 },
    ];
    // The same lists computed on every request: If-None-Match (here a tag nothing has) makes the
    // server skip the answers it keeps between writes (server/src/api/answer-memo.ts), so these
    // rows show what a request costs when the data has just changed. Printed for information.
    const computed = { 'If-None-Match': '"bench-computed"' };
    const isList = (f: Figure) => f.path.includes('/repos/');
    figures.push(...figures.filter(isList).map((f) => ({ ...f, name: `${f.name}, computed`, computed: true, goal: 0 })));
    const headersOf = (forge: Forge, f: Figure) => ({ ...(f.signedIn ? forge.auth : {}), ...(f.computed ? computed : {}) });
    try {
      for (const f of figures) {
        const res = await fetch(base + f.path, { headers: headersOf(sqlite, f) });
        if (res.status !== 200) throw new Error(`${f.path}: ${res.status}`);
        const text = await res.text();
        const body = JSON.parse(text) as object;
        const bare = new Hono();
        bare.get('*', (c) => c.json(body));
        const b = await listen(bare.fetch);
        // A fair baseline: the same JSON, byte for byte, through the same adapter.
        const bareText = await (await fetch(b.base + f.path)).text();
        if (bareText !== text) throw new Error(`${f.path}: the baseline answers ${bareText.length} bytes, the forge ${text.length}`);
        // The PostgreSQL forge answers the same list (its times of creation may differ by a
        // second, so compare sizes): the one baseline serves both columns.
        const pgBase = isList(f) && pgListening ? pgListening.base : undefined;
        if (pgBase) {
          await onPg(async (forge) => {
            const r = await fetch(pgBase + f.path, { headers: headersOf(forge, f) });
            const t = await r.text();
            if (r.status !== 200) throw new Error(`${f.path}: ${r.status} ${t.slice(0, 200)}`);
            if (Math.abs(t.length - text.length) > text.length * 0.01)
              throw new Error(`${f.path}: PostgreSQL answers ${t.length} bytes, SQLite ${text.length}`);
          });
        }
        // Interleaved rounds, best of each: on a shared machine the load of other processes moves
        // between runs, and the best run is the closest to what each server can do.
        const forgeRuns: Load[] = [];
        const pgRuns: Load[] = [];
        const bareRuns: Load[] = [];
        // Information rows get fewer rounds, so the bench stays short.
        const rounds = f.goal ? ROUNDS : 2;
        for (let round = 0; round < rounds; round++) {
          forgeRuns.push(await load({ ...LOAD, urls: [base + f.path], headers: headersOf(sqlite, f) }));
          if (pgBase) await onPg(async (forge) => pgRuns.push(await load({ ...LOAD, urls: [pgBase + f.path], headers: headersOf(forge, f) })));
          bareRuns.push(await load({ ...LOAD, urls: [b.base + f.path] }));
        }
        await close(b.server);
        const best = (xs: Load[]) => xs.reduce((a, x) => (x.rps > a.rps ? x : a));
        const forge = best(forgeRuns);
        const baseline = best(bareRuns);
        const ratio = forge.rps / baseline.rps;
        console.log(`${f.name}: forge ${fmt(forge.rps)} req/s, baseline ${fmt(baseline.rps)}`);
        rows.push([
          `${f.name} req/s`,
          fmt(forge.rps),
          fmt(baseline.rps),
          fmt(ratio, 2),
          f.goal ? `≥ ${f.goal}` : '(info)',
          f.goal ? (ratio >= f.goal ? 'met' : 'NOT met') : '',
        ]);
        out[`server: ${f.name} req/s`] = Math.round(forge.rps);
        out[`server: ${f.name} baseline req/s`] = Math.round(baseline.rps);
        out[`server: ${f.name} ratio`] = Math.round(ratio * 100) / 100;
        if (forge.errors) out[`server: ${f.name} errors`] = forge.errors;
        if (isList(f)) {
          const row: BothRow = { name: f.name, unit: 'req/s', sqlite: { value: forge.rps, ratio, note: forge.errors ? `${forge.errors} errors` : undefined } };
          if (pgBase && pgRuns.length === rounds) {
            const p = best(pgRuns);
            row.pg = { value: p.rps, ratio: p.rps / baseline.rps, note: p.errors ? `${p.errors} errors` : undefined };
            console.log(`${f.name}: PostgreSQL forge ${fmt(p.rps)} req/s`);
          }
          both.push(row);
        }
      }
    } finally {
      await close(server);
      if (pgListening) await close(pgListening.server);
    }

    // Commits page 1: the API's p50 against the git command it needs for the same page.
    const timeIt = async (fn: () => Promise<unknown>, runs: number) => {
      for (let i = 0; i < 3; i++) await fn();
      const xs: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        await fn();
        xs.push(performance.now() - t);
      }
      return median(xs);
    };
    const head = big.shas['branch:main']!;
    const gitLog50 = (dir: string, sha: string) =>
      run('git', logArgs({ revs: [sha], max: 50, files: true, stat: true }), { cwd: dir, env: gitEnv, maxBuffer: 64 << 20 });
    // Timed answers are computed ones (If-None-Match skips the kept answers), as after a change.
    const apiCommits = async (name: string, forge: Forge = sqlite) => {
      const res = await forge.app.request(`/api/v1/repos/bench/${name}/commits?limit=50`, { headers: { ...forge.auth, ...computed } });
      if (res.status !== 200) throw new Error(`commits ${name}: ${res.status}`);
      await res.arrayBuffer();
    };
    const apiP50 = await timeIt(() => apiCommits('big'), 30);
    const gitP50 = await timeIt(() => gitLog50(big.dir, head), 30);
    rows.push([
      'commits page 1 p50 vs the git command it needs',
      `${fmt(apiP50, 1)} ms`,
      `${fmt(gitP50, 1)} ms`,
      fmt(apiP50 / gitP50, 2),
      '≤ 1.3',
      apiP50 / gitP50 <= 1.3 ? 'met' : 'NOT met',
    ]);
    out['server: commits page 1 p50 (ms)'] = Math.round(apiP50 * 10) / 10;
    out['server: git log -50 p50 (ms)'] = Math.round(gitP50 * 10) / 10;
    const pgCommits = await onPg((forge) => timeIt(() => apiCommits('big', forge), 30));
    both.push({
      name: 'commits page 1 (50 of 10,000), computed, p50',
      unit: 'ms',
      sqlite: { value: apiP50 },
      pg: pgCommits === undefined ? undefined : { value: pgCommits },
    });

    // Growth: issue list page 1 at 1k / 10k / 50k issues.
    const issueMs: number[] = [];
    const issuePage = async (forge: Forge, n: number) => {
      const res = await forge.app.request(`/api/v1/repos/bench/issues-${n}/issues?limit=20`, { headers: { ...forge.auth, ...computed } });
      if (res.status !== 200) throw new Error(`issues: ${res.status}`);
      await res.arrayBuffer();
    };
    for (const n of [1_000, 10_000, 50_000]) {
      const r = await createRepository(deps, owner, owner, { name: `issues-${n}` });
      await seedIssues(db, r.id, owner.id, n);
      const ms = await timeIt(() => issuePage(sqlite, n), 30);
      issueMs.push(ms);
      out[`server: issue list page 1 at ${n} issues (ms)`] = Math.round(ms * 100) / 100;
      // The same repository on PostgreSQL, seeded the same way (500-row inserts in one transaction).
      const pgMs = await onPg(async (forge, pdb) => {
        const t = performance.now();
        const pr = await createRepository(forge.deps, forge.owner, forge.owner, { name: `issues-${n}` });
        await seedIssues(pdb, pr.id, forge.owner.id, n);
        await settle(pdb);
        out[`server: seed ${n} issues on PostgreSQL (ms)`] = Math.round(performance.now() - t);
        return timeIt(() => issuePage(forge, n), 30);
      });
      both.push({
        name: `issue list page 1 at ${fmt(n)} issues, computed, p50`,
        unit: 'ms',
        sqlite: { value: ms },
        pg: pgMs === undefined ? undefined : { value: pgMs },
      });
    }
    const flat = issueMs[2]! <= issueMs[0]! * 2;
    rows.push([
      'issue list page 1 at 1k / 10k / 50k issues',
      issueMs.map((m) => fmt(m, 1)).join(' / ') + ' ms',
      '',
      '',
      'flat (50k ≤ 2× 1k)',
      flat ? 'met' : 'NOT met',
    ]);

    // Growth: the first commits request after a push, against `git log -50` on the new head.
    const firstMs: number[] = [];
    const logMs: number[] = [];
    for (const n of [1_000, 10_000, 50_000]) {
      const name = `history-${n}`;
      const fx = n === 10_000 ? big : await createFixtureRepo(deps, owner, name, syntheticHistory(n, AUTHORS));
      const repoName = n === 10_000 ? 'big' : name;
      await writeCommitGraph(fx.dir);
      await apiCommits(repoName); // the server has answered for the old head, as a running one would have
      const pushes: number[] = [];
      const logs: number[] = [];
      for (let i = 0; i < 3; i++) {
        await pushOneCommit(deps, fx.repo.id, fx.dir, owner);
        let t = performance.now();
        await apiCommits(repoName);
        pushes.push(performance.now() - t);
        const newHead = (await gitCli(['rev-parse', 'refs/heads/main'], { cwd: fx.dir })).trim();
        t = performance.now();
        await gitLog50(fx.dir, newHead);
        logs.push(performance.now() - t);
      }
      firstMs.push(median(pushes));
      logMs.push(median(logs));
      out[`server: first commits request after a push at ${n} commits (ms)`] = Math.round(median(pushes) * 10) / 10;
      out[`server: git log -50 at ${n} commits (ms)`] = Math.round(median(logs) * 10) / 10;
    }
    const within = firstMs.every((m, i) => m <= 2 * logMs[i]!);
    rows.push([
      'first commits request after a push at 1k / 10k / 50k',
      firstMs.map((m) => fmt(m, 1)).join(' / ') + ' ms',
      logMs.map((m) => fmt(m, 1)).join(' / ') + ' ms (git log -50)',
      firstMs.map((m, i) => fmt(m / logMs[i]!, 2)).join(' / '),
      '≤ 2× git log -50',
      within ? 'met' : 'NOT met',
    ]);

    const loadAvg = os.loadavg()[0]!.toFixed(1);
    out.table = [
      `Server figures of issue #11 (${CONNECTIONS} connections, best of ${ROUNDS} interleaved ${DURATION_MS / 1000} s runs, 2 for information rows; ${os.cpus().length} cores, load average ${loadAvg} at the end)`,
      ...renderTable(['figure', 'forge', 'baseline', 'ratio', 'goal', ''], rows),
    ].join('\n');
    out['table: both databases'] = bothTable(both, { version: pgServer?.version, spentMs: pgSpentMs, note: pgNote }, loadAvg);
    return out;
  } finally {
    await closeDb(db);
    if (pgDb) await closeDb(pgDb).catch(() => {});
    if (pgServer) await pgServer.stop().catch((e: unknown) => console.error(`stopping PostgreSQL: ${e instanceof Error ? e.message : String(e)}`));
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(pgDataDir, { recursive: true, force: true });
  }
}

function renderTable(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

/** Issue #12's table: the list figures on SQLite and on PostgreSQL, side by side. */
function bothTable(both: BothRow[], pg: { version?: string; spentMs: number; note: string }, loadAvg: string): string {
  const cell = (s: Side, unit: BothRow['unit']) =>
    unit === 'ms' ? `${fmt(s.value, 1)} ms` : `${fmt(s.value)} (${fmt(s.ratio!, 2)})${s.note ? ` ${s.note}` : ''}`;
  const rows = both.map((r) => [
    r.unit === 'ms' ? r.name : `${r.name} req/s`,
    cell(r.sqlite, r.unit),
    r.pg ? `${cell(r.pg, r.unit)}${r.unit === 'req/s' && !r.name.endsWith(', computed') ? ' ¹' : ''}` : '—',
    // Always as speed, so that below 1 means PostgreSQL is slower whatever the unit.
    r.pg ? fmt(r.unit === 'ms' ? r.sqlite.value / r.pg.value : r.pg.value / r.sqlite.value, 2) : '—',
  ]);
  const measured = both.some((r) => r.pg);
  return [
    `List endpoints on both databases (issue #12): req/s at ${CONNECTIONS} connections with the ratio to the baseline (a bare Hono app answering`,
    `the same JSON), or the p50 of 30 in-process requests; each round runs SQLite, ${measured ? `PostgreSQL ${pg.version ?? ''}, ` : ''}then the baseline; best of ${ROUNDS} (2 for the computed rows)`,
    ...renderTable(['endpoint', 'SQLite req/s (ratio to baseline)', 'PostgreSQL req/s (ratio)', 'PostgreSQL/SQLite (speed)'], rows),
    ...(measured
      ? [
          '¹ Kept answers (server/src/api/answer-memo.ts): SQLite sends one again while nothing was written to its file; PostgreSQL while no transaction',
          '  committed anywhere on its server (txid_current_snapshot(), one query per request, before and after a computed answer: any process may write).',
          '  Same data made the same way on both (issues by 500-row inserts in one transaction; VACUUM ANALYZE after seeding on PostgreSQL, as autovacuum would),',
          '  both forges in this process; PostgreSQL is a throwaway local server (fsync off, which only matters to writes).',
          `  Time: the PostgreSQL column took ${fmt(pg.spentMs / 1000)} s of this run (start, seeding, 15 load runs). It gets as many rounds as SQLite, inside the`,
          '  same rounds (fewer would tilt the comparison on a shared machine), and the 50k case too (seeding it takes a few seconds), within the ~90 s budget.',
        ]
      : []),
    `  Load average ${loadAvg} at the end.`,
    ...(pg.note ? [pg.note] : []),
  ].join('\n');
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  const r = await benchServer();
  for (const [k, v] of Object.entries(r)) if (!k.startsWith('table')) console.log(`${k}: ${v}`);
  for (const [k, v] of Object.entries(r)) if (k.startsWith('table')) console.log(`\n${v}`);
  process.exit(0);
}
