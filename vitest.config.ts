import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import path from 'node:path';

// FORGE_VITEST_REPORT names the JSON report (scripts/node-lts.mjs keeps the Node 24 run apart).
const report = process.env.FORGE_VITEST_REPORT ?? 'reports/vitest.json';

export default defineConfig({
  test: {
    reporters: ['default', ['json', { outputFile: report }]],
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
          pool: 'forks',
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
        },
      },
    ],
  },
});
