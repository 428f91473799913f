// Issue #12: sign-in throttling and scheduled merges hold across server processes sharing one
// database and data folder. Two apps stand for two processes behind a load balancer.
//
// On PostgreSQL the second "process" has its own connection and its own copy of the server's
// modules (vi.resetModules: its own lock queues, caches and throttle), as a real one has; so the
// locks between the two are PostgreSQL's advisory locks, not this process's queues. A forge on
// SQLite is served by one process (db/dialect.ts), so there the second app shares this process's
// modules and connection: what is shown is that nothing lives in an app of its own.
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { nowUnix } from '../src/db/index.ts';
import type { Db } from '../src/db/types.ts';
import { isPostgres } from '../src/db/dialect.ts';
import { withRepoLock } from '../src/services/pulls/lock.ts';
import { appCaller, createTestForge, uniq, type AppCallOptions } from './helpers.ts';
import { eventsOf, git, makeRepo, openPull, parentsOf, personOf, pullRow, standardHistory, tipOf } from './merge-fixtures.ts';

const forge = await createTestForge();

const secondProcess: { createApp: typeof createApp; db: Db } = await (async () => {
  if (!isPostgres(forge.deps.db)) return { createApp, db: forge.deps.db };
  vi.resetModules();
  const [app, db, dialect] = await Promise.all([import('../src/app.ts'), import('../src/db/index.ts'), import('../src/db/dialect.ts')]);
  const db2 = await db.openDb(forge.deps.config.databaseUrl!);
  afterAll(() => dialect.closeDb(db2));
  return { createApp: app.createApp, db: db2 };
})();

const caller = appCaller;
type Call = ReturnType<typeof caller>;

/** This process and the other one, each with these sign-in settings. */
function twoProcesses(settings: Partial<Config> = {}): [Call, Call] {
  const config = { ...forge.deps.config, ...settings } as Config;
  return [caller(createApp({ db: forge.deps.db, config })), caller(secondProcess.createApp({ db: secondProcess.db, config }))];
}

describe('sign-in throttling across processes', () => {
  const perAccount = { loginMaxFailures: 4, loginMaxFailuresPerAddress: 0, loginWindowSeconds: 60 };

  it('failures spread over two processes lock the account on both, the right password included', async () => {
    const user = await forge.user('spread');
    const other = await forge.user('bystander');
    const [one, two] = twoProcesses(perAccount);
    // Two guesses each: neither process alone saw its limit.
    for (const [i, app] of [one, two, one, two].entries()) expect((await app('GET', '/user', { basic: [user.name, `guess-${i}`] })).status).toBe(401);
    for (const app of [one, two]) {
      const r = await app('GET', '/user', { basic: [user.name, user.password] });
      expect(r.status).toBe(429);
      const retry = Number(r.headers.get('retry-after'));
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(60);
      expect(r.body).toEqual({ message: expect.stringMatching(/^too many failed sign-in attempts; try again in \d+ seconds$/), url: expect.any(String) });
      // Tokens still work, and other accounts are not affected.
      expect((await app('GET', '/user', { token: user.token })).status).toBe(200);
      expect((await app('GET', '/user', { basic: [other.name, other.password] })).status).toBe(200);
    }
  });

  it('a successful sign-in on one process resets the count the other one sees', async () => {
    const user = await forge.user('typo');
    const [one, two] = twoProcesses(perAccount);
    for (let round = 0; round < 3; round++) {
      // Three failures over both, then the right password: six in all would have locked it.
      for (const app of [one, two, one]) expect((await app('GET', '/user', { basic: [user.name, 'typo'] })).status).toBe(401);
      expect((await (round % 2 ? one : two)('GET', '/user', { basic: [user.name, user.password] })).status).toBe(200);
    }
  });

  it('the per-address limit counts guesses at many names over both processes', async () => {
    const user = await forge.user('shared');
    const [one, two] = twoProcesses({ loginMaxFailures: 100, loginMaxFailuresPerAddress: 4, loginWindowSeconds: 60 });
    const address = '203.0.113.77';
    for (const app of [one, two, one, two]) expect((await app('GET', '/user', { basic: [uniq('spray'), 'x'], address })).status).toBe(401);
    for (const app of [one, two]) {
      const r = await app('GET', '/user', { basic: [user.name, user.password], address });
      expect(r.status).toBe(429);
      expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await app('GET', '/user', { basic: [user.name, user.password], address: '198.51.100.77' })).status).toBe(200);
    }
  });

  it('failures arriving at both processes at once are all counted', async () => {
    const user = await forge.user('burst');
    const address = '203.0.113.78';
    const [one, two] = twoProcesses({ loginMaxFailures: 16, loginMaxFailuresPerAddress: 24, loginWindowSeconds: 60 });
    // 16 at once at the account (from no address), then 24 at once from one address at other names:
    // each limit is reached only if not one failure was lost.
    const burst = (n: number, opts: (i: number) => AppCallOptions) =>
      Promise.all(Array.from({ length: n }, (_, i) => (i % 2 ? one : two)('GET', '/user', opts(i))));
    expect((await burst(16, (i) => ({ basic: [user.name, `wrong-${i}`] }))).map((r) => r.status)).toEqual(Array(16).fill(401));
    expect((await one('GET', '/user', { basic: [user.name, user.password] })).status).toBe(429);
    expect((await burst(24, () => ({ basic: [uniq('burst'), 'x'], address }))).map((r) => r.status)).toEqual(Array(24).fill(401));
    const other = await forge.user('other');
    expect((await two('GET', '/user', { basic: [other.name, other.password], address })).status).toBe(429);
    expect((await two('GET', '/user', { basic: [other.name, other.password] })).status).toBe(200);
  });

  it('stays cheap: a token sign-in does not touch the counts, a Basic sign-in reads them once, a success without a count writes nothing', async () => {
    const user = await forge.user('cheap');
    const seen: string[] = [];
    const spy: KyselyPlugin = {
      transformQuery: ({ node }: PluginTransformQueryArgs): RootOperationNode => {
        if (JSON.stringify(node).includes('"login_failure"')) seen.push(node.kind);
        return node;
      },
      transformResult: async ({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => result,
    };
    const app = caller(createApp({ db: forge.deps.db.withPlugin(spy), config: { ...forge.deps.config, ...perAccount, loginMaxFailuresPerAddress: 10 } }));
    const statements = async (call: () => Promise<{ status: number }>, status: number) => {
      seen.length = 0;
      expect((await call()).status).toBe(status);
      return [...seen];
    };
    expect(await statements(() => app('GET', '/user', { token: user.token }), 200)).toEqual([]);
    expect(await statements(() => app('GET', '/user', { basic: [user.name, user.password], address: '192.0.2.1' }), 200)).toEqual(['SelectQueryNode']);
    // A failure: the read, the sweep of ended windows, one upsert each for the account and the address.
    expect(await statements(() => app('GET', '/user', { basic: [user.name, 'nope'], address: '192.0.2.1' }), 401)).toEqual([
      'SelectQueryNode',
      'DeleteQueryNode',
      'InsertQueryNode',
      'InsertQueryNode',
    ]);
    // The success after it clears the account's count; the next one has nothing to clear.
    expect(await statements(() => app('GET', '/user', { basic: [user.name, user.password], address: '192.0.2.1' }), 200)).toEqual([
      'SelectQueryNode',
      'DeleteQueryNode',
    ]);
    expect(await statements(() => app('GET', '/user', { basic: [user.name, user.password], address: '192.0.2.1' }), 200)).toEqual(['SelectQueryNode']);
  });

  it('a sweep over random names leaves no rows behind once their windows end, and long names are cut', async () => {
    const [one, two] = twoProcesses({ loginMaxFailures: 3, loginMaxFailuresPerAddress: 0, loginWindowSeconds: 60 });
    const names = [...Array.from({ length: 6 }, () => uniq('sweep')), 'x'.repeat(5000)];
    for (const [i, name] of names.entries()) expect((await (i % 2 ? one : two)('GET', '/user', { basic: [name, 'x'] })).status).toBe(401);
    const db = forge.deps.db;
    const swept = (k: string) => k.includes('sweep') || k.includes('xxxx');
    const keys = (await db.selectFrom('login_failure').select('key').execute()).map((r) => r.key).filter(swept);
    expect(keys).toHaveLength(names.length);
    expect(Math.max(...keys.map((k) => k.length))).toBeLessThanOrEqual(130);
    // An hour later (their windows moved back rather than waited for), one more failure anywhere.
    await db
      .updateTable('login_failure')
      .set((eb) => ({ ends_at: eb('ends_at', '-', 3_600_000) }))
      .where('key', 'in', keys)
      .execute();
    const last = uniq('last');
    expect((await one('GET', '/user', { basic: [last, 'x'] })).status).toBe(401);
    const after = await db.selectFrom('login_failure').select(['key', 'ends_at']).execute();
    expect(after.filter((r) => swept(r.key))).toEqual([]);
    expect(after.filter((r) => Number(r.ends_at) <= Date.now())).toEqual([]);
    expect(after.some((r) => r.key.includes(last.toLowerCase()))).toBe(true);
  });
});

const owner = await forge.user('owner');
const poster = await forge.user('poster');

describe('scheduled merges across processes', () => {
  const [one, two] = twoProcesses();

  const postStatus = (app: Call, r: { api: string; shas: Record<string, string | undefined> }, state: string) =>
    app('POST', `${r.api}/statuses/${r.shas.f2!}`, { token: owner.token, body: { state, context: 'ci' } });
  const scheduleMerge = (app: Call, r: { api: string }, index: number) =>
    app('POST', `${r.api}/pulls/${index}/merge`, { token: owner.token, body: { Do: 'merge', merge_when_checks_succeed: true } });

  /** A pull request whose 'ci' check is pending, scheduled to merge through the first process. */
  async function scheduled() {
    const r = await makeRepo(forge, owner, standardHistory(personOf(poster)));
    const index = await openPull(forge, r.repo, r.dir, poster, { head: 'feature', title: 'Scheduled' });
    expect((await postStatus(one, r, 'pending')).status).toBe(201);
    return { ...r, index };
  }

  /** Merged, by one merge commit, one 'merged' event and one feed entry; nothing left scheduled; both processes say so. */
  async function expectMergedOnce(r: Awaited<ReturnType<typeof scheduled>>) {
    const { issue, pr } = await pullRow(forge, r.repo.id, r.index);
    expect(pr).toMatchObject({ has_merged: 1, merger_id: owner.id });
    expect(await parentsOf(r.dir, await tipOf(r.dir, 'main'))).toEqual([r.shas.m1, r.shas.f2]);
    expect(await git(r.dir, 'rev-list', '--count', '--merges', `${r.shas.m1}..main`)).toBe('1');
    expect((await eventsOf(forge, issue.id)).filter((e) => e.type === 28)).toHaveLength(1);
    const feed = await forge.deps.db.selectFrom('action').select('op_type').where('repo_id', '=', r.repo.id).where('user_id', '=', owner.id).execute();
    expect(feed.filter((a) => a.op_type.endsWith('merge_pull_request'))).toHaveLength(1);
    expect(await forge.deps.db.selectFrom('pull_auto_merge').selectAll().where('pull_id', '=', pr.id).execute()).toEqual([]);
    for (const app of [one, two])
      expect((await app('GET', `${r.api}/pulls/${r.index}`, { token: owner.token })).body).toMatchObject({ merged: true, state: 'closed' });
  }

  it('a status posted to the other process merges the pull request scheduled on this one, once', async () => {
    const r = await scheduled();
    expect((await scheduleMerge(one, r, r.index)).status).toBe(201);
    expect((await postStatus(two, r, 'success')).status).toBe(201);
    await expectMergedOnce(r);
    // A later status changes nothing.
    expect((await postStatus(one, r, 'success')).status).toBe(201);
    await expectMergedOnce(r);
  });

  it('statuses completing the checks at both processes at the same moment merge it once', async () => {
    for (let round = 0; round < 3; round++) {
      const r = await scheduled();
      expect((await scheduleMerge(round % 2 ? two : one, r, r.index)).status).toBe(201);
      const answers = await Promise.all([postStatus(one, r, 'success'), postStatus(two, r, 'success')]);
      expect(answers.map((a) => a.status)).toEqual([201, 201]);
      await expectMergedOnce(r);
    }
  });

  it('a status arriving at one process while the other is storing the schedule finds it', async () => {
    const r = await scheduled();
    const { pr } = await pullRow(forge, r.repo.id, r.index);
    let answer: ReturnType<Call> | undefined;
    // This process is where POST /merge is between reading the checks (pending) and storing the
    // schedule: it holds the repository's merge lock, as mergePullRequestApi does.
    await withRepoLock(forge.deps.db, r.repo.id, async () => {
      answer = postStatus(two, r, 'success');
      const stored = () =>
        forge.deps.db.selectFrom('commit_status').select('id').where('repo_id', '=', r.repo.id).where('state', '=', 'success').executeTakeFirst();
      while (!(await stored())) await new Promise((done) => setTimeout(done, 5));
      await forge.deps.db
        .insertInto('pull_auto_merge')
        .values({
          pull_id: pr.id,
          doer_id: owner.id,
          merge_style: 'merge',
          message: 'Merge the scheduled one',
          delete_branch_after_merge: 0,
          created_unix: nowUnix(),
        })
        .execute();
    });
    expect((await answer!).status).toBe(201);
    await expectMergedOnce(r);
  });

  it('a cancel at one process while the other merges: either cancelled and not merged, or merged and nothing to cancel', { timeout: 120_000 }, async () => {
    // The cancel sent at different moments of the merge the status starts (git work: tens of ms).
    for (const delay of [0, 10, 20, 35, 50, 75, 100, 150]) {
      const r = await scheduled();
      expect((await scheduleMerge(one, r, r.index)).status).toBe(201);
      const cancelling = new Promise((done) => setTimeout(done, delay)).then(() => one('DELETE', `${r.api}/pulls/${r.index}/merge`, { token: owner.token }));
      const [cancel, status] = await Promise.all([cancelling, postStatus(two, r, 'success')]);
      expect(status.status).toBe(201);
      const { issue, pr } = await pullRow(forge, r.repo.id, r.index);
      const events = (await eventsOf(forge, issue.id)).map((e) => e.type);
      if (cancel.status === 204) {
        expect(pr.has_merged, `cancel after ${delay} ms`).toBe(0);
        expect(events).toEqual([34, 35]);
      } else {
        expect(cancel.status, `cancel after ${delay} ms`).toBe(404);
        await expectMergedOnce(r);
        expect(events).not.toContain(35);
      }
    }
  });
});
