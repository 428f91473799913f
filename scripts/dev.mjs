// `npm run dev`: the embedded server on :3000 and Vite with hot reload on :5173 (proxying /api).
import { spawn } from 'node:child_process';

const procs = [
  spawn('node_modules/.bin/tsx', ['watch', 'server/src/main.ts', 'serve'], { stdio: 'inherit', env: { ...process.env, FORGE_WEB_DIR: 'none' } }),
  spawn('node_modules/.bin/vite', [], { stdio: 'inherit' }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
