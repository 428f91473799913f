// `npm run test:reliability`: fuzzing, a permission matrix, concurrency and a kill -9 loop against
// real forges, ending with one figure per line. RELIABILITY_SHORT=1 is the quick version `npm test`
// runs; RELIABILITY_SEED replays a fuzzing run; RELIABILITY_REPORT=<file> also writes the figures
// and the pass/fail counts as JSON; RELIABILITY_ONLY=fuzz,matrix,concurrency,kill runs a subset.
// RELIABILITY_FUZZ_PER_OP sets the fuzzing's requests per operation (1,000 in the full run), and
// RELIABILITY_FUZZ_FROM / _TO send only that slice of them, to split or resume a long run.
import fs from 'node:fs';
import path from 'node:path';
import { startForge } from './forge.ts';
import { seedWorld } from './seed.ts';
import { fuzz } from './fuzz.ts';
import { permissionMatrix } from './matrix.ts';
import { concurrency } from './concurrency.ts';
import { killLoop } from './kill-loop.ts';

const short = /^(1|true|yes)$/i.test(process.env.RELIABILITY_SHORT ?? '');
const seed = Number(process.env.RELIABILITY_SEED ?? Math.floor(Math.random() * 2 ** 31));
const only = new Set((process.env.RELIABILITY_ONLY ?? 'fuzz,matrix,concurrency,kill').split(',').map((s) => s.trim()));
const started = Date.now();
const log = (s: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${s}`);

interface Check {
  name: string;
  ok: boolean;
  figures: string[];
  failures: string[];
}
const checks: Check[] = [];

/** Runs one part and returns its check (a part that throws is a failed check with its stack). */
async function section(name: string, fn: () => Promise<Omit<Check, 'name'>>): Promise<Check> {
  log(`▶ ${name}`);
  try {
    const c = { name, ...(await fn()) };
    log(`${c.ok ? 'ok' : 'FAILED'}: ${name}`);
    return c;
  } catch (e) {
    log(`FAILED: ${name} did not finish`);
    return { name, ok: false, figures: [`${name}: did not finish`], failures: [(e as Error).stack ?? String(e)] };
  }
}

async function main() {
  log(`reliability suite (${short ? 'short' : 'full'}), seed ${seed}`);
  // The kill loop runs its own server processes and mostly waits on them, so it runs beside the
  // in-process parts rather than after them.
  const kill = only.has('kill')
    ? section('kill -9 loop', async () => {
        const k = await killLoop({ kills: Number(process.env.RELIABILITY_KILLS ?? (short ? 3 : 20)), log });
        return {
          ok: k.lost.length === 0 && k.problems.length === 0 && k.survived === k.kills,
          figures: [`kills survived: ${k.survived}/${k.kills}`, `acknowledged writes checked: ${k.checked}`, `data lost: ${k.lost.length}`],
          failures: [...k.lost.map((l) => `lost: ${l}`), ...k.problems],
        };
      })
    : null;
  const needsForge = only.has('fuzz') || only.has('matrix') || only.has('concurrency');
  const forge = needsForge ? await startForge() : null;
  try {
    const world = forge ? await seedWorld(forge) : null;
    if (forge && world) log(`seeded forge on ${forge.base} (${forge.dataDir})`);

    if (forge && world && only.has('matrix'))
      checks.push(
        await section('permission matrix', async () => {
          const m = await permissionMatrix(forge, world, { short });
          return {
            ok: m.leaks.length === 0 && m.serverErrors.length === 0,
            figures: [`permission cells checked: ${m.cells}`, `leaks: ${m.leaks.length}`],
            failures: [...m.leaks.map((l) => `leak: ${l}`), ...m.serverErrors.map((l) => `5xx: ${l}`), ...m.notes.map((n) => `note (not a failure): ${n}`)],
          };
        }),
      );

    if (forge && world && only.has('concurrency'))
      checks.push(
        await section('concurrency', async () => {
          const c = await concurrency(forge, world, { short });
          return {
            ok: c.lost.length === 0 && c.duplicates.length === 0 && c.problems.length === 0,
            figures: [`concurrent writes: ${c.writes}`, `lost writes: ${c.lost.length}`, `duplicate numbers: ${c.duplicates.length}`],
            failures: [...c.lost.map((l) => `lost: ${l}`), ...c.duplicates.map((d) => `duplicate: ${d}`), ...c.problems],
          };
        }),
      );

    if (forge && world && only.has('fuzz'))
      checks.push(
        await section('fuzzing', async () => {
          const perOperation = Number(process.env.RELIABILITY_FUZZ_PER_OP ?? (short ? 2 : 1000));
          const range = { from: Number(process.env.RELIABILITY_FUZZ_FROM ?? 0), to: Number(process.env.RELIABILITY_FUZZ_TO ?? Infinity) };
          const f = await fuzz(forge, world, { perOperation, seed, log, batch: short ? 24 : 16, ...range });
          return {
            ok: f.serverErrors.length === 0 && f.changes.length === 0,
            figures: [
              `requests fuzzed: ${f.requests}`,
              `5xx seen: ${f.serverErrors.length}`,
              `refused batches compared: ${f.batchesCompared}`,
              `changes after refused requests: ${f.changes.length}`,
            ],
            failures: [...f.serverErrors.map((e) => `5xx (replay with RELIABILITY_SEED=${seed}): ${e}`), ...f.changes],
          };
        }),
      );
  } finally {
    await forge?.close();
  }

  if (kill) checks.push(await kill);

  const failures = checks.flatMap((c) => c.failures.map((f) => `[${c.name}] ${f}`));
  if (failures.length) {
    console.log('\nDetails:');
    for (const f of failures.slice(0, 60)) console.log(`  ${f}`);
    if (failures.length > 60) console.log(`  … and ${failures.length - 60} more`);
  }
  console.log(`\nReliability figures (${short ? 'short' : 'full'} run, seed ${seed}, ${((Date.now() - started) / 1000).toFixed(0)} s):`);
  for (const c of checks) for (const f of c.figures) console.log(f);
  const passed = checks.filter((c) => c.ok).length;
  const failed = checks.length - passed;
  console.log(`checks: ${passed} passed, ${failed} failed`);
  if (process.env.RELIABILITY_REPORT) {
    fs.mkdirSync(path.dirname(process.env.RELIABILITY_REPORT), { recursive: true });
    fs.writeFileSync(process.env.RELIABILITY_REPORT, JSON.stringify({ passed, failed, seed, short, checks }, null, 2));
  }
  return failed === 0;
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (e) => {
    console.error(e);
    if (process.env.RELIABILITY_REPORT) fs.writeFileSync(process.env.RELIABILITY_REPORT, JSON.stringify({ passed: 0, failed: 1, error: String(e) }));
    process.exit(1);
  },
);
