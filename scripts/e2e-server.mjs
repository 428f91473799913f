// Starts the real forge for the browser tests on a fresh temp data folder, with a known admin.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createE2eAdmin } from './e2e-admin.mjs';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-e2e-'));
// Sign-up open, as in the demo, so e2e/account.spec.ts can create an account through the page.
const env = {
  FORGE_DISABLE_REGISTRATION: 'false',
  FORGE_WEBHOOK_ALLOWED_HOST_LIST: 'loopback',
  ...process.env,
  FORGE_DATA_DIR: dataDir,
  PORT: process.env.E2E_PORT ?? '3197',
};
const tsx = path.resolve('node_modules/.bin/tsx');
const status = createE2eAdmin(env);
if (status !== 0) process.exit(status);
const server = spawn(tsx, ['server/src/main.ts', 'serve', '--no-demo'], { env, stdio: 'inherit' });
const stop = () => {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => process.exit(code ?? 0));
