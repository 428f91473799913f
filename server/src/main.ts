// The forge's command line: `serve` (default), `admin user create`, `dump`, `restore` and `migrate-data`.
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { demoDisabled, loadConfig, registrationSettingGiven, shutdownTimeoutSeconds } from './config.ts';
import { openDb } from './db/index.ts';
import { sweepStaleUploads } from './services/upload-sweep.ts';
import { createApp } from './app.ts';
import { createUser } from './services/users.ts';
import { seedDemo } from './demo/seed.ts';
import { installCleanStop } from './lifecycle.ts';
import { dumpForge, restoreForge } from './services/backup.ts';
import { migrateData } from './services/migrate-data.ts';
import type { Deps } from './context.ts';
import { reconcileDataDir } from './services/reconcile.ts';
import { withDatabaseLock } from './db/dialect.ts';
import { hasAnyUser } from './db/users.ts';
import { startDeliveryWorker } from './services/webhooks/deliver.ts';

const usage = `Usage:
  npm run forge -- serve [--no-demo]
  npm run forge -- admin user create --username NAME --email EMAIL --password PASS [--admin]
  npm run forge -- dump [--file PATH] [--tempdir DIR]
  npm run forge -- restore ARCHIVE
  npm run forge -- migrate-data [--from sqlite:PATH] [--to postgres://USER:PASSWORD@HOST:PORT/DB]
      (copies a SQLite forge's database into an empty PostgreSQL database; --from defaults to
      FORGE_DATA_DIR/forge.db, --to to FORGE_DATABASE_URL)

Environment: PORT (3000), FORGE_DATA_DIR (./data), FORGE_ROOT_URL (http://localhost:PORT/),
FORGE_DATABASE_URL (PostgreSQL instead of FORGE_DATA_DIR/forge.db), FORGE_SHUTDOWN_TIMEOUT_SECONDS (30),
FORGE_DISABLE_REGISTRATION (true; the demo opens sign-up unless it is set)`;

async function main(argv: string[]) {
  const config = loadConfig();
  const [cmd = 'serve', ...rest] = argv;

  // Backups talk to the data folder, not to a running server, and must not create or migrate a
  // database there (restore needs the folder empty), so they come before openDb.
  if (cmd === 'dump') {
    const { values } = parseArgs({ args: rest, options: { file: { type: 'string' }, tempdir: { type: 'string' } } });
    await dumpForge({ dataDir: config.dataDir, file: values.file, tempDir: values.tempdir, databaseUrl: config.databaseUrl });
    return;
  }
  if (cmd === 'restore') {
    const { positionals } = parseArgs({ args: rest, allowPositionals: true });
    if (positionals.length !== 1) throw new Error(usage);
    await restoreForge({ archive: positionals[0]!, dataDir: config.dataDir, databaseUrl: config.databaseUrl });
    return;
  }
  // Opens both databases itself; the configured one may be the target, which must stay empty.
  if (cmd === 'migrate-data') {
    const { values } = parseArgs({ args: rest, options: { from: { type: 'string' }, to: { type: 'string' } } });
    const to = values.to ?? config.databaseUrl;
    if (!to) throw new Error(`migrate-data needs the PostgreSQL database: --to postgres://… (or FORGE_DATABASE_URL).\n\n${usage}`);
    await migrateData({ from: values.from ?? path.join(config.dataDir, 'forge.db'), to });
    return;
  }

  const db = await openDb(config.databaseUrl ?? path.join(config.dataDir, 'forge.db'));
  const deps: Deps = { db, config };

  if (cmd === 'serve') {
    const { values } = parseArgs({ args: rest, options: { 'no-demo': { type: 'boolean' } } });
    const started = performance.now();
    await reconcileDataDir(deps);
    await sweepStaleUploads(deps);
    // Processes starting together on one empty database (issue #12) take turns: one creates the
    // administrator (and the demo), the others then find a user.
    await withDatabaseLock(db, 'first-start', async () => {
      if (await hasAnyUser(db)) return;
      const password = randomBytes(9).toString('base64url');
      const admin = await createUser(db, { username: 'forge-admin', email: 'admin@forge.local', password, admin: true });
      console.log(`Created the site administrator.\n  user:     ${admin.name}\n  password: ${password}\n(shown once; keep it)`);
      if (!values['no-demo'] && !demoDisabled()) {
        console.log('Seeding demo data…');
        await seedDemo(deps, admin);
      }
    });
    // The demo lets visitors sign up (issue #20); a forge started with --no-demo (or
    // FORGE_NO_DEMO=1) keeps Gitea's default for new installs, closed. FORGE_DISABLE_REGISTRATION wins.
    if (!values['no-demo'] && !demoDisabled() && !registrationSettingGiven()) config.disableRegistration = false;
    console.log(`Sign-up is ${config.disableRegistration ? 'closed' : 'open'} (FORGE_DISABLE_REGISTRATION=${config.disableRegistration}).`);
    const app = createApp(deps);
    const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
      console.log(
        `Forge listening on ${config.rootUrl} (port ${info.port}, ready in ${Math.round(performance.now() - started)} ms, data in ${config.dataDir})`,
      );
    });
    // Node closes an idle keep-alive connection after 5 s; a client that reuses it at that moment
    // gets "socket hang up" (seen in CI between two API calls of a journey). Gitea (Go) keeps idle
    // connections open; 65 s outlasts the usual client and proxy idle times. Clean stop closes them.
    (server as Server).keepAliveTimeout = 65_000;
    (server as Server).headersTimeout = 66_000;
    // Webhook deliveries from the database queue (tasks left by a crash or a stop go out now).
    const deliveries = startDeliveryWorker(deps);
    installCleanStop({
      server: server as Server,
      db,
      timeoutMs: shutdownTimeoutSeconds() * 1000,
      onStop: () => deps.live?.closeAll(),
      stopBackground: () => deliveries.stop(),
    });
    return;
  }

  if (cmd === 'admin' && rest[0] === 'user' && rest[1] === 'create') {
    const { values } = parseArgs({
      args: rest.slice(2),
      options: { username: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' }, admin: { type: 'boolean' } },
    });
    if (!values.username || !values.email || !values.password) throw new Error(usage);
    const user = await createUser(db, { username: values.username, email: values.email, password: values.password, admin: values.admin });
    console.log(`Created user ${user.name}${user.is_admin ? ' (site administrator)' : ''}.`);
    await db.destroy();
    return;
  }

  console.error(usage);
  process.exitCode = 2;
  await db.destroy();
}

main(process.argv.slice(2)).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
