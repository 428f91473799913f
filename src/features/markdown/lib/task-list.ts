// Ticking a task-list checkbox rewrites only its own `[ ]` / `[x]` in the Markdown source: the
// list item's offset comes from the parser's positions (kept through the sanitizer), so code blocks,
// quotes and look-alike text elsewhere are never touched.

// A list marker (bullet or ordered), the spaces after it, then GFM's task marker.
const TASK = /^((?:[*+-]|\d{1,9}[.)])[ \t]+)\[([ xX])\]/;

/** The source with the task whose list item starts at `offset` set to `checked`; unchanged if none is there. */
export function setTask(source: string, offset: number, checked: boolean): string {
  const m = TASK.exec(source.slice(offset));
  if (!m) return source;
  const at = offset + m[1].length + 1;
  return source.slice(0, at) + (checked ? 'x' : ' ') + source.slice(at + 1);
}
