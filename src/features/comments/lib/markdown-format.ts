// The Markdown toolbar's edits as pure functions of the text and the selection: each returns the
// new text and the new selection, so the editor can apply them (and tests can check them).

export type FormatKind = 'bold' | 'italic' | 'code' | 'link' | 'quote' | 'list' | 'tasklist' | 'mention';

export interface Edit {
  value: string;
  start: number;
  end: number;
}

function wrap(e: Edit, before: string, after: string, placeholder: string): Edit {
  const picked = e.value.slice(e.start, e.end) || placeholder;
  const value = e.value.slice(0, e.start) + before + picked + after + e.value.slice(e.end);
  return { value, start: e.start + before.length, end: e.start + before.length + picked.length };
}

/** Prefixes every line the selection touches (numbered lists would count; ours are bullets). */
function prefixLines(e: Edit, prefix: string): Edit {
  const lineStart = e.value.lastIndexOf('\n', e.start - 1) + 1;
  const nl = e.value.indexOf('\n', Math.max(e.end - (e.end > e.start ? 1 : 0), e.start));
  const lineEnd = nl === -1 ? e.value.length : nl;
  const block = e.value.slice(lineStart, lineEnd);
  const lines = block.split('\n');
  const done = lines.every((l) => l.startsWith(prefix));
  const next = lines.map((l) => (done ? l.slice(prefix.length) : prefix + l)).join('\n');
  const value = e.value.slice(0, lineStart) + next + e.value.slice(lineEnd);
  if (lines.length === 1) {
    const shift = done ? -prefix.length : prefix.length;
    return { value, start: Math.max(lineStart, e.start + shift), end: Math.max(lineStart, e.end + shift) };
  }
  return { value, start: lineStart, end: lineStart + next.length };
}

export function applyFormat(e: Edit, kind: FormatKind): Edit {
  const picked = e.value.slice(e.start, e.end);
  switch (kind) {
    case 'bold':
      return wrap(e, '**', '**', 'bold text');
    case 'italic':
      return wrap(e, '_', '_', 'italic text');
    case 'code':
      // Several lines become a fenced block; a word or nothing an inline span.
      return picked.includes('\n') ? wrap(e, '```\n', '\n```', '') : wrap(e, '`', '`', 'code');
    case 'link': {
      const text = picked || 'text';
      const value = e.value.slice(0, e.start) + `[${text}](url)` + e.value.slice(e.end);
      // The URL is what is left to type: select it.
      const urlAt = e.start + text.length + 3;
      return { value, start: urlAt, end: urlAt + 3 };
    }
    case 'quote':
      return prefixLines(e, '> ');
    case 'list':
      return prefixLines(e, '- ');
    case 'tasklist':
      return prefixLines(e, '- [ ] ');
    case 'mention': {
      const lead = e.start > 0 && !/\s/.test(e.value[e.start - 1]!) ? ' ' : '';
      const value = e.value.slice(0, e.start) + lead + '@' + picked + e.value.slice(e.end);
      const at = e.start + lead.length + 1 + picked.length;
      return { value, start: at, end: at };
    }
  }
}

/** Ctrl/Cmd + this key applies the format (GitHub's shortcuts). */
export const FORMAT_KEYS: Record<string, FormatKind> = { b: 'bold', i: 'italic', e: 'code', k: 'link' };
