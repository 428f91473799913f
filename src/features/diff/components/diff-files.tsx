// The diff engine: parses a raw unified diff with diff2html and draws it with React, one file at a
// time as files come near the viewport (a window virtualizer keeps every file's height, estimated
// from its line count until measured, so the scrollbar holds still; far files are released).
// Around it: the file tree, Viewed marks, line selection for comments, annotations between rows and
// keyboard shortcuts. The heavy module: load it lazily (see diff-view.tsx).
// A page with its own sticky bar sets `--diff-sticky-top` (e.g. `md:[--diff-sticky-top:3rem]`) on an
// ancestor: file headers and the tree stick below the bar, and files scrolled to (j/k, the tree) too.
import { useCallback, useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { EmptyState } from '@/components/ui/empty-state';
import { fileHash, wrappedLines, type DiffSide, type FileModel } from '../lib/diff-model';
import { useViewedMarks } from '../lib/viewed-store';
import type { DiffAnnotation, LineSelection } from './diff-table';
import { DiffFileView } from './diff-file';
import { DiffFileTree } from './diff-file-tree';
import { DiffShortcutsDialog } from './diff-shortcuts-dialog';
import { DiffFilesSummary } from './diff-files-summary';
import { ANNOTATION_PX, charsPerLine, GAP_PX, HEADER_PX, HELD_PX, NOTE_PX, PROBE_PX, ROW_PX, SMALL_DIFF_ROWS, whenDrawn } from './diff-files-layout';
import { FIRST_ROWS_MARGIN, OVERSCAN } from './diff-files-layout';
import { annotationStops } from './annotation-stops';
import { useDiffKeys } from './use-diff-keys';
import { useFileModels } from './use-file-models';
import { useFlick } from './use-flick';
import { useSettled } from './use-settled';
import './diff.css';

export type { DiffSide } from '../lib/diff-model';
export type { DiffAnnotation } from './diff-table';

/** Lines start..end (inclusive) of one side of one file; `path` is the file's new path (old path for a deleted file). */
export interface DiffLineRange {
  path: string;
  side: DiffSide;
  start: number;
  end: number;
}

export interface DiffFilesProps {
  /** Raw unified diff text (git diff / the .diff endpoints); parsed with diff2html's parse(). */
  diff: string;
  style: 'unified' | 'split';
  /** Namespace for persisted "viewed" marks, e.g. `owner/repo/pulls/12`; omitted: no Viewed checkbox. A mark is
   *  forgotten when that file's diff changes (key includes a hash of the file's diff). */
  viewedKey?: string;
  /** By file path (as DiffLineRange.path). */
  annotations?: Record<string, DiffAnnotation[]>;
  /** When set, lines get a "+" button (hover/focus) and click / shift+click on line numbers selects a range;
   *  the callback opens a composer (the caller then adds an annotation at range.end). */
  onCommentRange?: (range: DiffLineRange) => void;
  /** Show the file tree beside the diff (pull request Files changed). */
  fileTree?: boolean;
  /** Keyboard shortcuts j/k (next/previous file), n/p (next/previous annotation, opening its file),
   *  v (toggle viewed on the current file), ? (dialog listing every shortcut). Ignored while typing in a field. */
  keyboard?: boolean;
  /** What to say when the diff is empty. */
  emptyText?: string;
  /** Optional: where "View file" in a file's header links to (the file at the head commit); not asked for deleted files. */
  fileHref?: (path: string) => string | undefined;
}

const EMPTY_SET: ReadonlySet<string> = new Set();

export function DiffFiles({ diff, style, viewedKey, annotations, onCommentRange, fileTree, keyboard, emptyText, fileHref }: DiffFilesProps) {
  const { models, total, complete } = useFileModels(diff);
  const [marks, setMark] = useViewedMarks(viewedKey);
  const viewedPaths = useMemo(() => {
    if (!viewedKey) return EMPTY_SET;
    const set = new Set<string>();
    // Only a file with a mark needs its hash.
    for (const m of models) if (marks[m.path] !== undefined && marks[m.path] === fileHash(m)) set.add(m.path);
    return set;
  }, [models, marks, viewedKey]);

  // Collapsed by the reader, by path; otherwise a file is collapsed when it is viewed.
  const [collapsedBy, setCollapsedBy] = useState<Readonly<Record<string, boolean>>>({});
  const [loaded, setLoaded] = useState<ReadonlySet<string>>(EMPTY_SET);
  const [selectionState, setSelection] = useState<(LineSelection & { models: FileModel[] }) | null>(null);
  // A selection belongs to the diff it was made on.
  const selection = selectionState?.models === models ? selectionState : null;
  const [treeOpen, setTreeOpen] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const isCollapsed = useCallback((m: FileModel) => collapsedBy[m.path] ?? viewedPaths.has(m.path), [collapsedBy, viewedPaths]);

  // The list's distance from the top of the document, for the window virtualizer.
  const listRef = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);
  // Only for estimates: how many characters of code fit on one screen line before it wraps.
  const [perLine, setPerLine] = useState(100);
  const [stickyTop, setStickyTop] = useState(0);
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const update = () => {
      const rect = el.getBoundingClientRect();
      setMargin(Math.round(rect.top + window.scrollY));
      if (rect.width > 0) setPerLine(charsPerLine(rect.width, style, window.innerWidth));
      // Where file headers stick (below a page's own sticky bar): files scrolled to land below it.
      const header = el.querySelector('.diff-file-header');
      if (header) setStickyTop(parseFloat(getComputedStyle(header).top) || 0);
    };
    update();
    // What sits above (summary, review bar, a banner) can change height and move the list.
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    ro?.observe(document.body);
    return () => ro?.disconnect();
  }, [models.length, style]);

  const annotationCount = useCallback((m: FileModel) => annotations?.[m.path]?.length ?? 0, [annotations]);
  const estimateSize = useCallback(
    (i: number) => {
      const m = models[i]!;
      if (isCollapsed(m)) return HEADER_PX;
      if (m.heldBack && !loaded.has(m.path)) return HEADER_PX + HELD_PX;
      const extra = annotationCount(m) * ANNOTATION_PX;
      if (m.note) return HEADER_PX + NOTE_PX + extra;
      return HEADER_PX + wrappedLines(m, style, perLine) * ROW_PX + extra;
    },
    [models, isCollapsed, loaded, style, annotationCount, perLine],
  );
  // Keyed by layout too: a file's unified and split heights differ, and switching redraws every row.
  const getItemKey = useCallback((i: number) => `${style}:${models[i]!.path}`, [models, style]);
  // A small diff is drawn whole (a full-page screenshot or print shows it all); a large one only near the viewport.
  const small = useMemo(() => models.reduce((n, m) => n + m.unifiedRows, 0) <= SMALL_DIFF_ROWS, [models]);
  // Two files each side are drawn ahead of the scroll; none during a flick (use-flick.ts).
  const flick = useFlick();
  const virtualizer = useWindowVirtualizer({
    count: models.length,
    estimateSize,
    getItemKey,
    overscan: small ? models.length : flick.fast ? 0 : OVERSCAN,
    gap: GAP_PX,
    scrollMargin: margin,
    scrollPaddingStart: stickyTop,
    // jsdom lays nothing out: keep the estimate rather than a height of 0.
    measureElement: (el, entry, instance) => {
      const box = entry?.borderBoxSize?.[0];
      const size = box ? box.blockSize : (el as HTMLElement).offsetHeight;
      return size > 0 ? Math.round(size) : instance.options.estimateSize(instance.indexFromElement(el));
    },
  });

  flick.track(virtualizer);

  // The file at the top of the viewport: highlighted in the tree, the one j/k/v start from. From the
  // virtualizer's own scroll offset (it re-renders on scroll): reading window.scrollY in a scroll
  // handler would force a layout in the middle of every frame.
  // At the top of the page, or above the first file, no file is current yet.
  const scrolled = virtualizer.scrollOffset ?? 0;
  const probe = scrolled + stickyTop + PROBE_PX;
  const current =
    models.length === 0 || scrolled <= 0 || probe < virtualizer.options.scrollMargin ? -1 : (virtualizer.getVirtualItemForOffset(probe)?.index ?? -1);

  const currentIndex = () => {
    // A file focused by j/k (or a click inside it) wins over the scroll position.
    const focused = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>('[data-file-index]');
    if (focused && listRef.current?.contains(focused)) return Number(focused.dataset.fileIndex);
    return current;
  };

  const scrollToFile = useCallback(
    (index: number, focus: boolean) => {
      const m = models[index];
      if (!m) return;
      virtualizer.scrollToIndex(index, { align: 'start' });
      if (focus)
        whenDrawn(
          () => document.getElementById(m.id),
          (el) => el.focus({ preventScroll: true }),
        );
    },
    [models, virtualizer],
  );

  // A link to one file (#diff-…) opens at that file, drawn: once, when that file is parsed.
  const hashDone = useRef<string | null>(null);
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (!id.startsWith('diff-') || hashDone.current === diff) return;
    const i = models.findIndex((m) => m.id === id);
    if (i >= 0 || complete) hashDone.current = diff;
    if (i >= 0) scrollToFile(i, false);
  }, [models, complete, diff, scrollToFile]);

  // Switching unified/split keeps the reader at the same file (the one current before the switch).
  const lastStyle = useRef(style);
  const lastCurrent = useRef(current);
  useLayoutEffect(() => {
    if (lastStyle.current === style) {
      lastCurrent.current = current;
      return;
    }
    lastStyle.current = style;
    if (lastCurrent.current >= 0) virtualizer.scrollToIndex(lastCurrent.current, { align: 'start' });
  });

  const onToggleCollapse = useCallback((path: string, collapsed: boolean) => setCollapsedBy((c) => ({ ...c, [path]: collapsed })), []);
  const byPath = useMemo(() => new Map(models.map((m) => [m.path, m])), [models]);
  const onToggleViewed = useCallback(
    (path: string, viewed: boolean) => {
      const m = byPath.get(path);
      if (m) setMark(path, fileHash(m), viewed);
      // The file folds when marked viewed and opens when unmarked.
      setCollapsedBy(({ [path]: _, ...rest }) => rest);
    },
    [setMark, byPath],
  );
  const onLoad = useCallback((path: string) => setLoaded((s) => new Set(s).add(path)), []);
  const onLineClick = useCallback(
    (path: string, side: DiffSide, line: number, extend: boolean) =>
      setSelection((s) => {
        const same = s && s.models === models && s.path === path && s.side === side;
        if (extend && same) return { ...s, start: Math.min(s.anchor, line), end: Math.max(s.anchor, line) };
        if (same && s.start === line && s.end === line) return null;
        return { models, path, side, anchor: line, start: line, end: line };
      }),
    [models],
  );
  const selectionRef = useRef(selection);
  const onCommentRef = useRef(onCommentRange);
  useLayoutEffect(() => {
    selectionRef.current = selection;
    onCommentRef.current = onCommentRange;
  });
  const onComment = useCallback(
    (path: string, side: DiffSide, line: number) => {
      const s = selectionRef.current;
      const range =
        s && s.path === path && s.side === side && line >= s.start && line <= s.end
          ? { path, side, start: s.start, end: s.end }
          : { path, side, start: line, end: line };
      setSelection({ models, anchor: range.start, ...range });
      onCommentRef.current?.(range);
    },
    [models],
  );

  // Annotations in reading order (files in diff order; outdated ones first in their file), for n/p.
  const stops = useMemo(() => annotationStops(annotations, byPath), [annotations, byPath]);
  const stopCursor = useRef(-1);

  const goToStop = (i: number) => {
    const stop = stops[i];
    if (!stop) return;
    stopCursor.current = i;
    const m = models[stop.fileIndex]!;
    // Open the file (and its rows) so the thread can be shown.
    if (isCollapsed(m)) onToggleCollapse(m.path, false);
    if (m.heldBack) onLoad(m.path);
    virtualizer.scrollToIndex(stop.fileIndex, { align: 'start' });
    whenDrawn(
      () => [...(document.getElementById(m.id)?.querySelectorAll<HTMLElement>('[data-annotation]') ?? [])].find((el) => el.dataset.annotation === stop.key),
      (el) => {
        el.scrollIntoView?.({ block: 'center' });
        el.focus({ preventScroll: true });
      },
    );
  };

  const actions = useRef<(key: string) => boolean>(() => false);
  useLayoutEffect(() => {
    actions.current = (key: string) => {
      const n = models.length;
      if (n === 0 && key !== '?') return false;
      const at = currentIndex();
      switch (key) {
        case 'j':
          scrollToFile(Math.min(at + 1, n - 1), true);
          return true;
        case 'k':
          scrollToFile(Math.max(at - 1, 0), true);
          return true;
        case 'n':
        case 'p': {
          if (stops.length === 0) return false;
          const i = stopCursor.current;
          // Coming from another file than the last thread visited: start from the file being read.
          if (i < 0 || stops[i]!.fileIndex !== at) {
            const first = stops.findIndex((s) => s.fileIndex >= Math.max(at, 0));
            const target = key === 'n' ? (first < 0 ? stops.length - 1 : first) : (first < 0 ? stops.length : first) - 1;
            goToStop(Math.max(target, 0));
            return true;
          }
          goToStop(Math.min(Math.max(key === 'n' ? i + 1 : i - 1, 0), stops.length - 1));
          return true;
        }
        case 'v': {
          if (!viewedKey) return false;
          const m = models[Math.max(at, 0)]!;
          onToggleViewed(m.path, !viewedPaths.has(m.path));
          return true;
        }
        case '?':
          setShortcutsOpen(true);
          return true;
      }
      return false;
    };
  });

  useDiffKeys(keyboard, actions);

  // The tree waits for the first files to be drawn: with a thousand files it is the larger part.
  const treeModels = useDeferredValue(models, [] as FileModel[]);
  // It marks the current file once scrolling pauses: re-marking it every frame of a fast scroll
  // costs a repaint of the whole tree per frame.
  const treeCurrent = useSettled(models[current]?.path, 150);
  const onTreeSelect = useCallback(
    (index: number) => {
      setTreeOpen(false);
      scrollToFile(index, true);
    },
    [scrollToFile],
  );

  if (models.length === 0 && complete) return <EmptyState title={emptyText ?? 'No changes'} />;

  const additions = models.reduce((n, m) => n + m.additions, 0);
  const deletions = models.reduce((n, m) => n + m.deletions, 0);
  const items = virtualizer.getVirtualItems();
  const viewBottom = (virtualizer.scrollOffset ?? 0) + (typeof window === 'undefined' ? 0 : window.innerHeight);
  const commenting = onCommentRange !== undefined;

  return (
    // Busy while the later files are still being read.
    <div className="diff-files space-y-3" aria-busy={!complete}>
      <DiffFilesSummary
        fileTree={fileTree}
        treeOpen={treeOpen}
        onToggleTree={() => setTreeOpen((o) => !o)}
        total={total}
        read={models.length}
        complete={complete}
        additions={additions}
        deletions={deletions}
        viewed={viewedKey ? viewedPaths.size : undefined}
        keyboard={keyboard}
        onShowShortcuts={() => setShortcutsOpen(true)}
      />
      <div className={fileTree ? 'relative md:grid md:grid-cols-[15rem_minmax(0,1fr)] md:gap-4' : undefined}>
        {fileTree && (
          <nav
            id="diff-file-tree"
            aria-label="Changed files"
            className={`${treeOpen ? 'block' : 'hidden'} absolute inset-x-0 top-0 z-30 max-h-[70vh] overflow-y-auto rounded-lg border border-gray-200 bg-white shadow-lg md:sticky md:top-[calc(var(--diff-sticky-top,0px)+0.5rem)] md:block md:max-h-[calc(100vh-var(--diff-sticky-top,0px)-1rem)] md:self-start md:shadow-none dark:border-gray-800 dark:bg-gray-900`}
          >
            <DiffFileTree models={treeModels} viewed={viewedPaths} currentPath={treeCurrent} onSelect={onTreeSelect} />
          </nav>
        )}
        <div ref={listRef} data-diff-list className="relative min-w-0" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((v) => {
            const m = models[v.index]!;
            // In a large diff a file coming into view draws first the rows down to the viewport's bottom; the rest follow.
            const firstRows = small ? undefined : Math.ceil((viewBottom - v.start) / ROW_PX) + FIRST_ROWS_MARGIN;
            return (
              <div
                key={v.key}
                data-index={v.index}
                ref={virtualizer.measureElement}
                // Layout contained per file: drawing or growing one file lays out that file, not its neighbours.
                className="absolute left-0 w-full [contain:layout_style]"
                style={{ top: v.start - virtualizer.options.scrollMargin }}
              >
                <DiffFileView
                  model={m}
                  style={style}
                  collapsed={isCollapsed(m)}
                  firstRows={firstRows}
                  loaded={loaded.has(m.path)}
                  viewed={viewedKey ? viewedPaths.has(m.path) : undefined}
                  selection={selection?.path === m.path ? selection : undefined}
                  annotations={annotations?.[m.path]}
                  commenting={commenting}
                  fileHref={m.status === 'deleted' ? undefined : fileHref?.(m.path)}
                  onToggleCollapse={onToggleCollapse}
                  onToggleViewed={onToggleViewed}
                  onLoad={onLoad}
                  onLineClick={onLineClick}
                  onComment={onComment}
                />
              </div>
            );
          })}
        </div>
      </div>
      {keyboard && <DiffShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} viewed={viewedKey !== undefined} />}
    </div>
  );
}
