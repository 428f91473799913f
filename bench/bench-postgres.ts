// A PostgreSQL database for the benchmarks that put both databases side by side (issue #12): a
// throwaway server from scripts/postgres.mjs (Debian's package, installed by apt when missing and
// we are root) and a fresh empty database on it, which openDb() migrates. FORGE_BENCH_POSTGRES_URL
// (a superuser's URL) uses a server of your own instead; the database made there is dropped after.
// Not a `-bench.ts` file, so bench/run.ts does not run it as a benchmark.
import pg from 'pg';

export const POSTGRES_INSTALL = 'sudo apt-get update && sudo apt-get install -y postgresql';

export interface BenchPostgres {
  /** The fresh database's URL, for openDb(). */
  url: string;
  /** The server's major version, for the table's heading. */
  version: string;
  /** Drops the database (a server of your own) or stops the throwaway server. */
  stop(): Promise<void>;
}

interface Throwaway {
  url: string;
  stopSync(): void;
}

const urlFor = (base: string, name: string) => {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A server and a fresh database named after `name`, or the reason there is none (with the install command). */
export async function benchPostgres(name: string): Promise<BenchPostgres | { error: string }> {
  const given = process.env.FORGE_BENCH_POSTGRES_URL;
  let server: Throwaway;
  try {
    if (given) {
      server = { url: given, stopSync: () => {} };
    } else {
      // @ts-expect-error plain JavaScript module without types
      const { startPostgres } = (await import('../scripts/postgres.mjs')) as { startPostgres(o: { quiet: boolean }): Promise<Throwaway> };
      server = await startPostgres({ quiet: true });
    }
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return { error: message.includes('apt-get') ? message : `${message}\nInstall PostgreSQL with:\n  ${POSTGRES_INSTALL}` };
  }
  // run.ts ends with process.exit: should a benchmark throw before stop(), the server still goes.
  const onExit = () => server.stopSync();
  process.once('exit', onExit);
  const db = `${name}_${process.pid}`;
  try {
    const version = await admin(server.url, async (c) => {
      await c.query(`create database "${db}"`);
      const r = await c.query<{ server_version: string }>('show server_version');
      return r.rows[0]!.server_version.split(/[ .]/)[0]!;
    });
    return {
      url: urlFor(server.url, db),
      version,
      stop: async () => {
        process.off('exit', onExit);
        if (given) await admin(given, (c) => c.query(`drop database if exists "${db}" with (force)`));
        // pg_ctl's stop, not stop(): as root stop() signals `runuser`, which does not pass the
        // signal on; it gives up after 15 s and leaves the server running without its folder.
        server.stopSync();
      },
    };
  } catch (e) {
    process.off('exit', onExit);
    server.stopSync();
    return {
      error: `no database could be made on ${given ? 'FORGE_BENCH_POSTGRES_URL' : 'the throwaway server'}: ${e instanceof Error ? e.message : String(e)}`,
    };
  }
}
