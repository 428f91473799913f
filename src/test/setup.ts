import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Vitest runs without globals, so Testing Library cannot register its own unmount between tests.
afterEach(() => cleanup());

// Web test files share a worker's jsdom window and modules (isolate: false in vitest.config.ts):
// what a file changed globally is put back when it ends, so the next file starts as a fresh one.
afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.className = '';
  document.title = '';
  window.history.replaceState(null, '', '/');
});

// findBy*/waitFor give up after 1 s by default; on a loaded 2-core machine the first import of a
// lazy chunk (the diff engine, highlight.js) alone can take longer. A wait ends as soon as the
// element appears, so this bound costs nothing when things work and only changes how long a real
// failure takes to report.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has <dialog> but not its modal methods; the app's Dialog relies on them.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    if (!this.open) return;
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}
