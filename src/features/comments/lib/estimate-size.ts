// A row's height before it is measured, from its Markdown source and the list's width. Close
// guesses keep the list's total height (so the scrollbar and the scroll position) from jumping as
// rows get measured, and keep the virtualizer from rendering far more or fewer rows than fit.
import type { TimelineEntry } from './timeline-events';

// Pixel figures measured in Chromium: list-item padding, card header, border and body padding
// around the Markdown; an event row is one line of text unless it wraps.
const COMMENT_CHROME = 84;
const EVENT_ROW = 61;
const EVENT_LINE = 28;
const TEXT_LINE = 24;
const CODE_LINE = 20;
const CODE_FENCE = 16; // the <pre>'s padding, per fence line
const BLANK_LINE = 16; // a paragraph's margin
const ATTACHMENTS = 30;
const ATTACHMENT = 24;
const CHAR_WIDTH = 7;
// The card's avatar column (from the sm breakpoint) and its padding.
const AVATAR_COLUMN = 48;
const CARD_PADDING = 26;

/** Roughly how many characters of comment text fit on a line in a list `width` pixels wide. */
export function charsPerLine(width: number): number {
  const text = width - CARD_PADDING - (width >= 600 ? AVATAR_COLUMN : 0);
  return Math.max(20, Math.floor(text / CHAR_WIDTH));
}

export function estimateMarkdownHeight(source: string, perLine: number): number {
  let h = 0;
  let inCode = false;
  for (const line of source.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      inCode = !inCode;
      h += CODE_FENCE;
    } else if (inCode) h += CODE_LINE;
    else if (!line.trim()) h += BLANK_LINE;
    else h += TEXT_LINE * Math.ceil(line.length / perLine);
  }
  return h;
}

/** The estimated height of a timeline row in a list `width` pixels wide. */
export function estimateEntrySize(entry: TimelineEntry, width: number): number {
  const perLine = charsPerLine(width);
  // On a phone, events that name a label, person or title wrap to a second line.
  // A push lists its commits, one line each (a force push is one line).
  if (entry.kind === 'push') return EVENT_ROW + (entry.force ? 0 : entry.commits.length * TEXT_LINE);
  if (entry.kind === 'review') return EVENT_ROW + (entry.item.body?.trim() ? COMMENT_CHROME + estimateMarkdownHeight(entry.item.body, perLine) : 0);
  if (entry.kind !== 'comment') return EVENT_ROW + (width < 600 && entry.kind !== 'state' && entry.kind !== 'lock' ? EVENT_LINE : 0);
  const assets = entry.item.assets?.length ?? 0;
  return COMMENT_CHROME + estimateMarkdownHeight(entry.item.body ?? '', perLine) + (assets ? ATTACHMENTS + assets * ATTACHMENT : 0);
}
