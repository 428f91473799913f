// `npm run build`: builds the web app (dist/) and the server bundle (dist-server/) whatever their
// state, and stamps each one that succeeds so `npm start` knows they are current
// (scripts/build-stamp.mjs). `node scripts/build.mjs web` or `… server` builds only that one.
import path from 'node:path';
import { buildTarget, targets } from './build-stamp.mjs';

const root = path.resolve(import.meta.dirname, '..');
const names = process.argv.length > 2 ? process.argv.slice(2) : ['web', 'server'];
for (const name of names) {
  const target = targets[name];
  if (!target) {
    console.error(`Unknown build target "${name}" (one of: ${Object.keys(targets).join(', ')}).`);
    process.exit(2);
  }
  if (!buildTarget(root, target)) {
    console.error(`The ${target.name} build failed.`);
    process.exit(1);
  }
}
