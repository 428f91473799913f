// Code search (issue #21) beside raw `git grep`: a generated repository of 10,000+ files, several
// queries (literal, case-insensitive, regular expression, path-filtered, rare and common), each
// answered by the API (app.request, JSON and all) and by `git grep` itself with the same flags on
// the same bare repository and commit. Figures: p50 of each, and their ratio (target within 1.3×).
// Run alone: npx tsx bench/code-search-bench.ts
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { openDb } from '../server/src/db/index.ts';
import { createToken, createUser } from '../server/src/services/users.ts';
import { gitEnv } from '../server/src/git/run-git.ts';
import { createFixtureRepo } from '../server/test/git-fixtures.ts';
import { quantile, round } from './bench-stats.ts';

const exec = promisify(execFile);
const FILES = 10_400;
const RUNS = 7;

function files(): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < FILES; i++) {
    const folder = `pkg${i % 40}/mod${i % 13}`;
    const lines = [`// file ${i}`, `import { helper${i % 97} } from '../shared/helper${i % 97}';`, `export function compute${i}(value: number) {`];
    for (let j = 0; j < 20; j++) lines.push(`  const step${j} = helper${i % 97}(value + ${j}); // note ${(i * 31 + j) % 1000}`);
    if (i % 500 === 0) lines.push('  // RareNeedle: this marks a rare spot');
    lines.push(`  return step19 * ${i};`, '}');
    out[`${folder}/file-${i}.${i % 3 === 0 ? 'js' : 'ts'}`] = `${lines.join('\n')}\n`;
  }
  return out;
}

interface Query {
  label: string;
  qs: string;
  /** The same search as git grep flags (beside -n -I --null --full-name --max-count --threads). */
  args: string[];
  paths?: string[];
}

export async function benchCodeSearch(): Promise<Record<string, number | string>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-bench-search-'));
  const db = await openDb(path.join(dataDir, 'forge.db'));
  try {
    const config = { ...loadConfig({ PORT: '3000' }), dataDir, webDir: undefined, rootUrl: 'http://localhost:3000/' };
    const app = createApp({ db, config });
    const owner = await createUser(db, { username: 'bench', email: 'bench@example.com', password: 'bench-password' });
    const { secret } = await createToken(db, owner.id, 'bench');
    const { dir, shas } = await createFixtureRepo({ db, config }, owner, 'big', [{ id: 'c1', message: 'many files\n', files: files(), date: 1_700_000_000 }]);
    const commit = shas.c1!;
    const c = config.codeSearch;
    const queries: Query[] = [
      { label: 'rare literal', qs: 'q=RareNeedle&case=true', args: ['-F', '-eRareNeedle'] },
      { label: 'literal, ignore case', qs: 'q=rareneedle', args: ['-F', '-i', '-erareneedle'] },
      { label: 'regex', qs: `q=${encodeURIComponent('compute1[0-9]{3}\\(')}&regex=true&case=true`, args: ['-P', '-ecompute1[0-9]{3}\\('] },
      { label: 'path filter', qs: `q=helper42&case=true&path=${encodeURIComponent('pkg7/')}`, args: ['-F', '-ehelper42'], paths: ['pkg7/'] },
      { label: 'common (hits the line cap)', qs: 'q=step1&case=true', args: ['-F', '-estep1'] },
    ];
    const out: Record<string, number | string> = { files: FILES };
    const rows: string[] = [];
    for (const q of queries) {
      const api: number[] = [];
      const raw: number[] = [];
      let truncated = false;
      for (let i = 0; i < RUNS; i++) {
        let t = performance.now();
        const res = await app.request(`/api/v1/repos/bench/big/search/code?${q.qs}`, { headers: { Authorization: `token ${secret}` } });
        const body = (await res.json()) as { truncated: boolean; total_matches: number };
        if (res.status !== 200) throw new Error(`status ${res.status}: ${JSON.stringify(body)}`);
        api.push(performance.now() - t);
        truncated = body.truncated;
        t = performance.now();
        // Raw git grep runs to the end; the API stops at its line cap (so a common query is cheaper there).
        await exec(
          'git',
          [
            'grep',
            '-n',
            '-I',
            '--null',
            '--no-color',
            '--full-name',
            `--max-count=${c.maxPerFile}`,
            `--threads=${c.threads}`,
            ...q.args,
            commit,
            '--',
            ...(q.paths ?? []),
          ],
          { cwd: dir, env: gitEnv, maxBuffer: 256 * 1024 * 1024 },
        ).catch((e: { code?: number }) => {
          if (e.code !== 1) throw e;
        });
        raw.push(performance.now() - t);
      }
      const a = quantile(api, 0.5);
      const g = quantile(raw, 0.5);
      out[`${q.label}: API p50 ms`] = round(a);
      out[`${q.label}: git grep p50 ms`] = round(g);
      out[`${q.label}: ratio`] = `${(a / g).toFixed(2)}×${truncated ? ' (truncated at the line cap)' : ''}`;
      rows.push(`  ${q.label.padEnd(30)} API ${round(a).toString().padStart(7)} ms   git grep ${round(g).toString().padStart(7)} ms   ${(a / g).toFixed(2)}×`);
    }
    out.table = `Code search beside git grep (${FILES} files, p50 of ${RUNS})\n${rows.join('\n')}`;
    return out;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  const r = await benchCodeSearch();
  for (const [k, v] of Object.entries(r)) console.log(`${k.padEnd(40)} ${v}`);
}
