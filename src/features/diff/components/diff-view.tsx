// The entry other modules use: the engine's code (diff2html's parser, rows, tree) loads only when a
// diff is first shown; its props are DiffFiles' own.
import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { grammarFor, loadLanguages } from '@/lib/highlight';
import { languageFor } from '@/lib/highlight-lines';
import type { DiffFilesProps } from './diff-files';

const DiffFiles = lazy(() => import('./diff-files').then((m) => ({ default: m.DiffFiles })));

/** Starts loading the engine's code early (from a route loader) without rendering it. */
export const preloadDiffFiles = () => void import('./diff-files');

/**
 * Starts loading highlight.js and the grammars of the files a diff will show (known from a
 * commit's file list before its diff text arrives), so highlighted rows follow the plain ones
 * without a further round trip. A few grammars at most: the first files' languages.
 */
export function preloadDiffHighlight(paths: string[]) {
  const names = new Set<string>();
  for (const path of paths.slice(0, 50)) {
    const name = languageFor(path);
    const grammar = name && grammarFor(name);
    if (grammar) names.add(grammar);
    if (names.size >= 4) break;
  }
  void loadLanguages(names).catch(() => {});
}

export function LazyDiffFiles(props: DiffFilesProps) {
  return (
    <Suspense fallback={<Spinner label="Loading diff viewer" />}>
      <DiffFiles {...props} />
    </Suspense>
  );
}

/** @deprecated The first viewer's signature; use LazyDiffFiles. */
export const DiffView = LazyDiffFiles;
