// Markdown for READMEs, files and comments. The parser and sanitizer load on first use so pages
// that show no Markdown never download them; highlight.js loads only for text with fenced code.
import { lazy, Suspense } from 'react';
import type { MarkdownRendererProps } from './markdown-renderer';
import { preloadHighlighter } from '../lib/code-highlight';
import { MarkdownSkeleton } from './markdown-skeleton';

const loadRenderer = () => import('./markdown-renderer');
const MarkdownRenderer = lazy(() => loadRenderer().then((m) => ({ default: m.MarkdownRenderer })));

/** Starts downloading the Markdown code before any Markdown is drawn (e.g. once a README is known to exist). */
export function preloadMarkdown(): void {
  loadRenderer().catch(() => undefined);
}

export type MarkdownViewProps = MarkdownRendererProps;

export function MarkdownView(props: MarkdownViewProps) {
  // Idempotent and cached, so safe during render; it saves a round trip after the renderer loads.
  preloadHighlighter(props.source);
  return (
    <Suspense fallback={<MarkdownSkeleton />}>
      <MarkdownRenderer {...props} />
    </Suspense>
  );
}
