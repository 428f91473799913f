// Fuzzy matching of file paths, as "Go to file" on GitHub: the query's characters appear in order
// in the path (case-insensitive). Matches score higher when characters are consecutive, start a
// path segment or word, or fall in the file name; shorter paths win ties.

export interface FuzzyMatch {
  path: string;
  score: number;
  /** Indices in `path` of the matched characters, for highlighting. */
  indices: number[];
}

const isBoundary = (path: string, i: number) => i === 0 || '/-_. '.includes(path[i - 1]!) || (/[a-z]/.test(path[i - 1]!) && /[A-Z]/.test(path[i]!));

/** The best match of `query` in `path` found greedily from the file name backwards, or null. */
export function fuzzyMatch(query: string, path: string): FuzzyMatch | null {
  const q = query.replace(/\s+/g, '').toLowerCase();
  if (!q) return { path, score: 0, indices: [] };
  const lower = path.toLowerCase();
  // Quick reject: every character must appear in order.
  let at = -1;
  for (const ch of q) {
    at = lower.indexOf(ch, at + 1);
    if (at < 0) return null;
  }
  // Match from the end so characters land in the file name when they can; then walk forward again
  // from the earliest possible start to prefer consecutive runs.
  const indices: number[] = new Array(q.length);
  let j = lower.length;
  for (let k = q.length - 1; k >= 0; k--) {
    j = lower.lastIndexOf(q[k]!, j - 1);
    indices[k] = j;
  }
  // Tighten: pull each character as late as possible but keep runs together with the next one.
  for (let k = q.length - 2; k >= 0; k--) {
    const want = indices[k + 1]! - 1;
    if (want > indices[k]! && lower[want] === q[k]) indices[k] = want;
  }
  const nameStart = path.lastIndexOf('/') + 1;
  let score = 0;
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k]!;
    score += 1;
    if (k > 0 && indices[k - 1] === i - 1) score += 5;
    if (isBoundary(path, i)) score += 3;
    if (i >= nameStart) score += 2;
  }
  score -= path.length * 0.01;
  return { path, score, indices };
}

/** Paths matching `query`, best first, at most `limit`. */
export function fuzzyFilter(query: string, paths: readonly string[], limit = 50): FuzzyMatch[] {
  const out: FuzzyMatch[] = [];
  for (const p of paths) {
    const m = fuzzyMatch(query, p);
    if (m) out.push(m);
  }
  out.sort((a, b) => b.score - a.score || a.path.length - b.path.length || (a.path < b.path ? -1 : 1));
  return out.slice(0, limit);
}
