import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import path from 'node:path';

// FORGE_VITEST_REPORT names the JSON report (scripts/node-lts.mjs keeps the Node 24 run apart).
const report = process.env.FORGE_VITEST_REPORT ?? 'reports/vitest.json';

export default defineConfig({
  test: {
    reporters: ['default', ['json', { outputFile: report }]],
    // Vitest's default in run mode is one worker less than the cores, which on the 2-core machines
    // this runs on means every file, server and web, one after the other. Server files spend much
    // of their time waiting on git processes and the child servers they start, so two workers
    // keep both cores busy (measured: see the commit message).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/test/**/*.test.ts'],
          setupFiles: ['server/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
          pool: 'forks',
          // Each file builds its own forge (temp data folder, SQLite file, app) and keeps nothing
          // in module state that another file could see, so a worker keeps the server's module
          // graph loaded between files instead of importing it again for each one. The one file
          // that mocks a module (statuses.test.ts) loads a fresh graph and drops it again;
          // server/test/setup.ts puts back the globals a listening server replaces.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
          testTimeout: 15_000,
          // A fresh jsdom and module graph per file cost 3/4 of the web tests' time (400 s against
          // 110 s for the 118 files at load 9). Files render into their own containers, make their
          // own query clients and MSW handlers, and src/test/setup.ts puts back what they change
          // globally; every file passes in a shuffled order in one worker (--sequence.shuffle.files).
          isolate: false,
        },
      },
    ],
  },
});
