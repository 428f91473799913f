// Markdown for READMEs, files and comments. The parser, sanitizer and highlighter load on first
// use so pages that show no Markdown never download them.
import { lazy, Suspense } from 'react';
import type { MarkdownRendererProps } from './markdown-renderer';

const MarkdownRenderer = lazy(() => import('./markdown-renderer').then((m) => ({ default: m.MarkdownRenderer })));

export type MarkdownViewProps = MarkdownRendererProps;

export function MarkdownView(props: MarkdownViewProps) {
  return (
    <Suspense
      fallback={
        <div role="status" className="animate-pulse space-y-2 py-2" aria-label="Rendering">
          <div className="h-3 w-2/3 rounded bg-gray-200 dark:bg-gray-800" />
          <div className="h-3 w-5/6 rounded bg-gray-200 dark:bg-gray-800" />
          <div className="h-3 w-1/2 rounded bg-gray-200 dark:bg-gray-800" />
        </div>
      }
    >
      <MarkdownRenderer {...props} />
    </Suspense>
  );
}
