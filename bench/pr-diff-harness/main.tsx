// The bench's page (bench/pr-diff-bench.ts builds it with Vite in production mode): it fetches a
// large diff and draws it either with the engine, as the pull request's Files changed page does
// (file tree, Viewed, comments, keyboard), or with plain diff2html (html() in one go). It stamps
// on window when the data arrived and when the first file was drawn, for the bench to read.
import '../../src/index.css';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { html } from 'diff2html';
import { DiffFiles, type DiffLineRange } from '@/features/diff/components/diff-files';

declare global {
  interface Window {
    __dataAt?: number;
    __firstFile?: number;
    /** When every file of the diff was parsed (the list is no longer aria-busy). */
    __allParsed?: number;
    __drawn?: number;
    __htmlMs?: number;
    /** Every long task (over 50 ms) since the page started, in ms. */
    __longTasks: number[];
    /** Pixels of the viewport's height, over the list of files, not yet drawn (no file there, or a file's rows still to come). */
    __emptyPx: () => number;
  }
}

// Long tasks from the start (the data's parse and first draw included): Chromium's own measure.
window.__longTasks = [];
new PerformanceObserver((list) => list.getEntries().forEach((e) => window.__longTasks.push(e.duration))).observe({ type: 'longtask' });

// The gap between two files (diff-files-layout GAP_PX) is not an empty section.
const GAP_PX = 16;
window.__emptyPx = () => {
  // Plain diff2html draws everything at once.
  const list = document.querySelector<HTMLElement>('[data-diff-list]');
  if (!list) return 0;
  const box = list.getBoundingClientRect();
  const top = Math.max(0, Math.round(box.top));
  const bottom = Math.min(window.innerHeight, Math.round(box.bottom));
  if (bottom <= top) return 0;
  // One flag per pixel row of the viewport: drawn or not.
  const drawn = new Uint8Array(bottom - top);
  const mark = (from: number, to: number, value: 0 | 1) => {
    for (let y = Math.max(top, Math.round(from)); y < Math.min(bottom, Math.round(to)); y++) drawn[y - top] = value;
  };
  for (const item of list.children) {
    const r = item.getBoundingClientRect();
    mark(r.top, r.bottom + GAP_PX, 1);
  }
  // Rows of a long file still to be drawn: a spacer holds their place.
  for (const spacer of list.querySelectorAll('tbody[aria-hidden]')) {
    const r = spacer.getBoundingClientRect();
    mark(r.top, r.bottom, 0);
  }
  return drawn.reduce((n, d) => n + (d ? 0 : 1), 0);
};

const params = new URLSearchParams(location.search);
const mode = params.get('mode') ?? 'engine';
const style = params.get('style') === 'split' ? 'split' : 'unified';
// Knobs for looking into costs: tree=0 and comments=0 leave those parts out.
const tree = params.get('tree') !== '0';
const comments = params.get('comments') !== '0';

function Page({ diff }: { diff: string }) {
  const [range, setRange] = useState<DiffLineRange | null>(null);
  return (
    <main className="mx-auto w-full max-w-6xl px-3 py-5 sm:px-6">
      <h1 className="mb-3 text-xl font-semibold">A large pull request</h1>
      <div className="sticky top-0 z-40 mb-3 flex items-center gap-2 border-b border-gray-200 bg-white py-2 dark:border-gray-800 dark:bg-gray-950">
        <button type="button" className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white">
          Review changes
        </button>
        <span className="text-sm">{range ? `Commenting on ${range.path} ${range.side} ${range.start}–${range.end}` : ''}</span>
      </div>
      <DiffFiles
        diff={diff}
        style={style}
        fileTree={tree}
        keyboard
        viewedKey="bench/pulls/1"
        onCommentRange={comments ? setRange : undefined}
        fileHref={(p) => `/bench/repo/src/commit/head/${p}`}
      />
    </main>
  );
}

async function main() {
  const text = await (await fetch('./diff.txt')).text();
  window.__dataAt = performance.now();
  const root = document.getElementById('root')!;
  if (mode === 'plain') {
    await import('diff2html/bundles/css/diff2html.min.css');
    const t = performance.now();
    const markup = html(text, { drawFileList: true, outputFormat: style === 'split' ? 'side-by-side' : 'line-by-line' });
    window.__htmlMs = performance.now() - t;
    root.innerHTML = markup;
    // Layout and paint happen before the next frame.
    requestAnimationFrame(() => {
      window.__firstFile = window.__drawn = performance.now();
    });
    return;
  }
  // The first file counts as shown once its rows are in the document and a frame has passed.
  const mo = new MutationObserver(() => {
    if (window.__allParsed === undefined && document.querySelector('.diff-files[aria-busy="false"]')) window.__allParsed = performance.now();
    if (window.__firstFile === undefined && document.querySelector('[data-file-index="0"] .diff-table tr'))
      requestAnimationFrame(() => {
        window.__firstFile ??= performance.now();
      });
    if (window.__firstFile !== undefined && window.__allParsed !== undefined) mo.disconnect();
  });
  mo.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
  createRoot(root).render(
    <StrictMode>
      <MemoryRouter>
        <Page diff={text} />
      </MemoryRouter>
    </StrictMode>,
  );
}

void main();
