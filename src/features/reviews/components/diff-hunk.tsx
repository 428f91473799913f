// The few diff lines an inline comment was made on, drawn as a small table in the diff's colours.
// Line numbers and signs are gray-600 (light) and gray-400 (dark): 4.5:1 on the row colours too.
import { useMemo } from 'react';
import { hunkExcerpt, parseHunk } from '../lib/parse-hunk';

const rowClass = {
  add: 'bg-green-50 dark:bg-green-950/60',
  del: 'bg-red-50 dark:bg-red-950/60',
  context: '',
  header: '',
};
const sign = { add: '+', del: '-', context: ' ', header: '' };

/** `from`: a range comment's first line (the excerpt shows the whole range, marked). */
export function DiffHunk({ hunk, side, line, from = line }: { hunk: string; side: 'old' | 'new'; line: number; from?: number }) {
  const { rows, target, first } = useMemo(() => hunkExcerpt(parseHunk(hunk), side, line, 4, from), [hunk, side, line, from]);
  const marked = (i: number) => (first === -1 ? i === target : i >= first && i <= target);
  if (!rows.length) return null;
  return (
    // Scrolls sideways on a phone: focusable, so the keyboard can scroll it too (axe scrollable-region-focusable).
    <div className="overflow-x-auto" tabIndex={0} role="group" aria-label="Diff excerpt">
      <table className="w-full border-collapse font-mono text-xs leading-5">
        <tbody>
          {rows.map((r, i) => (
            <tr
              key={i}
              className={`${rowClass[r.kind]} ${marked(i) ? (first === -1 ? 'outline-2 -outline-offset-2 outline-amber-400/70' : 'shadow-[inset_3px_0_0_var(--color-amber-400)]') : ''}`}
              aria-current={i === target ? 'true' : undefined}
            >
              <td className="w-10 px-2 text-right text-gray-600 select-none dark:text-gray-400">{r.oldNo ?? ''}</td>
              <td className="w-10 px-2 text-right text-gray-600 select-none dark:text-gray-400">{r.newNo ?? ''}</td>
              <td className="w-4 text-gray-600 select-none dark:text-gray-400">{sign[r.kind]}</td>
              <td className="pr-3 whitespace-pre text-gray-800 dark:text-gray-200">{r.text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
