// The data set of the list-traffic benchmark (issue #22), made the same way on SQLite and on
// PostgreSQL: 24 repositories in all (for repository search), one with 10,000 issues, one with
// 10,000 commits, one with a few hundred pull requests on branches of their own, a reader with a
// few thousand notification threads, and an empty repository the writer opens issues in.
// Not a `-bench.ts` file, so bench/run.ts does not run it as a benchmark.
import { sql } from 'kysely';
import { createApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import type { Deps } from '../server/src/context.ts';
import { isPostgres } from '../server/src/db/dialect.ts';
import { issueNotificationKey } from '../server/src/db/notifications.ts';
import type { Db } from '../server/src/db/types.ts';
import type { UserRow } from '../server/src/db/schema.ts';
import { createRepository } from '../server/src/services/repos.ts';
import { createToken, createUser } from '../server/src/services/users.ts';
import { recountRepo } from '../server/src/services/conversation.ts';
import { writeCommitGraph } from '../server/src/services/pulls/push.ts';
import { gitCli } from '../server/test/git-cli.ts';
import { insertPullRows } from '../server/test/pull-rows.ts';
import { createFixtureRepo, syntheticHistory } from '../server/test/git-fixtures.ts';
import { seedIssues } from './server-bench.ts';

export const ISSUES = 10_000;
export const COMMITS = 10_000;
export const PULLS = 300;
export const NOTIFICATIONS = 3_000;
const AUTHORS = [
  { name: 'Bench Owner', email: 'bench@example.com' },
  { name: 'Ada', email: 'ada@example.com' },
  { name: 'Brian', email: 'brian@example.com' },
];

export interface ListForge {
  deps: Deps;
  app: ReturnType<typeof createApp>;
  owner: UserRow;
  /** The owner's token header (issues, commits, pulls, search; the writer). */
  auth: Record<string, string>;
  /** The reader's token header (notifications). */
  readerAuth: Record<string, string>;
  seedMs: number;
}

/** Pull requests straight into the tables, each on a branch of its own made with one update-ref. */
async function seedPulls(db: Db, repoId: number, dir: string, posterId: number, heads: string[]) {
  const refs = heads.map((sha, i) => `create refs/heads/feature-${i + 1} ${sha}\n`).join('');
  await gitCli(['update-ref', '--stdin'], { cwd: dir, input: refs });
  const start = Math.floor(Date.now() / 1000) - PULLS * 60;
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < PULLS; i++) {
      const t = start + i * 60;
      await insertPullRows(trx, {
        repoId,
        index: i + 1,
        posterId,
        title: i % 10 === 0 ? `WIP: change ${i + 1}` : `Change ${i + 1}`,
        body: `Why change ${i + 1} is needed.`,
        unix: t,
        head: `feature-${i + 1}`,
        base: 'main',
        mergeBase: heads[i]!,
        headSha: heads[i]!,
        commitsAhead: 1,
        additions: 2,
        changedFiles: 1,
      });
    }
    await trx
      .insertInto('issue_index')
      .values({ repo_id: repoId, max_index: PULLS })
      .onConflict((oc) => oc.column('repo_id').doUpdateSet({ max_index: PULLS }))
      .execute();
    await recountRepo(trx, repoId);
  });
}

/** One unread thread per issue of `repoId` for the user, as many as NOTIFICATIONS. */
async function seedNotifications(db: Db, userId: number, repoId: number, updatedBy: number) {
  const issues = await db.selectFrom('issue').select(['id', 'updated_unix']).where('repo_id', '=', repoId).orderBy('id').limit(NOTIFICATIONS).execute();
  await db.transaction().execute(async (trx) => {
    for (let from = 0; from < issues.length; from += 500) {
      const rows = issues.slice(from, from + 500).map((i, k) => ({
        user_id: userId,
        repo_id: repoId,
        status: (from + k) % 9 === 0 ? 3 : 1,
        source: 1,
        issue_id: i.id,
        unique_key: issueNotificationKey(i.id),
        commit_id: '',
        comment_id: 0,
        updated_by: updatedBy,
        created_unix: i.updated_unix,
        updated_unix: i.updated_unix,
      }));
      await trx.insertInto('notification').values(rows).execute();
    }
  });
}

export async function seedListForge(db: Db, dataDir: string): Promise<ListForge> {
  const config = { ...loadConfig({ PORT: '3000' }), dataDir, webDir: undefined, rootUrl: 'http://localhost:3000/' };
  const deps: Deps = { db, config };
  const app = createApp(deps);
  const t0 = performance.now();
  const owner = await createUser(db, { username: 'bench', email: 'bench@example.com', password: 'bench-password' });
  const reader = await createUser(db, { username: 'reader', email: 'reader@example.com', password: 'reader-password' });
  const { secret } = await createToken(db, owner.id, 'bench');
  const { secret: readerSecret } = await createToken(db, reader.id, 'reader');
  // 20 projects + tracker, big, prs and scratch: 24 repositories for the search.
  for (let i = 0; i < 20; i++) await createRepository(deps, owner, owner, { name: `project-${i}`, description: `Project number ${i}` });
  const tracker = await createRepository(deps, owner, owner, { name: 'tracker' });
  await seedIssues(db, tracker.id, owner.id, ISSUES);
  await createRepository(deps, owner, owner, { name: 'scratch' });
  const big = await createFixtureRepo(deps, owner, 'big', syntheticHistory(COMMITS, AUTHORS));
  await writeCommitGraph(big.dir);
  // Each pull request's head is a commit of the 10,000 (its branch a few hundred commits behind main).
  const prs = await createFixtureRepo(deps, owner, 'prs', syntheticHistory(PULLS + 1, AUTHORS));
  const heads = (await gitCli(['rev-list', '--max-count', String(PULLS), 'refs/heads/main~1'], { cwd: prs.dir })).trim().split('\n');
  await seedPulls(db, prs.repo.id, prs.dir, owner.id, heads);
  await seedNotifications(db, reader.id, tracker.id, owner.id);
  if (isPostgres(db)) await sql`vacuum analyze`.execute(db);
  return {
    deps,
    app,
    owner,
    auth: { Authorization: `token ${secret}` },
    readerAuth: { Authorization: `token ${readerSecret}` },
    seedMs: Math.round(performance.now() - t0),
  };
}
