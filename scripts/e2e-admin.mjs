// The browser tests' known admin (E2E_ADMIN / E2E_ADMIN_PASSWORD), created through the forge's own
// command line before any server process starts; this also runs the migrations, once.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** Creates the admin with `env` (the forge's settings); returns the command's exit status. */
export function createE2eAdmin(env) {
  const tsx = path.resolve('node_modules/.bin/tsx');
  const args = ['server/src/main.ts', 'admin', 'user', 'create', '--username', process.env.E2E_ADMIN ?? 'e2e-admin'];
  args.push('--email', 'e2e-admin@example.com', '--password', process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password', '--admin');
  return spawnSync(tsx, args, { env, stdio: 'inherit' }).status ?? 1;
}
