// "Viewed" marks in localStorage: one entry per namespace (e.g. owner/repo/pulls/12) mapping a
// file's path to the hash of the diff it had when marked. A mark whose hash no longer matches the
// file's diff counts as not viewed, so a push that changes the file asks for a new look.
import { useCallback, useSyncExternalStore } from 'react';

export type ViewedMarks = Readonly<Record<string, string>>;

const PREFIX = 'forge.diff.viewed:';
const EMPTY: ViewedMarks = Object.freeze({});
const listeners = new Set<() => void>();
// Parsed once per stored string, so the snapshot stays the same object until it changes.
const cache = new Map<string, { raw: string | null; marks: ViewedMarks }>();

function read(key: string): ViewedMarks {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(PREFIX + key);
  } catch {}
  const hit = cache.get(key);
  if (hit && hit.raw === raw) return hit.marks;
  let marks: ViewedMarks = EMPTY;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) marks = parsed as ViewedMarks;
  } catch {}
  cache.set(key, { raw, marks });
  return marks;
}

export function setViewed(key: string, path: string, hash: string, viewed: boolean) {
  const next: Record<string, string> = { ...read(key) };
  if (viewed) next[path] = hash;
  else delete next[path];
  try {
    if (Object.keys(next).length) localStorage.setItem(PREFIX + key, JSON.stringify(next));
    else localStorage.removeItem(PREFIX + key);
  } catch {}
  listeners.forEach((l) => l());
}

function subscribe(l: () => void) {
  listeners.add(l);
  // Another tab of the same pull request.
  const onStorage = (e: StorageEvent) => e.key?.startsWith(PREFIX) && l();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(l);
    window.removeEventListener('storage', onStorage);
  };
}

/** The marks of `key` (none without a key) and a setter. */
export function useViewedMarks(key: string | undefined): [ViewedMarks, (path: string, hash: string, viewed: boolean) => void] {
  const marks = useSyncExternalStore(
    subscribe,
    () => (key ? read(key) : EMPTY),
    () => EMPTY,
  );
  const set = useCallback((path: string, hash: string, viewed: boolean) => key && setViewed(key, path, hash, viewed), [key]);
  return [marks, set];
}
