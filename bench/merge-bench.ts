// What merging a pull request costs over the git it needs: POST /pulls/{index}/merge through the real
// app (SQLite, no network) for merge, squash and rebase, beside the bare git plumbing each style
// runs (merge-tree + commit-tree + update-ref; a sparse temporary work tree + rebase + update-ref), on a
// 2,000-commit repository. Each run merges a fresh 3-commit branch made from the current main.
// Run alone: npx tsx bench/merge-bench.ts
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { nowUnix, openDb } from '../server/src/db/index.ts';
import type { Db } from '../server/src/db/types.ts';
import { createToken, createUser } from '../server/src/services/users.ts';
import { allocateIndex } from '../server/src/services/conversation.ts';
import { gitEnv } from '../server/src/git/run-git.ts';
import { rebaseOnto } from '../server/src/git/merge.ts';
import { createFixtureRepo, syntheticHistory } from '../server/test/git-fixtures.ts';
import { insertPullRows } from '../server/test/pull-rows.ts';
import { quantile, round } from './bench-stats.ts';

const execGit = promisify(execFile);

const COMMITS = 2_000;
const RUNS = 15;
const STYLES = ['merge', 'squash', 'rebase'] as const;
type Style = (typeof STYLES)[number];

const IDENT = { GIT_AUTHOR_NAME: 'Bench', GIT_AUTHOR_EMAIL: 'bench@example.com', GIT_COMMITTER_NAME: 'Bench', GIT_COMMITTER_EMAIL: 'bench@example.com' };

async function git(cwd: string, args: string[], input?: string): Promise<string> {
  const p = execGit('git', args, { cwd, env: { ...gitEnv, ...IDENT }, maxBuffer: 64 * 1024 * 1024 });
  if (input !== undefined) p.child.stdin!.end(input);
  return (await p).stdout.trim();
}

/** A branch of three commits on top of main's tip, touching files main does not (so it merges cleanly). */
async function makeBranch(dir: string, name: string) {
  const from = await git(dir, ['rev-parse', 'refs/heads/main']);
  const data = (s: string) => `data ${Buffer.byteLength(s)}\n${s}\n`;
  let stream = '';
  for (let i = 0; i < 3; i++) {
    stream += `commit refs/heads/${name}\ncommitter Topic Author <topic@example.com> ${1_800_000_000 + i} +0000\n${data(`${name}: step ${i}\n`)}`;
    if (i === 0) stream += `from ${from}\n`;
    stream += `M 100644 inline topics/${name}/file-${i}.txt\n${data(`${name} ${i}\n`.repeat(20))}`;
    stream += `M 100644 inline src/module-${i}/${name}.ts\n${data(`export const ${name.replace(/\W/g, '_')} = ${i};\n// ${'x'.repeat(40)}\n`.repeat(5))}`;
    stream += '\n';
  }
  await git(dir, ['fast-import', '--quiet'], stream);
}

/** A pull request head → main, written as rows (as the tests do), so only the merge is timed. */
async function openPull(db: Db, repoId: number, posterId: number, head: string): Promise<number> {
  const t = nowUnix();
  return db.transaction().execute(async (trx) => {
    const index = await allocateIndex(trx, repoId);
    await insertPullRows(trx, { repoId, index, posterId, title: `Merge ${head}`, unix: t, head, base: 'main' });
    return index;
  });
}

/** The plumbing a style needs and nothing else, on `head` into main. */
async function rawMerge(dir: string, tmpRoot: string, style: Style, head: string) {
  const base = await git(dir, ['rev-parse', 'refs/heads/main']);
  const headSha = await git(dir, ['rev-parse', `refs/heads/${head}`]);
  let tip: string;
  if (style === 'rebase') {
    // The git layer's own rebase (a sparse temporary work tree, rebase, removal): the same git
    // commands the merge runs, without the app around them.
    tip = await rebaseOnto(dir, tmpRoot, base, headSha, { name: 'Bench', email: 'bench@example.com' });
  } else {
    const tree = (await git(dir, ['merge-tree', '--write-tree', '--name-only', '--no-messages', base, headSha])).split('\n')[0]!;
    const parents = style === 'merge' ? ['-p', base, '-p', headSha] : ['-p', base];
    tip = await git(dir, ['commit-tree', tree, ...parents], `${style} ${head}\n`);
  }
  await git(dir, ['update-ref', 'refs/heads/main', tip, base]);
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

export async function benchMerge(): Promise<Record<string, number | string>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-bench-merge-'));
  const db = await openDb(path.join(dataDir, 'forge.db'));
  try {
    const config = { ...loadConfig({ PORT: '3000' }), dataDir, webDir: undefined, rootUrl: 'http://localhost:3000/' };
    const app = createApp({ db, config });
    const owner = await createUser(db, { username: 'bench', email: 'bench@example.com', password: 'bench-password' });
    const { secret } = await createToken(db, owner.id, 'bench');
    const authors = [
      { name: 'Bench Owner', email: 'bench@example.com' },
      { name: 'Ada', email: 'ada@example.com' },
    ];
    const { repo, dir } = await createFixtureRepo({ db, config }, owner, 'big', syntheticHistory(COMMITS, authors));
    const files = Number(await git(dir, ['ls-tree', '-r', '--name-only', 'main']).then((o) => o.split('\n').length));

    const apiMerge = async (style: Style, head: string) => {
      const index = await openPull(db, repo.id, owner.id, head);
      return timed(async () => {
        const res = await app.request(`/api/v1/repos/bench/big/pulls/${index}/merge`, {
          method: 'POST',
          headers: { Authorization: `token ${secret}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ Do: style }),
        });
        if (res.status !== 200) throw new Error(`${style}: status ${res.status}: ${await res.text()}`);
      });
    };

    const out: Record<string, number | string> = { commits: COMMITS, files, runs: RUNS };
    const tmpRoot = path.join(dataDir, 'tmp');
    for (const style of STYLES) {
      const api: number[] = [];
      const raw: number[] = [];
      // Alternate the two so both see main grow alike; the first of each warms caches and the JIT.
      for (let i = -1; i < RUNS; i++) {
        await makeBranch(dir, `api-${style}-${i + 1}`);
        await makeBranch(dir, `raw-${style}-${i + 1}`);
        const a = await apiMerge(style, `api-${style}-${i + 1}`);
        const r = await timed(() => rawMerge(dir, tmpRoot, style, `raw-${style}-${i + 1}`));
        if (i >= 0) {
          api.push(a);
          raw.push(r);
        }
      }
      out[`${style}_api_p50_ms`] = round(quantile(api, 0.5));
      out[`${style}_api_p95_ms`] = round(quantile(api, 0.95));
      out[`${style}_git_p50_ms`] = round(quantile(raw, 0.5));
      out[`${style}_ratio_p50`] = round(quantile(api, 0.5) / quantile(raw, 0.5));
    }
    return out;
  } finally {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  const r = await benchMerge();
  for (const [k, v] of Object.entries(r)) console.log(`${k.padEnd(22)} ${v}`);
}
