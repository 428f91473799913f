// Finds Chromium for the browser tests: CHROMIUM_PATH, then /usr/bin/chromium. When missing, installs
// Debian's package if we are root with apt, else stops with the exact command to run.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export function findChromium() {
  for (const p of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (p && fs.existsSync(p)) return p;
  }
  return null;
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  const hasApt = fs.existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    console.log("Chromium not found: installing Debian's chromium package (apt-get)…");
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    const now = findChromium();
    if (now) return now;
  }
  console.error(
    'Chromium is needed for the browser tests and was not found.\n' +
      'Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
      'or point CHROMIUM_PATH at a Chromium binary.',
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(`Chromium: ${ensureChromium()}`);
