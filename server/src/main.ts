// The forge's command line: `serve` (default) and `admin user create`.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { loadConfig } from './config.ts';
import { openDb } from './db/index.ts';
import { createApp } from './app.ts';
import { createUser } from './services/users.ts';
import { seedDemo } from './demo/seed.ts';
import type { Deps } from './context.ts';

const usage = `Usage:
  npm run forge -- serve [--no-demo]
  npm run forge -- admin user create --username NAME --email EMAIL --password PASS [--admin]

Environment: PORT (3000), FORGE_DATA_DIR (./data), FORGE_ROOT_URL (http://localhost:PORT/)`;

async function main(argv: string[]) {
  const config = loadConfig();
  const db = await openDb(path.join(config.dataDir, 'forge.db'));
  const deps: Deps = { db, config };
  const [cmd = 'serve', ...rest] = argv;

  if (cmd === 'serve') {
    const { values } = parseArgs({ args: rest, options: { 'no-demo': { type: 'boolean' } } });
    const started = performance.now();
    const anyUser = await db.selectFrom('user').select('id').limit(1).executeTakeFirst();
    if (!anyUser) {
      const password = randomBytes(9).toString('base64url');
      const admin = await createUser(db, { username: 'forge-admin', email: 'admin@forge.local', password, admin: true });
      console.log(`Created the site administrator.\n  user:     ${admin.name}\n  password: ${password}\n(shown once; keep it)`);
      if (!values['no-demo'] && process.env.FORGE_NO_DEMO !== '1') {
        console.log('Seeding demo data…');
        await seedDemo(deps, admin);
      }
    }
    const app = createApp(deps);
    const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
      console.log(`Forge listening on ${config.rootUrl} (port ${info.port}, ready in ${Math.round(performance.now() - started)} ms, data in ${config.dataDir})`);
    });
    const stop = () => server.close(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
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
