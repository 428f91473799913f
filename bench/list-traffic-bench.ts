// Issue #22's list figures under real traffic: 10 keep-alive connections, each request asking a
// RANDOM page of the list, while a writer opens an issue 20 times a second elsewhere in the same
// forge (through the API), beside a bare Hono route on @hono/node-server answering a fixed JSON of
// the same size in the same run. Lists: issues (10,000), commits (10,000), repository search (24),
// pull requests (300) and notification threads (3,000), on SQLite and on PostgreSQL; repository
// search once more as a browser asks it (Accept-Encoding; the bare route compresses too). Each figure
// is the median of 3 interleaved rounds (forge on SQLite, forge on PostgreSQL, bare route).
// Run alone: npx tsx bench/list-traffic-bench.ts (BENCH_LISTS=issues,pulls for some lists only)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { openDb } from '../server/src/db/index.ts';
import type { Db } from '../server/src/db/types.ts';
import { closeDb } from '../server/src/db/dialect.ts';
import { benchPostgres, type BenchPostgres } from './bench-postgres.ts';
import { close, fmt, listen, load, median, type Load, type Writer } from './bench-load.ts';
import { COMMITS, ISSUES, NOTIFICATIONS, PULLS, seedListForge, type ListForge } from './list-traffic-seed.ts';

const CONNECTIONS = 10;
const DURATION_MS = Number(process.env.BENCH_LOAD_MS ?? 2000);
const ROUNDS = 3;
const WRITES_PER_SECOND = 20;
const GOAL_RATIO = 0.5;
const GOAL_P99 = 20;
const LOAD = { connections: CONNECTIONS, durationMs: DURATION_MS };

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

interface List {
  name: string;
  /** Every page the load picks from, as paths. */
  paths: string[];
  reader?: boolean;
  /** Asked with this Accept-Encoding, as a browser asks; the bare route then compresses with Hono's compress(). */
  encoding?: string;
}

const LISTS: List[] = [
  {
    name: `issues?limit=20, any of ${ISSUES / 20} pages (${fmt(ISSUES)} issues)`,
    paths: range(ISSUES / 20).map((p) => `/api/v1/repos/bench/tracker/issues?state=all&limit=20&page=${p}`),
  },
  {
    name: `commits?limit=50, any of ${COMMITS / 50} pages (${fmt(COMMITS)} commits)`,
    paths: range(COMMITS / 50).map((p) => `/api/v1/repos/bench/big/commits?limit=50&page=${p}`),
  },
  { name: 'repos/search?limit=5, any of 5 pages (24 repos)', paths: range(5).map((p) => `/api/v1/repos/search?limit=5&page=${p}`) },
  {
    name: 'repos/search?limit=5 as a browser asks (Accept-Encoding: gzip, deflate, br, zstd)',
    paths: range(5).map((p) => `/api/v1/repos/search?limit=5&page=${p}`),
    encoding: 'gzip, deflate, br, zstd',
  },
  {
    name: `pulls?limit=20, any of ${PULLS / 20} pages (${PULLS} pulls)`,
    paths: range(PULLS / 20).map((p) => `/api/v1/repos/bench/prs/pulls?limit=20&page=${p}`),
  },
  {
    name: `notifications?limit=20, any of ${NOTIFICATIONS / 20} pages (${fmt(NOTIFICATIONS)} threads)`,
    paths: range(NOTIFICATIONS / 20).map((p) => `/api/v1/notifications?limit=20&page=${p}`),
    reader: true,
  },
];

interface Column {
  label: string;
  forge: ListForge;
  base: string;
}

/** A cell: req/s, p50/p99 and the ratio to the bare route. */
interface Cell {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  writes: number;
}

const mid = (runs: Load[]): Cell => ({
  rps: median(runs.map((r) => r.rps)),
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
  errors: runs.reduce((a, r) => a + r.errors + (r.writeErrors ?? 0), 0),
  writes: median(runs.map((r) => r.writes ?? 0)),
});

export async function benchListTraffic(): Promise<Record<string, number | string>> {
  const out: Record<string, number | string> = {};
  const dirs: string[] = [];
  const dbs: Db[] = [];
  const servers: ServerType[] = [];
  let pgServer: BenchPostgres | undefined;
  let pgNote = '';
  try {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-bench-lists-'));
    dirs.push(dataDir);
    const db = await openDb(path.join(dataDir, 'forge.db'));
    dbs.push(db);
    const sqlite = await seedListForge(db, dataDir);
    out['list-traffic: seed (ms)'] = sqlite.seedMs;
    const columns: Column[] = [];
    const s = await listen(sqlite.app.fetch);
    servers.push(s.server);
    columns.push({ label: 'SQLite', forge: sqlite, base: s.base });

    const started = await benchPostgres('forge_lists');
    if ('error' in started) {
      pgNote = `PostgreSQL figures skipped: ${started.error}`;
      console.log(pgNote);
    } else {
      pgServer = started;
      try {
        const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-bench-lists-pg-'));
        dirs.push(pgDir);
        const pgDb = await openDb(started.url);
        dbs.push(pgDb);
        const pg = await seedListForge(pgDb, pgDir);
        out['list-traffic: seed on PostgreSQL (ms)'] = pg.seedMs;
        const p = await listen(pg.app.fetch);
        servers.push(p.server);
        columns.push({ label: `PostgreSQL ${started.version}`, forge: pg, base: p.base });
      } catch (e) {
        pgNote = `PostgreSQL figures skipped: ${e instanceof Error ? e.message : String(e)}`;
        console.error(pgNote);
      }
    }

    const encodingOf = (l: List): Record<string, string> => (l.encoding ? { 'Accept-Encoding': l.encoding } : {});
    const headersOf = (forge: ListForge, l: List) => ({ ...(l.reader ? forge.readerAuth : forge.auth), ...encodingOf(l) });
    const writerOf = (c: Column): Writer => ({
      url: `${c.base}/api/v1/repos/bench/scratch/issues`,
      headers: c.forge.auth,
      body: { title: 'Opened while the lists are read', body: 'A write beside the reads.' },
      perSecond: WRITES_PER_SECOND,
    });
    const rows: string[][] = [];
    // BENCH_LISTS=issues,pulls measures only the lists whose names start so.
    const only = process.env.BENCH_LISTS?.split(',');
    for (const l of LISTS.filter((x) => !only || only.some((o) => x.name.startsWith(o)))) {
      // Every page answers 200 on both forges (the load client counts anything else as an error);
      // the bare route answers the first page's bytes, exactly as the SQLite forge sent them.
      const first = await fetch(s.base + l.paths[0]!, { headers: headersOf(sqlite, l) });
      const text = await first.text();
      if (first.status !== 200) throw new Error(`${l.paths[0]}: ${first.status} ${text.slice(0, 200)}`);
      const body = JSON.parse(text) as object;
      const bare = new Hono();
      if (l.encoding) bare.use(compress());
      bare.get('*', (c) => c.json(body));
      const b = await listen(bare.fetch);
      const bareText = await (await fetch(b.base + l.paths[0]!)).text();
      if (bareText !== text) throw new Error(`${l.paths[0]}: the bare route answers ${bareText.length} bytes, the forge ${text.length}`);
      const forgeRuns = columns.map(() => [] as Load[]);
      const bareRuns: Load[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        for (const [i, c] of columns.entries()) {
          forgeRuns[i]!.push(await load({ ...LOAD, urls: l.paths.map((p) => c.base + p), headers: headersOf(c.forge, l), writer: writerOf(c) }));
        }
        bareRuns.push(await load({ ...LOAD, urls: [b.base + l.paths[0]!], headers: encodingOf(l) }));
      }
      await close(b.server);
      const bareCell = mid(bareRuns);
      const cells = forgeRuns.map(mid);
      cells.forEach((cell, i) => {
        const label = columns[i]!.label.split(' ')[0]!;
        const ratio = cell.rps / bareCell.rps;
        console.log(
          `${l.name} on ${label}: ${fmt(cell.rps)} req/s, p50/p99 ${fmt(cell.p50, 1)}/${fmt(cell.p99, 1)} ms, bare ${fmt(bareCell.rps)} (${fmt(ratio, 2)})`,
        );
        out[`list-traffic: ${l.name} on ${label} req/s`] = Math.round(cell.rps);
        out[`list-traffic: ${l.name} on ${label} p99 (ms)`] = Math.round(cell.p99 * 10) / 10;
        out[`list-traffic: ${l.name} on ${label} ratio`] = Math.round(ratio * 100) / 100;
        rows.push([
          l.name,
          columns[i]!.label,
          fmt(cell.rps),
          `${fmt(cell.p50, 1)}/${fmt(cell.p99, 1)}`,
          fmt(bareCell.rps),
          fmt(ratio, 2),
          fmt(cell.writes / (DURATION_MS / 1000), 1),
          ratio >= GOAL_RATIO && cell.p99 < GOAL_P99 ? 'met' : 'NOT met',
          cell.errors ? `${cell.errors} errors` : '',
        ]);
      });
    }
    const load1 = os.loadavg().map((x) => x.toFixed(1));
    out['table: list traffic'] = [
      `Lists under traffic (issue #22): ${CONNECTIONS} connections, a random page per request, a writer opening an issue ${WRITES_PER_SECOND}×/s in another`,
      `repository of the same forge; bare = a Hono route on @hono/node-server answering the first page's JSON; median of ${ROUNDS} interleaved ${DURATION_MS / 1000} s rounds.`,
      `Goal: ratio ≥ ${GOAL_RATIO} and p99 < ${GOAL_P99} ms. ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? '?'}), load average ${load1.join(' / ')} (1/5/15 min) at the end.`,
      ...renderTable(['list', 'database', 'req/s', 'p50/p99 ms', 'bare req/s', 'ratio', 'writes/s', 'goal', ''], rows),
      ...(pgNote ? [pgNote] : []),
    ].join('\n');
    return out;
  } finally {
    for (const srv of servers) await close(srv);
    for (const d of dbs) await closeDb(d).catch(() => {});
    if (pgServer) await pgServer.stop().catch((e: unknown) => console.error(`stopping PostgreSQL: ${e instanceof Error ? e.message : String(e)}`));
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  }
}

function renderTable(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  const r = await benchListTraffic();
  for (const [k, v] of Object.entries(r)) if (!k.startsWith('table')) console.log(`${k}: ${v}`);
  for (const [k, v] of Object.entries(r)) if (k.startsWith('table')) console.log(`\n${v}`);
  process.exit(0);
}
