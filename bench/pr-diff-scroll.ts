// The scroll phase of the pull request diff bench (pr-diff-bench.ts): the mouse wheel flicks
// through the whole diff and stops a number of times on the way to the end, as a reader does.
// Wheel input goes through Chromium's input pipeline: the compositor scrolls at once, whatever the
// page's main thread is doing, and the main thread draws the files that came into view when it
// gets to it. Until then that part of the viewport is an empty file section (the list's height is
// there, its files are not). At each stop the page itself times, frame by frame, how long after
// the last wheel event a frame at the stop's position had every pixel of the viewport drawn.
import type { Page } from '@playwright/test';

export interface ScrollFigures {
  scrollMs: number;
  /** Wheel events sent (each `step` px, one every frame's time). */
  wheels: number;
  /** Frames the page drew meanwhile, and their intervals. */
  frames: number;
  slowestFrameMs: number;
  p95FrameMs: number;
  framesOver100: number;
  lastFileDrawn: number;
  filesDrawn: number;
  scrollHeight: number;
  filesInDom: number;
  domNodes: number;
  peakHeapMb: number;
  tasksOver100: number;
  tasksOver200: number;
  longestTaskMs: number;
  maxDom: number;
  /** Per stop: ms from the last wheel event to the first frame at the stop with nothing of the viewport empty (-1: not within the cap). */
  stops: number[];
  /** Per stop, 300 ms after it: the viewport's empty pixels (its height when the page had not yet drawn a frame at the stop). */
  emptyAt300: number[];
}

declare global {
  interface Window {
    __scroll?: {
      frames: number[];
      tasks: number[];
      seen: Set<number>;
      maxDom: number;
      peakHeap: number;
      lastWheel: number;
      running: boolean;
    };
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Flicks the wheel `step` px a frame to each of `stopCount` even stops down to the end; times each stop. */
export async function scrollWithStops(
  page: Page,
  { step, budgetMs, stopCount, pauseMs, stopCapMs }: { step: number; budgetMs: number; stopCount: number; pauseMs: number; stopCapMs: number },
): Promise<ScrollFigures> {
  // What the page records all along: frame intervals, long tasks, files drawn, DOM size, heap.
  // (No named functions in page code: tsx's keepNames would reference a helper the page lacks.)
  await page.evaluate(() => {
    const s = { frames: [] as number[], tasks: [] as number[], seen: new Set<number>(), maxDom: 0, peakHeap: 0, lastWheel: 0, running: true };
    window.__scroll = s;
    new PerformanceObserver((list) => list.getEntries().forEach((e) => s.tasks.push(e.duration))).observe({ type: 'longtask' });
    // Passive: the compositor scrolls without waiting for the page.
    addEventListener('wheel', (e) => (s.lastWheel = e.timeStamp), { passive: true });
    const memory = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory;
    let prev = performance.now();
    // (Assigned to a property: a function so assigned gets no name.)
    const loop: { frame?: (now: number) => void } = {};
    loop.frame = (now: number) => {
      if (!s.running) return;
      s.frames.push(now - prev);
      prev = now;
      for (const e of document.querySelectorAll<HTMLElement>('[data-file-index]')) s.seen.add(Number(e.dataset.fileIndex));
      if (s.frames.length % 10 === 0) {
        s.maxDom = Math.max(s.maxDom, document.getElementsByTagName('*').length);
        if (memory) s.peakHeap = Math.max(s.peakHeap, memory.usedJSHeapSize);
      }
      requestAnimationFrame(loop.frame!);
    };
    requestAnimationFrame(loop.frame);
  });
  const box = page.viewportSize() ?? { width: 1280, height: 900 };
  // Over the files (right of the file tree), where a reader's pointer is.
  await page.mouse.move(Math.round(box.width * 0.65), Math.round(box.height * 0.6));
  const t0 = performance.now();
  const stops: number[] = [];
  const emptyAt300: number[] = [];
  let wheels = 0;
  let at = await page.evaluate(() => window.scrollY);
  while (stops.length < stopCount && performance.now() - t0 < budgetMs) {
    // The next stop: an even share of the whole height (re-read: measured files change it).
    const end = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    const target = stops.length === stopCount - 1 ? end : Math.round(((stops.length + 1) * end) / stopCount);
    while (at < target && performance.now() - t0 < budgetMs) {
      const d = Math.min(step, target - at);
      await page.mouse.wheel(0, d);
      at += d;
      wheels++;
      await sleep(16);
    }
    const r = await page.evaluate(
      async ({ target, capMs }) => {
        const s = window.__scroll!;
        const from = s.lastWheel;
        let drawnMs = -1;
        let at300 = -1;
        let prevY = -1;
        for (;;) {
          await new Promise((r) => requestAnimationFrame(r));
          const waited = performance.now() - from;
          // A frame still short of the stop: the compositor shows what the page has not drawn. (The
          // list may shift the stop a little when files above are measured: a position held for
          // two frames is the stop too.)
          const there =
            Math.abs(window.scrollY - Math.min(target, document.documentElement.scrollHeight - window.innerHeight)) <= 1 || window.scrollY === prevY;
          prevY = window.scrollY;
          const empty = there ? window.__emptyPx() : window.innerHeight;
          if (at300 < 0 && waited >= 300) at300 = empty;
          if (empty === 0 && drawnMs < 0) drawnMs = waited;
          if ((drawnMs >= 0 && waited >= 300) || waited > capMs) break;
        }
        return { drawnMs, at300, y: window.scrollY };
      },
      { target, capMs: stopCapMs },
    );
    stops.push(r.drawnMs);
    emptyAt300.push(r.at300);
    at = r.y;
    // A moment's look before flicking on.
    await sleep(pauseMs);
  }
  const scrollMs = performance.now() - t0;
  const figures = await page.evaluate(async () => {
    // Let the last frame's tasks be reported before counting.
    await new Promise((r) => setTimeout(r, 100));
    const s = window.__scroll!;
    s.running = false;
    const sorted = [...s.frames].sort((a, b) => a - b);
    for (const e of document.querySelectorAll<HTMLElement>('[data-file-index]')) s.seen.add(Number(e.dataset.fileIndex));
    const drawn = document.querySelectorAll('[data-file-index]').length;
    return {
      frames: s.frames.length,
      slowestFrameMs: sorted.at(-1) ?? 0,
      p95FrameMs: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
      framesOver100: s.frames.filter((f) => f > 100).length,
      lastFileDrawn: Math.max(-1, ...s.seen),
      filesDrawn: s.seen.size,
      scrollHeight: document.documentElement.scrollHeight,
      filesInDom: drawn,
      domNodes: document.getElementsByTagName('*').length,
      peakHeapMb: s.peakHeap / 1024 / 1024,
      tasksOver100: s.tasks.filter((d) => d > 100).length,
      tasksOver200: s.tasks.filter((d) => d > 200).length,
      longestTaskMs: Math.max(0, ...s.tasks),
      maxDom: Math.max(s.maxDom, document.getElementsByTagName('*').length),
    };
  });
  return { ...figures, scrollMs, wheels, stops, emptyAt300 };
}
