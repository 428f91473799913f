// The kill -9 loop: the real server process (`serve --no-demo`, bundled from server/src/main.ts as
// `npm run build:server` does) on a temp data folder and a free port, driven with writes
// (repository creation, pushes, issues, comments) and killed with SIGKILL at a random moment, then
// restarted. After every kill: `PRAGMA integrity_check` is ok, `git fsck` is clean on every
// repository the database lists, and every acknowledged write is there (a 201 issue, comment or
// repository answers, a push git reported done is in the refs).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openSqlite } from '../src/db/sqlite.ts';
import { git, repoDirs, sendRaw } from './forge.ts';
import { freePort } from '../test/cli-process.ts';

const root = path.resolve(import.meta.dirname, '../..');

interface Server {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<void>;
}

/**
 * The server bundled from today's sources exactly as `npm run build:server` does, next to
 * node_modules so its packages resolve. A plain `node bundle.mjs` starts in a fraction of tsx's
 * time, and the server itself is the child process (no wrapper in between), so SIGKILL hits it.
 */
async function bundleServer(): Promise<string> {
  const outfile = path.join(root, `node_modules/.cache/forge-reliability/main-${process.pid}.mjs`);
  const { build } = await import('esbuild');
  await build({
    entryPoints: [path.join(root, 'server/src/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    target: 'node20',
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}

async function startServer(bundle: string, dataDir: string, port: number): Promise<Server> {
  const child = spawn(process.execPath, [bundle, 'serve', '--no-demo'], {
    cwd: root,
    env: { ...process.env, FORGE_DATA_DIR: dataDir, PORT: String(port), FORGE_ROOT_URL: `http://127.0.0.1:${port}/`, FORGE_NO_DEMO: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 90_000;
  while (!/Forge listening on/.test(out)) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited while starting:\n${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start within 90 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, port, output: () => out, exited };
}

interface Acked {
  repos: Set<string>;
  issues: { repo: string; number: number; title: string }[];
  comments: { repo: string; id: number; body: string }[];
  pushes: { repo: string; branch: string; sha: string }[];
}

export interface KillResult {
  kills: number;
  survived: number;
  checked: number;
  lost: string[];
  problems: string[];
}

export async function killLoop(opts: { kills: number; log: (s: string) => void }): Promise<KillResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-rel-kill-'));
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-rel-kill-work-'));
  const res: KillResult = { kills: opts.kills, survived: 0, checked: 0, lost: [], problems: [] };
  const acked: Acked = { repos: new Set(), issues: [], comments: [], pushes: [] };
  let server: Server | null = null;
  let bundle = '';
  try {
    const port = await freePort();
    bundle = await bundleServer();
    server = await startServer(bundle, dataDir, port);
    const password = server.output().match(/password: +(\S+)/)?.[1];
    if (!password) throw new Error(`no admin password in:\n${server.output()}`);
    const basic = `Basic ${Buffer.from(`forge-admin:${password}`).toString('base64')}`;
    const tok = await sendRaw(port, {
      method: 'POST',
      path: '/api/v1/users/forge-admin/tokens',
      headers: { Authorization: basic },
      body: { name: 'kill-loop', scopes: ['all'] },
    });
    if (tok.status !== 201) throw new Error(`token: ${tok.status} ${tok.text}`);
    const token: string = tok.body.sha1;
    const url = (repo: string) => `http://forge-admin:${token}@127.0.0.1:${port}/forge-admin/${repo}.git`;

    // A local history to push from: every push sends a new commit.
    const wd = path.join(work, 'w');
    fs.mkdirSync(wd);
    await git(['init', '-q', '-b', 'main'], wd);
    let parent = '';
    const newCommit = async (msg: string) => {
      fs.writeFileSync(path.join(wd, 'f.txt'), `${msg}\n`);
      await git(['add', 'f.txt'], wd);
      const tree = (await git(['write-tree'], wd)).trim();
      parent = (await git(['commit-tree', tree, ...(parent ? ['-p', parent] : []), '-m', msg], wd)).trim();
      return parent;
    };

    for (let k = 0; k < opts.kills; k++) {
      let stop = false;
      let seq = 0;
      const repos = () => [...acked.repos];
      const worker = async (wid: number) => {
        while (!stop) {
          const i = seq++;
          const list = repos();
          const roll = Math.random();
          try {
            if (roll < 0.25 || list.length === 0) {
              const name = `r${k}-${wid}-${i}`;
              const a = await sendRaw(port, { method: 'POST', path: '/api/v1/user/repos', token, body: { name, auto_init: Math.random() < 0.7 } }, 30_000);
              if (a.status === 201) acked.repos.add(name);
            } else if (roll < 0.5) {
              const repo = list[Math.floor(Math.random() * list.length)]!;
              const title = `issue ${k}-${wid}-${i}`;
              const a = await sendRaw(port, { method: 'POST', path: `/api/v1/repos/forge-admin/${repo}/issues`, token, body: { title } }, 30_000);
              if (a.status === 201) acked.issues.push({ repo, number: a.body.number, title });
            } else if (roll < 0.6) {
              const issue = acked.issues[Math.floor(Math.random() * acked.issues.length)];
              if (!issue) continue;
              const body = `comment ${k}-${wid}-${i}`;
              const a = await sendRaw(
                port,
                { method: 'POST', path: `/api/v1/repos/forge-admin/${issue.repo}/issues/${issue.number}/comments`, token, body: { body } },
                30_000,
              );
              if (a.status === 201) acked.comments.push({ repo: issue.repo, id: a.body.id, body });
            } else {
              const repo = list[Math.floor(Math.random() * list.length)]!;
              const sha = await newCommit(`push ${k}-${wid}-${i}`);
              const branch = `b${k}-${wid}-${i}`;
              const ok = await git(['push', '-q', url(repo), `${sha}:refs/heads/${branch}`], wd).then(
                () => true,
                () => false,
              );
              if (ok && !stop) acked.pushes.push({ repo, branch, sha });
            }
          } catch {
            // The server is gone (killed): this write was never acknowledged.
            await new Promise((r) => setTimeout(r, 20));
          }
        }
      };
      // Writes that started before the kill but whose answer came after it do not count: the
      // `stop` flag is set only after the process is dead, so any answer seen earlier was real.
      const workers = Array.from({ length: 4 }, (_, i) => worker(i));
      // Kill at a random moment once writes flow (the first acknowledged write of this round, or
      // 10 s), so a slow machine still has work in flight when the process dies.
      const count = () => acked.repos.size + acked.issues.length + acked.comments.length + acked.pushes.length;
      const start = count();
      for (const until = Date.now() + 10_000; count() === start && Date.now() < until;) await new Promise((r) => setTimeout(r, 25));
      await new Promise((r) => setTimeout(r, 300 + Math.random() * 3000));
      server.child.kill('SIGKILL');
      await server.exited;
      stop = true;
      await Promise.all(workers);
      opts.log(
        `  kill ${k + 1}/${opts.kills}: ${acked.repos.size} repositories, ${acked.issues.length} issues, ${acked.comments.length} comments, ${acked.pushes.length} pushes acknowledged so far`,
      );

      const before = res.lost.length + res.problems.length;
      // The database file as the crash left it (opening it replays the WAL, as the server would).
      const sqlite = openSqlite(path.join(dataDir, 'forge.db'));
      try {
        const check = sqlite.pragma('integrity_check', { simple: true });
        if (check !== 'ok') res.problems.push(`after kill ${k + 1}: PRAGMA integrity_check says ${String(check)}`);
      } finally {
        sqlite.close();
      }
      server = await startServer(bundle, dataDir, port);
      res.checked += await verify(port, token, dataDir, acked, k + 1, res);
      if (res.lost.length + res.problems.length === before) res.survived++;
    }
  } catch (e) {
    // With what the server said and whether it was still alive, so a one-off can be diagnosed.
    const state = server
      ? `server ${server.child.exitCode !== null || server.child.signalCode !== null ? `exited (${server.child.exitCode ?? server.child.signalCode})` : 'still running'}`
      : 'no server';
    const said = server ? `; its last output:\n${server.output().slice(-3000)}` : '';
    res.problems.push(`the loop stopped: ${(e as Error).message} (${state})${said}`);
  } finally {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await Promise.race([server.exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    }
    fs.rmSync(work, { recursive: true, force: true });
    if (bundle) fs.rmSync(bundle, { force: true });
    if (res.lost.length + res.problems.length === 0) fs.rmSync(dataDir, { recursive: true, force: true });
    else res.problems.push(`data folder kept for inspection: ${dataDir}`);
  }
  return res;
}

async function verify(port: number, token: string, dataDir: string, acked: Acked, kill: number, res: KillResult): Promise<number> {
  let checked = 0;
  const get = (p: string) => sendRaw(port, { method: 'GET', path: `/api/v1${p}`, token });
  // Every repository the database lists: a sound git repository on disk that the API can read.
  const sqlite = openSqlite(path.join(dataDir, 'forge.db'), { readonly: true });
  const rows = sqlite.prepare('SELECT owner_name, name, lower_name, is_empty FROM repository').all() as {
    owner_name: string;
    name: string;
    lower_name: string;
    is_empty: number;
  }[];
  sqlite.close();
  for (const r of rows) {
    const dir = path.join(dataDir, 'repositories', r.owner_name.toLowerCase(), `${r.lower_name}.git`);
    const what = `after kill ${kill}: repository ${r.owner_name}/${r.name}`;
    if (!fs.existsSync(path.join(dir, 'HEAD'))) {
      const content = fs.existsSync(dir) ? fs.readdirSync(dir).join(', ') : 'no folder';
      res.problems.push(`${what} has a database row but no git repository (folder holds: ${content})`);
      continue;
    }
    const fsck = await git(['fsck', '--no-progress', '--no-dangling'], dir).then(
      () => '',
      (e: Error) => e.message,
    );
    if (fsck) res.problems.push(`${what}: git fsck failed: ${fsck.slice(0, 300)}`);
    const branches = await get(`/repos/${r.owner_name}/${r.name}/branches`);
    if (branches.status !== 200) res.problems.push(`${what}: GET branches answered ${branches.status}`);
    else if (r.is_empty && branches.body.length > 0) res.problems.push(`${what} is marked empty but has ${branches.body.length} branches`);
  }
  // And the other way round: no repository folder without its row (a half-done creation or deletion).
  const known = new Set(rows.map((r) => path.join(dataDir, 'repositories', r.owner_name.toLowerCase(), `${r.lower_name}.git`)));
  for (const dir of repoDirs(dataDir))
    if (!known.has(dir)) res.problems.push(`after kill ${kill}: ${path.relative(dataDir, dir)} is on disk without a database row`);
  for (const repo of acked.repos) {
    checked++;
    const a = await get(`/repos/forge-admin/${repo}`);
    if (a.status !== 200) res.lost.push(`after kill ${kill}: repository ${repo} was created (201) but answers ${a.status}`);
  }
  for (const i of acked.issues) {
    checked++;
    const a = await get(`/repos/forge-admin/${i.repo}/issues/${i.number}`);
    if (a.status !== 200 || a.body?.title !== i.title)
      res.lost.push(`after kill ${kill}: issue ${i.repo}#${i.number} "${i.title}" was acknowledged but answers ${a.status} ${a.body?.title ?? ''}`);
  }
  for (const c of acked.comments) {
    checked++;
    const a = await get(`/repos/forge-admin/${c.repo}/issues/comments/${c.id}`);
    if (a.status !== 200 || a.body?.body !== c.body) res.lost.push(`after kill ${kill}: comment ${c.id} in ${c.repo} was acknowledged but answers ${a.status}`);
  }
  const byRepo = new Map<string, Acked['pushes']>();
  for (const p of acked.pushes) byRepo.set(p.repo, [...(byRepo.get(p.repo) ?? []), p]);
  for (const [repo, pushes] of byRepo) {
    const dir = path.join(dataDir, 'repositories', 'forge-admin', `${repo.toLowerCase()}.git`);
    const refs = await git(['for-each-ref', '--format=%(refname:short) %(objectname)', 'refs/heads'], dir).catch(() => '');
    const map = new Map(
      refs
        .trim()
        .split('\n')
        .map((l) => l.split(' ') as [string, string]),
    );
    for (const p of pushes) {
      checked++;
      if (map.get(p.branch) !== p.sha)
        res.lost.push(
          `after kill ${kill}: push of ${p.sha.slice(0, 10)} to ${repo}:${p.branch} was reported done but the branch is ${map.get(p.branch) ?? 'missing'}`,
        );
    }
  }
  return checked;
}
