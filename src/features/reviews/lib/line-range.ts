// Gitea places an inline comment on one line, so a comment on a range sits on its last line and
// names the range in its body, as GitHub's multi-line comments read: "Lines 3–5", then the text.
export interface LineRange {
  path: string;
  side: 'old' | 'new';
  start: number;
  end: number;
}

const RANGE_PREFIX = /^Lines (\d+)–(\d+)\n\n/;

export function rangeLabel(r: Pick<LineRange, 'side' | 'start' | 'end'>): string {
  const lines = r.start === r.end ? `line ${r.end}` : `lines ${r.start}–${r.end}`;
  return r.side === 'old' ? `${lines} of the old file` : lines;
}

/** The comment body the API gets for `text` written on `range`. */
export function rangeBody(range: Pick<LineRange, 'start' | 'end'>, text: string): string {
  return range.start < range.end ? `Lines ${range.start}–${range.end}\n\n${text}` : text;
}

/** Splits a body written by rangeBody() back into its range and text, so the range shows as a caption. */
export function splitRangeBody(body: string): { start: number; end: number; text: string } | null {
  const m = RANGE_PREFIX.exec(body);
  if (!m) return null;
  return { start: Number(m[1]), end: Number(m[2]), text: body.slice(m[0].length) };
}

/** The CreatePullReviewComment for a comment on `range`: the range's last line, on its side. */
export function placeComment(range: LineRange, text: string) {
  return {
    path: range.path,
    body: rangeBody(range, text),
    new_position: range.side === 'new' ? range.end : 0,
    old_position: range.side === 'old' ? range.end : 0,
  };
}
