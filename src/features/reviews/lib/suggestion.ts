// Suggested changes (as GitHub's): a review comment carries a ```suggestion block with the text that
// should replace the commented line or range. This reads them out of a comment, finds the lines
// they replace in the comment's diff hunk, and applies several to a file's text, refusing when the
// lines changed since the comment was made.

export interface SuggestionPart {
  kind: 'markdown' | 'suggestion';
  text: string;
}

const FENCE = /^(`{3,}|~{3,})suggestion[ \t]*\r?\n([\s\S]*?)^\1[ \t]*$/m;

/** Splits a comment body into Markdown and suggestion blocks, in order. */
export function splitSuggestions(body: string): SuggestionPart[] {
  const parts: SuggestionPart[] = [];
  let rest = body;
  for (let m = FENCE.exec(rest); m; m = FENCE.exec(rest)) {
    if (m.index > 0) parts.push({ kind: 'markdown', text: rest.slice(0, m.index) });
    parts.push({ kind: 'suggestion', text: m[2]!.replace(/\r?\n$/, '') });
    rest = rest.slice(m.index + m[0].length);
  }
  if (rest.trim()) parts.push({ kind: 'markdown', text: rest });
  return parts;
}

export const hasSuggestion = (body: string) => FENCE.test(body);

/** The block the "Suggest a change" button inserts: the commented lines, ready to change. */
export const suggestionBlock = (lines: string) => `\`\`\`suggestion\n${lines.replace(/\n$/, '')}\n\`\`\`\n`;

/** The last `count` lines of the new side of a diff hunk: the lines a comment at its end covers. */
export function hunkNewLines(hunk: string, count: number): string[] {
  const lines = hunk.split('\n').filter((l) => !l.startsWith('@@') && !l.startsWith('\\'));
  const newSide = lines.filter((l) => l.startsWith(' ') || l.startsWith('+')).map((l) => l.slice(1));
  return newSide.slice(Math.max(0, newSide.length - count));
}

export const splitText = (text: string) => {
  const lines = text.split('\n');
  const trailingNewline = lines[lines.length - 1] === '';
  if (trailingNewline) lines.pop();
  return { lines, trailingNewline };
};

export interface SuggestionEdit {
  /** 1-based, inclusive, in the file the suggestion was made on. */
  start: number;
  end: number;
  replacement: string;
}

export class SuggestionConflictError extends Error {}

/**
 * Applies `edits` to `current`: each range must read the same in `current` as in `original` (the
 * file at the comment's commit), and no two may overlap.
 */
export function applySuggestions(original: string, current: string, edits: SuggestionEdit[], path: string): string {
  const before = splitText(original).lines;
  const now = splitText(current);
  const sorted = [...edits].sort((a, b) => b.start - a.start);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.end >= sorted[i - 1]!.start) throw new SuggestionConflictError(`Two suggestions on ${path} overlap; apply them one at a time.`);
  }
  const lines = [...now.lines];
  for (const e of sorted) {
    const was = before.slice(e.start - 1, e.end).join('\n');
    const is = lines.slice(e.start - 1, e.end).join('\n');
    if (e.end > lines.length || was !== is) {
      throw new SuggestionConflictError(
        `Lines ${e.start}–${e.end} of ${path} changed since the suggestion was made, so it can no longer be applied. Edit the file instead.`,
      );
    }
    lines.splice(e.start - 1, e.end - e.start + 1, ...(e.replacement === '' ? [] : e.replacement.split('\n')));
  }
  return lines.join('\n') + (now.trailingNewline ? '\n' : '');
}

/**
 * The reply that marks a suggestion applied, and reading it back. The reply names the suggestion's
 * comment in an HTML comment (not shown): once applied, the commented line changed, so the reply
 * may land in another thread than the (now outdated) suggestion's.
 */
export const appliedMarker = (sha: string, commentId: number) => `Suggestion applied in ${sha}\n\n<!-- suggestion:${commentId} -->`;
export const appliedSha = (body: string) => /^Suggestion applied in ([0-9a-f]{7,64})\b/.exec(body.trim())?.[1] ?? null;
export const appliedCommentId = (body: string) => {
  const m = /<!-- suggestion:(\d+) -->/.exec(body);
  return m ? Number(m[1]) : null;
};
