// Issue #12, "several server processes": two real `forge serve` processes on one PostgreSQL
// database and one repository folder, behind a round-robin proxy (as behind a load balancer),
// driven in parallel: issue and comment creation, pushes (new branches at once, and pushes racing
// on one branch), merges (several at once, and one pull request merged through both processes at
// once), branch and repository creation with one name. Then: no lost write, no duplicate number,
// no 500, `git fsck --full` clean, and both processes read the same forge.
// It always runs on PostgreSQL (SQLite serves a data folder from one process only).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './cli-process.ts';
import { freshPostgresDatabase } from './pg-databases.ts';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.ts';

const exec = promisify(execFile);
const gitEnv = {
  ...process.env,
  GIT_TERMINAL_PROMPT: '0',
  GIT_AUTHOR_NAME: 'mp',
  GIT_AUTHOR_EMAIL: 'mp@example.com',
  GIT_COMMITTER_NAME: 'mp',
  GIT_COMMITTER_EMAIL: 'mp@example.com',
};
const git = async (cwd: string, ...args: string[]) => (await exec('git', args, { cwd, env: gitEnv, encoding: 'utf8' })).stdout;
/** A git command that may be refused (a push losing a race): its exit and output. */
const gitTry = (cwd: string, ...args: string[]) =>
  exec('git', args, { cwd, env: gitEnv, encoding: 'utf8' }).then(
    (r) => ({ ok: true, out: r.stdout + r.stderr }),
    (e: { stdout?: string; stderr?: string }) => ({ ok: false, out: `${e.stdout ?? ''}${e.stderr ?? ''}` }),
  );

type Server = Awaited<ReturnType<typeof startServer>>;

describe('two server processes on one PostgreSQL database and one repository folder', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-mp-'));
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-mp-work-'));
  let drop: () => Promise<void> = async () => {};
  let dbUrl = '';
  let servers: Server[] = [];
  let proxy: RoundRobinProxy | undefined;
  const tokens = new Map<string, string>();
  const status500: string[] = [];

  const call = async (base: string, method: string, url: string, opts: { user?: string; body?: unknown; auth?: string } = {}) => {
    const res = await fetch(`${base}/api/v1${url}`, {
      method,
      headers: { Authorization: opts.auth ?? `token ${tokens.get(opts.user ?? 'forge-admin')}`, ...(opts.body ? { 'Content-Type': 'application/json' } : {}) },
      body: opts.body ? JSON.stringify(opts.body) : undefined,
    });
    const text = await res.text();
    if (res.status >= 500) status500.push(`${method} ${url} → ${res.status} ${text}`);
    return { status: res.status, body: (text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as any };
  };
  const api = (method: string, url: string, opts: { user?: string; body?: unknown; auth?: string } = {}) => call(proxy!.base, method, url, opts);
  const owner = 'forge-admin';
  const remote = (repo: string) => `http://${owner}:${tokens.get(owner)}@127.0.0.1:${proxy!.port}/${owner}/${repo}.git`;
  const bare = (repo: string) => path.join(dataDir, 'repositories', owner, `${repo}.git`);

  beforeAll(async () => {
    const database = await freshPostgresDatabase();
    drop = database.drop;
    dbUrl = database.url;
    // Both at once on an empty database: the first-start race.
    servers = await Promise.all([0, 1].map(() => startServer(dataDir, { FORGE_DATABASE_URL: database.url })));
    proxy = await startRoundRobinProxy(servers.map((s) => s.base));
  }, 60_000);

  afterAll(async () => {
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
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('started together on an empty database, they create exactly one administrator', async () => {
    const outputs = servers.map((s) => s.output());
    expect(outputs.filter((o) => o.includes('Created the site administrator')).length).toBe(1);
    const password = servers.map((s) => s.password).find(Boolean)!;
    const basic = `Basic ${Buffer.from(`${owner}:${password}`).toString('base64')}`;
    const token = await api('POST', `/users/${owner}/tokens`, { auth: basic, body: { name: 'mp' } });
    expect(token.status).toBe(201);
    tokens.set(owner, token.body.sha1);
    // Both processes know the one administrator; the user list holds no second one.
    for (const s of servers) {
      const users = await call(s.base, 'GET', '/users/search?limit=50');
      expect(users.status).toBe(200);
      expect(users.body.data.map((u: { login: string; is_admin: boolean }) => [u.login, u.is_admin])).toEqual([[owner, true]]);
    }
  });

  it('parallel writes through both processes: no lost write, no duplicate number, no 500, git fsck clean', { timeout: 120_000 }, async () => {
    expect(tokens.get(owner)).toBeTruthy();
    // Set-up: four users with write access to one repository.
    const users = ['mp-ann', 'mp-bob', 'mp-cy', 'mp-dee'];
    await Promise.all(
      users.map(async (u) => {
        const made = await api('POST', '/admin/users', {
          body: { username: u, email: `${u}@example.com`, password: `password-${u}-1`, must_change_password: false },
        });
        expect(made.status).toBe(201);
        const basic = `Basic ${Buffer.from(`${u}:password-${u}-1`).toString('base64')}`;
        const token = await api('POST', `/users/${u}/tokens`, { auth: basic, body: { name: 'mp' } });
        expect(token.status).toBe(201);
        tokens.set(u, token.body.sha1);
      }),
    );
    expect((await api('POST', '/user/repos', { body: { name: 'shared', auto_init: true } })).status).toBe(201);
    expect((await api('POST', '/user/repos', { body: { name: 'firstpush' } })).status).toBe(201);
    for (const u of users) expect((await api('PUT', `/repos/${owner}/shared/collaborators/${u}`, { body: { permission: 'write' } })).status).toBe(204);

    // Clones for the pushes (through the proxy: fetches cross it too).
    const clone = async (name: string, repo = 'shared') => {
      const dir = path.join(work, name);
      await git(work, 'clone', '-q', remote(repo), dir);
      return dir;
    };
    const commitFile = async (dir: string, file: string, text: string) => {
      fs.writeFileSync(path.join(dir, file), text);
      await git(dir, 'add', file);
      await git(dir, 'commit', '-qm', `add ${file}`);
      return (await git(dir, 'rev-parse', 'HEAD')).trim();
    };
    const featureClones = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => clone(`feature-${i}`)));
    const mainClones = await Promise.all([0, 1, 2].map((i) => clone(`main-${i}`)));
    const raceClones = await Promise.all([0, 1, 2].map((i) => clone(`race-${i}`)));
    const emptyClones = await Promise.all([0, 1, 2].map((i) => clone(`first-${i}`, 'firstpush')));
    for (const [i, dir] of featureClones.entries()) {
      await git(dir, 'checkout', '-qb', `feature-${i}`);
      await commitFile(dir, `feature-${i}.txt`, `feature ${i}\n`);
    }
    const mainShas = await Promise.all(mainClones.map((dir, i) => commitFile(dir, `main-${i}.txt`, `main ${i}\n`)));
    const raceShas = await Promise.all(
      raceClones.map(async (dir, i) => {
        await git(dir, 'checkout', '-qb', 'race');
        return commitFile(dir, `race-${i}.txt`, `race ${i}\n`);
      }),
    );
    const firstShas = await Promise.all(
      emptyClones.map(async (dir, i) => {
        await git(dir, 'checkout', '-qb', `first-${i}`);
        return commitFile(dir, `first-${i}.txt`, `first ${i}\n`);
      }),
    );

    // Everything at once.
    const issueTitles = Array.from({ length: 40 }, (_, i) => `parallel issue ${i}`);
    const [issues, pushes] = await Promise.all([
      Promise.all(issueTitles.map((title, i) => api('POST', `/repos/${owner}/shared/issues`, { user: users[i % users.length], body: { title } }))),
      Promise.all([
        ...featureClones.map((dir, i) => gitTry(dir, 'push', '-q', 'origin', `feature-${i}`)),
        ...mainClones.map((dir) => gitTry(dir, 'push', '-q', 'origin', 'main')),
        ...raceClones.map((dir) => gitTry(dir, 'push', '-q', 'origin', 'race')),
        ...emptyClones.map((dir, i) => gitTry(dir, 'push', '-q', 'origin', `first-${i}`)),
      ]),
    ]);

    // Issues: numbers exactly 1..40, every title listed.
    expect(issues.map((r) => r.status)).toEqual(issues.map(() => 201));
    expect(issues.map((r) => r.body.number).sort((a: number, b: number) => a - b)).toEqual(issueTitles.map((_, i) => i + 1));
    const listed = [...(await api('GET', `/repos/${owner}/shared/issues?state=all&type=issues&limit=50&page=1`)).body] as Array<{
      number: number;
      title: string;
    }>;
    expect(listed.map((i) => i.title).sort()).toEqual([...issueTitles].sort());

    // Pushes: every new branch landed; on each contested branch exactly one push won, and the
    // branch is that push's commit.
    const [featurePushes, mainPushes, racePushes, firstPushes] = [pushes.slice(0, 6), pushes.slice(6, 9), pushes.slice(9, 12), pushes.slice(12)];
    for (const p of [...featurePushes, ...firstPushes]) expect(p.ok, p.out).toBe(true);
    for (const [contested, shas, branch] of [
      [mainPushes, mainShas, 'main'],
      [racePushes, raceShas, 'race'],
    ] as const) {
      const won = contested.flatMap((p, i) => (p.ok ? [shas[i]] : []));
      expect(won.length, contested.map((p) => p.out).join('\n')).toBe(1);
      for (const p of contested.filter((x) => !x.ok)) expect(p.out).toMatch(/rejected|failed to (lock|update)|cannot lock|fetch first|non-fast-forward/);
      expect((await git(bare('shared'), 'rev-parse', `refs/heads/${branch}`)).trim()).toBe(won[0]);
    }
    const branches = (await api('GET', `/repos/${owner}/shared/branches?limit=50`)).body.map((b: { name: string }) => b.name).sort();
    expect(branches).toEqual(['feature-0', 'feature-1', 'feature-2', 'feature-3', 'feature-4', 'feature-5', 'main', 'race']);
    // The first pushes to an empty repository, at once: not empty, a default branch among them, all listed.
    const firstpush = await api('GET', `/repos/${owner}/firstpush`);
    expect(firstpush.body.empty).toBe(false);
    expect(['first-0', 'first-1', 'first-2']).toContain(firstpush.body.default_branch);
    expect((await git(bare('firstpush'), 'symbolic-ref', 'HEAD')).trim()).toBe(`refs/heads/${firstpush.body.default_branch}`);
    const firstBranches = (await api('GET', `/repos/${owner}/firstpush/branches`)).body;
    expect(firstBranches.map((b: { name: string; commit: { id: string } }) => [b.name, b.commit.id]).sort()).toEqual(
      firstShas.map((sha, i) => [`first-${i}`, sha]),
    );

    // Comments, pull requests and merges (while pushes move the base branch too), branch and
    // repository creation with one name: at once.
    const latePushers = await Promise.all([0, 1].map((i) => clone(`late-${i}`)));
    const lateShas = await Promise.all(latePushers.map((dir, i) => commitFile(dir, `late-${i}.txt`, `late ${i}\n`)));
    const commentBodies = Array.from({ length: 40 }, (_, i) => `parallel comment ${i}`);
    const pulls = await Promise.all(
      featureClones.map((_, i) =>
        api('POST', `/repos/${owner}/shared/pulls`, { user: users[i % users.length], body: { head: `feature-${i}`, base: 'main', title: `feature ${i}` } }),
      ),
    );
    expect(pulls.map((p) => p.status)).toEqual(pulls.map(() => 201));
    const pullNumbers = pulls.map((p) => p.body.number as number);
    // Pull requests share the issues' numbers: 41..46, each once.
    expect([...pullNumbers].sort((a, b) => a - b)).toEqual([41, 42, 43, 44, 45, 46]);
    // Three merged at once through the proxy; three each merged through both processes at once
    // (straight to each, not through the proxy).
    const rest = pullNumbers.slice(0, 3);
    const together = pullNumbers.slice(3);
    const sameMerge = Promise.all(
      together.map((n) => Promise.all(servers.map((s) => call(s.base, 'POST', `/repos/${owner}/shared/pulls/${n}/merge`, { body: { Do: 'merge' } })))),
    );
    const [comments, merges, sameMerged, branchRounds, repoCreations, latePushes] = await Promise.all([
      Promise.all(commentBodies.map((body, i) => api('POST', `/repos/${owner}/shared/issues/1/comments`, { user: users[i % users.length], body: { body } }))),
      Promise.all(rest.map((n) => api('POST', `/repos/${owner}/shared/pulls/${n}/merge`, { body: { Do: 'merge' } }))),
      sameMerge,
      Promise.all(
        Array.from({ length: 8 }, (_, k) =>
          Promise.all(
            [...servers, ...servers].map((s) =>
              call(s.base, 'POST', `/repos/${owner}/shared/branches`, { body: { new_branch_name: `same-${k}`, old_ref_name: 'main' } }),
            ),
          ),
        ),
      ),
      Promise.all([...servers, ...servers].map((s) => call(s.base, 'POST', '/user/repos', { body: { name: 'dup' } }))),
      Promise.all(latePushers.map((dir) => gitTry(dir, 'push', '-q', 'origin', 'main'))),
    ]);

    expect(comments.map((c) => c.status)).toEqual(comments.map(() => 201));
    // A merge whose base branch a push moved meanwhile is refused as Gitea refuses it (409 "merge
    // push out of date"); merged again, it goes through.
    for (const [i, m] of merges.entries()) {
      let answer = m;
      for (let tries = 0; answer.status === 409 && tries < 3; tries++) {
        expect(answer.body.message).toBe('merge push out of date');
        answer = await api('POST', `/repos/${owner}/shared/pulls/${rest[i]}/merge`, { body: { Do: 'merge' } });
      }
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    for (const [i, p] of latePushes.entries()) {
      if (p.ok) await git(bare('shared'), 'merge-base', '--is-ancestor', lateShas[i]!, 'refs/heads/main');
      else expect(p.out).toMatch(/rejected|failed to (lock|update)|cannot lock|fetch first|non-fast-forward/);
    }
    for (const [i, pair] of sameMerged.entries()) {
      // At most one of the two merges the pull request. The other is refused as Gitea refuses a
      // pull request that is already merged (or being merged) — or, when it went first and a late
      // push moved main under it, as out of date; merged again then, it goes through.
      expect(pair.filter((r) => r.status === 200).length, JSON.stringify(pair.map((r) => r.body))).toBeLessThanOrEqual(1);
      for (const r of pair.filter((x) => x.status !== 200)) {
        expect([405, 409], JSON.stringify(r.body)).toContain(r.status);
        expect(r.body.message).toMatch(/merged|merge push out of date/i);
      }
      let answer = pair.find((r) => r.status === 200) ?? pair[0]!;
      for (let tries = 0; answer.status === 409 && answer.body.message === 'merge push out of date' && tries < 3; tries++) {
        answer = await api('POST', `/repos/${owner}/shared/pulls/${together[i]}/merge`, { body: { Do: 'merge' } });
      }
      if (answer.status !== 200) expect(answer.body.message).toMatch(/merged/i);
    }
    for (const round of branchRounds) expect(round.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(repoCreations.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(status500).toEqual([]);

    // Every merge is on main, each pull request merged once.
    const mainLog = await git(bare('shared'), 'log', '--format=%s', 'refs/heads/main');
    const mainFiles = (await git(bare('shared'), 'ls-tree', '--name-only', 'refs/heads/main')).split('\n');
    for (const i of [0, 1, 2, 3, 4, 5]) expect(mainFiles).toContain(`feature-${i}.txt`);
    expect((await git(bare('shared'), 'log', '--merges', '--format=%H', 'refs/heads/main')).trim().split('\n')).toHaveLength(6);
    for (const n of pullNumbers) {
      expect(mainLog.split('\n').filter((s) => s.startsWith(`Merge pull request '`) && s.includes(`(#${n})`))).toHaveLength(1);
      const timeline = await api('GET', `/repos/${owner}/shared/issues/${n}/timeline?limit=50`);
      expect(
        timeline.body.filter((e: { type: string }) => e.type === 'merge_pull'),
        `#${n}`,
      ).toHaveLength(1);
    }

    // git fsck --full on every repository the processes wrote.
    for (const repo of ['shared', 'firstpush', 'dup']) await git(bare(repo), 'fsck', '--full', '--strict', '--no-progress');

    // Each process, asked directly, sees every write, and both see the same.
    const seen = await Promise.all(
      servers.map(async (s) => {
        const issuePage = await call(s.base, 'GET', `/repos/${owner}/shared/issues?state=all&type=issues&limit=50`);
        const pullPage = await call(s.base, 'GET', `/repos/${owner}/shared/pulls?state=all&limit=50`);
        const first = await call(s.base, 'GET', `/repos/${owner}/shared/issues/1`);
        const firstComments = await call(s.base, 'GET', `/repos/${owner}/shared/issues/1/comments`);
        const branchList = await call(s.base, 'GET', `/repos/${owner}/shared/branches?limit=50`);
        const repo = await call(s.base, 'GET', `/repos/${owner}/shared`);
        return {
          issues: issuePage.body.map((i: { number: number; title: string }) => `${i.number} ${i.title}`).sort(),
          pulls: pullPage.body.map((p: { number: number; merged: boolean; state: string }) => `${p.number} ${p.state} ${p.merged}`).sort(),
          comments: first.body.comments,
          commentBodies: firstComments.body.map((c: { body: string }) => c.body).sort(),
          branches: branchList.body.map((b: { name: string; commit: { id: string } }) => `${b.name} ${b.commit.id}`).sort(),
          counts: [repo.body.open_issues_count, repo.body.open_pr_counter],
        };
      }),
    );
    expect(seen[0]).toEqual(seen[1]);
    expect(seen[0]!.issues).toHaveLength(40);
    expect(seen[0]!.comments).toBe(40);
    expect(seen[0]!.commentBodies).toEqual([...commentBodies].sort());
    expect(seen[0]!.pulls).toEqual(pullNumbers.map((n) => `${n} closed true`).sort());
    expect(seen[0]!.branches.map((b: string) => b.split(' ')[0])).toEqual([...branches, ...Array.from({ length: 8 }, (_, k) => `same-${k}`)].sort());
    expect(seen[0]!.counts).toEqual([40, 0]);
    // The proxy really spread the load.
    expect(Math.min(...proxy!.counts)).toBeGreaterThan(50);
    expect(status500).toEqual([]);
  });

  it('a third process starting while the others create, rename and delete repositories leaves their work alone', { timeout: 60_000 }, async () => {
    expect(tokens.get(owner)).toBeTruthy();
    // Writes that go through <data>/tmp (prepared repositories, trash, move intents) keep running
    // on the first two processes until the third listens, so its start-up reconciliation meets them.
    let started = false;
    const made: string[] = [];
    const churn = async (s: Server, k: number) => {
      for (let i = 0; !started || i < 3; i++) {
        const name = `churn-${k}-${i}`;
        expect((await call(s.base, 'POST', '/user/repos', { body: { name, auto_init: true } })).status).toBe(201);
        expect((await call(s.base, 'PATCH', `/repos/${owner}/${name}`, { body: { name: `${name}-r` } })).status).toBe(200);
        if (i % 2) expect((await call(s.base, 'DELETE', `/repos/${owner}/${name}-r`)).status).toBe(204);
        else made.push(`${name}-r`);
      }
    };
    const third = startServer(dataDir, { FORGE_DATABASE_URL: dbUrl }).then((s) => {
      started = true;
      return s;
    });
    const [srv] = await Promise.all([third, ...servers.flatMap((s, i) => [churn(s, i * 2), churn(s, i * 2 + 1)])]);
    servers.push(srv);
    expect(srv.output()).toMatch(
      /reconcile: .* 0 moves finished, 0 restored from trash, 0 re-initialised, 0 repaired, 0 empty flags fixed, 0 folders moved to lost\+found/,
    );
    expect(fs.existsSync(path.join(dataDir, 'lost+found'))).toBe(false);
    // Every repository that should exist is whole, as each process sees it.
    const listed = await call(srv.base, 'GET', `/repos/search?q=churn&limit=50`);
    expect(listed.body.data.map((r: { name: string }) => r.name).sort()).toEqual([...made].sort());
    for (const name of made) {
      await git(bare(name), 'fsck', '--full', '--strict', '--no-progress');
      for (const s of servers) expect((await call(s.base, 'GET', `/repos/${owner}/${name}/commits?limit=1`)).status, name).toBe(200);
    }
    const folders = fs.readdirSync(path.join(dataDir, 'repositories', owner)).filter((f) => f.startsWith('churn-'));
    expect(folders.sort()).toEqual(made.map((n) => `${n}.git`).sort());
    expect(status500).toEqual([]);
  });
});
