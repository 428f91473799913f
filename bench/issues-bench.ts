// Issue list speed: a repository with 10,000 issues (with labels), p50/p95 of GET .../issues with
// limit 50, by default and filtered by a label, through createApp().request (no network).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { openDb } from '../server/src/db/index.ts';
import { createToken, createUser } from '../server/src/services/users.ts';
import { createRepository } from '../server/src/services/repos.ts';
import { allocateIndex, recountRepo } from '../server/src/services/conversation.ts';

const ISSUES = 10_000;
const RUNS = 60;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))]!;
};

export async function benchIssues(): Promise<Record<string, number | string>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-bench-issues-'));
  const config = { ...loadConfig({ PORT: '3000' }), dataDir, webDir: undefined, rootUrl: 'http://localhost:3000/' };
  const db = await openDb(path.join(dataDir, 'forge.db'));
  try {
    const app = createApp({ db, config });
    const owner = await createUser(db, { username: 'bench', email: 'bench@example.com', password: 'bench-password' });
    const { secret } = await createToken(db, owner.id, 'bench');
    const repo = await createRepository({ db, config }, owner, owner, { name: 'big' });

    const t0 = performance.now();
    const labelIds: number[] = [];
    for (const [i, name] of ['bug', 'enhancement', 'docs', 'question', 'wontfix'].entries()) {
      const l = await db
        .insertInto('label')
        .values({ repo_id: repo.id, name, color: `#${String(i).repeat(6)}`, description: '', exclusive: 0, archived_unix: 0, created_unix: 0, updated_unix: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      labelIds.push(l.id);
    }
    const start = Math.floor(Date.now() / 1000) - ISSUES * 60;
    await db.transaction().execute(async (trx) => {
      const CHUNK = 500;
      for (let from = 0; from < ISSUES; from += CHUNK) {
        const rows = [];
        for (let i = from; i < Math.min(ISSUES, from + CHUNK); i++) {
          const created = start + i * 60;
          rows.push({
            repo_id: repo.id,
            index: await allocateIndex(trx, repo.id),
            poster_id: owner.id,
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
            created_unix: created,
            updated_unix: created,
            closed_unix: i % 4 === 0 ? created : 0,
          });
        }
        const ids = await trx.insertInto('issue').values(rows).returning('id').execute();
        // Every 7th issue is a bug; others get one of the remaining labels.
        const links = ids.flatMap((r, k) => {
          const i = from + k;
          return [{ issue_id: r.id, label_id: i % 7 === 0 ? labelIds[0]! : labelIds[1 + (i % 4)]! }];
        });
        await trx.insertInto('issue_label').values(links).execute();
      }
      await recountRepo(trx, repo.id);
    });
    const seedMs = performance.now() - t0;

    const time = async (url: string) => {
      const xs: number[] = [];
      for (let i = 0; i < RUNS + 5; i++) {
        const t = performance.now();
        const res = await app.request(url, { headers: { Authorization: `token ${secret}` } });
        const body = (await res.json()) as unknown[];
        if (res.status !== 200 || body.length !== 50) throw new Error(`unexpected answer ${res.status} from ${url}`);
        if (i >= 5) xs.push(performance.now() - t);
      }
      return xs;
    };
    const base = `/api/v1/repos/bench/big/issues?limit=50`;
    const plain = await time(base);
    const labelled = await time(`${base}&labels=bug`);
    const deep = await time(`${base}&page=100&state=all`);
    const round = (n: number) => Math.round(n * 100) / 100;
    return {
      'issues: seeded': ISSUES,
      'issues: seed time (ms)': Math.round(seedMs),
      'issues: list p50 (ms)': round(pct(plain, 50)),
      'issues: list p95 (ms)': round(pct(plain, 95)),
      'issues: list labels=bug p50 (ms)': round(pct(labelled, 50)),
      'issues: list labels=bug p95 (ms)': round(pct(labelled, 95)),
      'issues: list page 100 p50 (ms)': round(pct(deep, 50)),
    };
  } finally {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await benchIssues();
  for (const [k, v] of Object.entries(figures)) console.log(`${k}: ${v}`);
}
