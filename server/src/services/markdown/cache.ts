// Recently rendered texts, so the README every visitor of a repository's home asks for is rendered
// once rather than once per visitor (a 50 KB README takes over 100 ms). Keyed by a hash of the text
// with everything else that decides the HTML; the least recently used go first once the HTML held
// passes the byte budget. A render under way is shared by whoever asks meanwhile.
import { createHash } from 'node:crypto';

const MAX_BYTES = 16 * 1024 * 1024;
const MAX_ENTRIES = 1000;

const entries = new Map<string, { html: Promise<string>; bytes: number }>();
let held = 0;

function evict() {
  for (const [key, entry] of entries) {
    if (held <= MAX_BYTES && entries.size <= MAX_ENTRIES) return;
    entries.delete(key);
    held -= entry.bytes;
  }
}

/** `parts` decide the HTML besides `text` (mode, context, the forge's URL). */
export function cachedRender(text: string, parts: string[], render: () => Promise<string>): Promise<string> {
  const key = createHash('sha256').update(parts.join('\0')).update('\0').update(text).digest('hex');
  const hit = entries.get(key);
  if (hit) {
    // Most recently used last.
    entries.delete(key);
    entries.set(key, hit);
    return hit.html;
  }
  const entry = { html: render(), bytes: 0 };
  entries.set(key, entry);
  entry.html.then(
    (html) => {
      if (entries.get(key) !== entry) return;
      entry.bytes = html.length * 2;
      held += entry.bytes;
      evict();
    },
    () => {
      if (entries.get(key) === entry) entries.delete(key);
    },
  );
  return entry.html;
}
