// Parsing a diff into file models without one long task: the first files before the first paint,
// the rest in timed slices after it.
import { useEffect, useMemo, useState } from 'react';
import { parseSome, splitFiles, type FileModel } from '../lib/diff-model';

// The first files are parsed before the first paint, up to about this many rows (a few screens);
// the rest in slices of this many ms each, so a 100,000-line diff is never one long task.
const FIRST_ROWS = 2_000;
const SLICE_MS = 25;
// Parsed files are handed to React at most this often (each hand-over re-renders the list and tree).
const PUBLISH_MS = 150;

/**
 * The diff's file models: the first files at once, the rest parsed in slices after the first
 * paint. `total` is the number of files (known from git's headers before they are parsed).
 */
export function useFileModels(diff: string): { models: FileModel[]; total: number; complete: boolean } {
  const pieces = useMemo(() => splitFiles(diff), [diff]);
  const first = useMemo(() => parseSome(pieces, 0, 0, Infinity, FIRST_ROWS), [pieces]);
  const [rest, setRest] = useState<{ pieces: string[]; models: FileModel[]; next: number } | null>(null);
  const current = rest?.pieces === pieces ? rest : { pieces, ...first };
  useEffect(() => {
    if (first.next >= pieces.length) return;
    let models = first.models;
    let next = first.next;
    let published = performance.now();
    let timer: ReturnType<typeof setTimeout>;
    const step = () => {
      const more = parseSome(pieces, next, models.length, SLICE_MS);
      models = models.concat(more.models);
      next = more.next;
      const done = next >= pieces.length;
      if (done || performance.now() - published > PUBLISH_MS) {
        published = performance.now();
        setRest({ pieces, models, next });
      }
      if (!done) timer = setTimeout(step, 0);
    };
    timer = setTimeout(step, 0);
    return () => clearTimeout(timer);
  }, [pieces, first]);
  const complete = current.next >= pieces.length;
  // A piece without a git header may hold several files: once all is parsed, the count is exact.
  return { models: current.models, total: complete ? current.models.length : pieces.length, complete };
}
