// How much the commit list costs over the git it needs: a 10,000-commit repository, ~30 requests
// of GET /repos/{o}/{r}/commits?limit=50 through the real app (SQLite, no network), beside the
// bare `git log` with the same arguments. Run alone: npx tsx bench/commits-bench.ts
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { openDb } from '../server/src/db/index.ts';
import { createToken, createUser } from '../server/src/services/users.ts';
import { logArgs } from '../server/src/git/log.ts';
import { gitEnv } from '../server/src/git/run-git.ts';
import { createFixtureRepo, syntheticHistory } from '../server/test/git-fixtures.ts';
import { quantile, round } from './bench-stats.ts';

const run = promisify(execFile);

const COMMITS = 10_000;
const RUNS = 30;
const LIMIT = 50;

async function time(fn: () => Promise<unknown>, runs = RUNS): Promise<number[]> {
  for (let i = 0; i < 3; i++) await fn(); // warm caches and the JIT
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

export async function benchCommits(): Promise<Record<string, number | string>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-bench-commits-'));
  const db = await openDb(path.join(dataDir, 'forge.db'));
  try {
    const config = { ...loadConfig({ PORT: '3000' }), dataDir, webDir: undefined, rootUrl: 'http://localhost:3000/' };
    const app = createApp({ db, config });
    const owner = await createUser(db, { username: 'bench', email: 'bench@example.com', password: 'bench-password' });
    const { secret } = await createToken(db, owner.id, 'bench');
    // Several authors, one of them a forge user, so the user lookup has work to do.
    const authors = [
      { name: 'Bench Owner', email: 'bench@example.com' },
      { name: 'Ada', email: 'ada@example.com' },
      { name: 'Brian', email: 'brian@example.com' },
      { name: 'Chen', email: 'chen@example.com' },
      { name: 'Dana', email: 'dana@example.com' },
    ];
    let t = performance.now();
    const { dir, shas } = await createFixtureRepo({ db, config }, owner, 'big', syntheticHistory(COMMITS, authors));
    const buildMs = performance.now() - t;
    const head = shas['branch:main']!;

    const request = async (page: number) => {
      const res = await app.request(`/api/v1/repos/bench/big/commits?limit=${LIMIT}&page=${page}`, { headers: { Authorization: `token ${secret}` } });
      if (res.status !== 200) throw new Error(`status ${res.status}: ${await res.text()}`);
      const body = (await res.json()) as unknown[];
      if (body.length !== LIMIT) throw new Error(`expected ${LIMIT} commits, got ${body.length}`);
    };
    const gitLog = async (page: number) => {
      const args = logArgs({ revs: [head], skip: (page - 1) * LIMIT, max: LIMIT, files: true, stat: true });
      await run('git', args, { cwd: dir, env: gitEnv, maxBuffer: 64 * 1024 * 1024 });
    };

    // The first request also counts the whole history (remembered afterwards, per head SHA).
    t = performance.now();
    await request(1);
    const coldMs = performance.now() - t;
    const api = await time(() => request(1));
    const git = await time(() => gitLog(1));
    const deepPage = Math.floor(COMMITS / LIMIT / 2);
    const apiDeep = await time(() => request(deepPage), 10);
    const gitDeep = await time(() => gitLog(deepPage), 10);

    t = performance.now();
    await run('git', ['rev-list', '--count', head], { cwd: dir, env: gitEnv });
    const countMs = performance.now() - t;

    return {
      commits: COMMITS,
      limit: LIMIT,
      runs: RUNS,
      build_ms: round(buildMs),
      api_cold_ms: round(coldMs),
      api_p50_ms: round(quantile(api, 0.5)),
      api_p95_ms: round(quantile(api, 0.95)),
      git_log_p50_ms: round(quantile(git, 0.5)),
      git_log_p95_ms: round(quantile(git, 0.95)),
      ratio_p50: round(quantile(api, 0.5) / quantile(git, 0.5)),
      rev_list_count_ms: round(countMs),
      deep_page: deepPage,
      api_deep_p50_ms: round(quantile(apiDeep, 0.5)),
      git_log_deep_p50_ms: round(quantile(gitDeep, 0.5)),
      ratio_deep_p50: round(quantile(apiDeep, 0.5) / quantile(gitDeep, 0.5)),
    };
  } finally {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  const r = await benchCommits();
  for (const [k, v] of Object.entries(r)) console.log(`${k.padEnd(22)} ${v}`);
}
