// The entry other modules use: diff2html and its CSS load only when a diff is first shown.
import { lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';
import type { DiffStyle } from './diff-style-toggle';

const DiffViewer = lazy(() => import('./diff-viewer').then((m) => ({ default: m.DiffViewer })));

/** Starts loading the viewer's code early (from a route loader) without rendering it. */
export const preloadDiffViewer = () => void import('./diff-viewer');

export function DiffView(props: { diff: string; style: DiffStyle }) {
  return (
    <Suspense fallback={<Spinner label="Loading diff viewer" />}>
      <DiffViewer {...props} />
    </Suspense>
  );
}
