// Reads the diff hunk Gitea stores with an inline comment (a "@@ -a,b +c,d @@" header and the lines
// above the commented one) into numbered rows, so the conversation can show what was commented on.
export interface HunkRow {
  kind: 'context' | 'add' | 'del' | 'header';
  oldNo: number | null;
  newNo: number | null;
  text: string;
}

const HEADER = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

export function parseHunk(hunk: string): HunkRow[] {
  const rows: HunkRow[] = [];
  let oldNo = 0;
  let newNo = 0;
  for (const raw of hunk.replace(/\n$/, '').split('\n')) {
    const h = HEADER.exec(raw);
    if (h) {
      oldNo = Number(h[1]);
      newNo = Number(h[2]);
      rows.push({ kind: 'header', oldNo: null, newNo: null, text: raw });
    } else if (raw.startsWith('+')) rows.push({ kind: 'add', oldNo: null, newNo: newNo++, text: raw.slice(1) });
    else if (raw.startsWith('-')) rows.push({ kind: 'del', oldNo: oldNo++, newNo: null, text: raw.slice(1) });
    else if (raw.startsWith('\\'))
      continue; // "\ No newline at end of file"
    else if (raw.startsWith('diff ') || raw.startsWith('--- ') || raw.startsWith('+++ ') || raw.startsWith('index ')) continue;
    else rows.push({ kind: 'context', oldNo: oldNo++, newNo: newNo++, text: raw.slice(1) });
  }
  return rows;
}

/**
 * The rows to show: up to `context` rows before the commented line and the line itself (or the
 * hunk's tail when the line is not in it). A range comment's rows (from line `from` on) all show,
 * however many: `first` is where the range begins in the returned rows (-1 when not a range).
 */
export function hunkExcerpt(rows: HunkRow[], side: 'old' | 'new', line: number, context = 4, from = line): { rows: HunkRow[]; target: number; first: number } {
  const body = rows.filter((r) => r.kind !== 'header');
  let at = -1;
  for (let i = body.length - 1; i >= 0; i--) {
    const r = body[i];
    if (side === 'new' ? r.newNo === line && r.kind !== 'del' : r.oldNo === line && r.kind !== 'add') {
      at = i;
      break;
    }
  }
  const end = at === -1 ? body.length - 1 : at;
  let begin = -1;
  if (at !== -1 && from < line) {
    for (let i = at; i >= 0; i--) {
      const no = side === 'new' ? body[i]!.newNo : body[i]!.oldNo;
      const kind = body[i]!.kind;
      if (no !== null && no < from) break;
      if (no === from && kind !== (side === 'new' ? 'del' : 'add')) begin = i;
    }
  }
  const start = Math.max(0, Math.min(end - context, begin === -1 ? end : begin));
  return { rows: body.slice(start, end + 1), target: at === -1 ? -1 : at - start, first: begin === -1 ? -1 : begin - start };
}
