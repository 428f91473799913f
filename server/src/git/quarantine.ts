// Push quarantines (issue #23): git receive-pack keeps a push's objects in
// objects/tmp_objdir-incoming-* (older git: objects/incoming-*) until its hooks accept them, then
// moves them into place and removes the folder. A process killed mid-push leaves the folder
// behind, and nothing in git ever removes it.
import fs from 'node:fs';
import path from 'node:path';

const QUARANTINE = /^(tmp_objdir-)?incoming-/;

/** When a folder was last written: its own mtime or that of an entry directly in it, the newest. */
function lastWritten(dir: string): number {
  let newest = fs.statSync(dir).mtimeMs;
  for (const name of fs.readdirSync(dir)) {
    const st = fs.statSync(path.join(dir, name), { throwIfNoEntry: false });
    if (st && st.mtimeMs > newest) newest = st.mtimeMs;
  }
  return newest;
}

/**
 * Removes the quarantine folders of a bare repository last written more than `maxAgeMs` ago
 * (a push in progress writes its quarantine all along); returns their names.
 */
export function removeStaleQuarantines(repoDir: string, maxAgeMs: number, now = Date.now()): string[] {
  const objects = path.join(repoDir, 'objects');
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(objects, { withFileTypes: true });
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const e of entries) {
    if (!e.isDirectory() || !QUARANTINE.test(e.name)) continue;
    const full = path.join(objects, e.name);
    try {
      if (now - lastWritten(full) <= maxAgeMs) continue;
    } catch {
      continue; // gone meanwhile: the push finished
    }
    fs.rmSync(full, { recursive: true, force: true });
    removed.push(e.name);
  }
  return removed;
}
