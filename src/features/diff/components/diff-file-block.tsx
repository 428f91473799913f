// One file of a diff. It is drawn only when scrolled near (a placeholder of the estimated height
// holds its place meanwhile), and very large files wait for a "Load diff" click, so commits with
// thousands of lines stay smooth.
import { useEffect, useMemo, useRef, useState } from 'react';
import { html } from 'diff2html';
import type { DiffFile } from 'diff2html/lib/types';
import { useTheme } from '@/lib/theme';
import { Button } from '@/components/ui/button';
import type { DiffStyle } from './diff-style-toggle';

/** Files with more changed lines than this are collapsed until asked for. */
export const LARGE_FILE_LINES = 500;
const LINE_PX = 20;
const HEADER_PX = 42;

export const fileName = (f: DiffFile) => (f.isDeleted ? f.oldName : f.newName) || f.oldName;

// Stable across reloads so a link to one file of a commit keeps working.
export function fileAnchor(f: DiffFile, index: number) {
  let h = 5381;
  for (const ch of fileName(f)) h = ((h * 33) ^ ch.charCodeAt(0)) >>> 0;
  return `diff-${h.toString(36)}-${index}`;
}

const lineCount = (f: DiffFile) => f.blocks.reduce((n, b) => n + b.lines.length + 1, 0);

function useNearViewport<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '1200px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [near]);
  return [ref, near];
}

export function DiffFileBlock({ id, file, style }: { id: string; file: DiffFile; style: DiffStyle }) {
  const lines = lineCount(file);
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const [expanded, setExpanded] = useState(lines <= LARGE_FILE_LINES && !file.isTooBig);
  const { resolved } = useTheme();
  const markup = useMemo(
    () =>
      near && expanded
        ? html([file], {
            outputFormat: style === 'split' ? 'side-by-side' : 'line-by-line',
            drawFileList: false,
            matching: lines > 200 ? 'none' : 'lines',
            colorScheme: resolved as never,
          })
        : '',
    [near, expanded, file, style, resolved, lines],
  );

  if (!expanded) {
    return (
      <div id={id} ref={ref} className="scroll-mt-4 rounded-lg border border-gray-200 dark:border-gray-800">
        <div className="flex flex-wrap items-center gap-2 border-b border-gray-200 bg-gray-50 px-3 py-2 dark:border-gray-800 dark:bg-gray-900">
          <span className="min-w-0 flex-1 truncate font-mono text-xs font-medium">{fileName(file)}</span>
          <span className="font-mono text-xs">
            <span className="text-green-700 dark:text-green-400">+{file.addedLines}</span>{' '}
            <span className="text-red-700 dark:text-red-400">−{file.deletedLines}</span>
          </span>
        </div>
        <div className="flex flex-col items-center gap-2 p-6 text-sm text-gray-600 dark:text-gray-400">
          <p>This diff is large ({lines.toLocaleString('en-US')} lines) and is hidden to keep the page fast.</p>
          <Button size="sm" onClick={() => setExpanded(true)} aria-label={`Load diff of ${fileName(file)}`}>
            Load diff
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div
      id={id}
      ref={ref}
      className="diff-file scroll-mt-4"
      style={markup ? undefined : { minHeight: HEADER_PX + lines * LINE_PX }}
      aria-busy={!markup}
      // diff2html escapes file contents; the markup is its own template output.
      dangerouslySetInnerHTML={markup ? { __html: markup } : undefined}
    />
  );
}
