// Layout arithmetic of the diff list: size estimates until a file is measured, how much code fits
// on a line, and waiting for a virtualized file to be drawn.

// Size estimates (px) until a file is measured; they match the CSS (20px rows, 42px header).
export const HEADER_PX = 44;
export const ROW_PX = 20;
export const NOTE_PX = 52;
export const HELD_PX = 100;
export const ANNOTATION_PX = 120;
export const GAP_PX = 16;
export const SMALL_DIFF_ROWS = 1_500;
// Rows drawn at once below the viewport's bottom when a file comes into view (the rest follow in slices).
export const FIRST_ROWS_MARGIN = 10;
// Files drawn beyond each edge of the viewport, ahead of the scroll (none during a flick).
export const OVERSCAN = 2;
// A file counts as current once its top passes this far below the top of the viewport.
export const PROBE_PX = 60;

/** Characters of code on one screen line of a file `width` px wide (as diff.css lays it out: 12px monospace). */
export function charsPerLine(width: number, style: 'unified' | 'split', viewport: number) {
  const number = viewport <= 640 ? 38 : 50;
  const padding = 34 + 2;
  const code = style === 'split' ? (width - 2 - 2 * number) / 2 - padding : width - 2 - 2 * number - padding;
  return Math.max(10, Math.floor(code / 7.22));
}

/** Calls `found` with the element once `find` returns it (it may need a frame or more to be drawn). */
export function whenDrawn(find: () => HTMLElement | null | undefined, found: (el: HTMLElement) => void, frames = 30) {
  const el = find();
  if (el) found(el);
  else if (frames > 0 && typeof requestAnimationFrame !== 'undefined') requestAnimationFrame(() => whenDrawn(find, found, frames - 1));
}
