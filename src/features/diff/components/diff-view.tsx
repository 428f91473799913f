// The entry other modules use: the engine's code (diff2html's parser, rows, tree) loads only when a
// diff is first shown; its props are DiffFiles' own.
import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';
import type { DiffFilesProps } from './diff-files';

const DiffFiles = lazy(() => import('./diff-files').then((m) => ({ default: m.DiffFiles })));

/** Starts loading the engine's code early (from a route loader) without rendering it. */
export const preloadDiffFiles = () => void import('./diff-files');
/** @deprecated Older name of preloadDiffFiles. */
export const preloadDiffViewer = preloadDiffFiles;

export function LazyDiffFiles(props: DiffFilesProps) {
  return (
    <Suspense fallback={<Spinner label="Loading diff viewer" />}>
      <DiffFiles {...props} />
    </Suspense>
  );
}

/** @deprecated The first viewer's signature; use LazyDiffFiles. */
export const DiffView = LazyDiffFiles;
