// The composer's Markdown toolbar: named icon buttons (the shortcut in the name and tooltip) that
// edit the text at the selection. Ctrl/Cmd+B, I, E and K do the same from the textarea.
import type { ReactNode } from 'react';
import type { FormatKind } from '../lib/markdown-format';

const icon = (d: string) => (
  <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16" className="fill-current">
    <path d={d} />
  </svg>
);

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const mod = isMac ? 'Cmd' : 'Ctrl';

const BUTTONS: { kind: FormatKind; name: string; key?: string; glyph: ReactNode }[] = [
  {
    kind: 'bold',
    name: 'Bold',
    key: 'B',
    glyph: icon(
      'M4 2h4.5a3.5 3.5 0 0 1 2.852 5.53A3.75 3.75 0 0 1 9.25 14H4a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1Zm1 7v3h4.25a1.5 1.5 0 0 0 0-3Zm3.5-2a1.5 1.5 0 0 0 0-3H5v3Z',
    ),
  },
  {
    kind: 'italic',
    name: 'Italic',
    key: 'I',
    glyph: icon(
      'M6 2.75A.75.75 0 0 1 6.75 2h6.5a.75.75 0 0 1 0 1.5h-2.505l-3.858 9H9.25a.75.75 0 0 1 0 1.5h-6.5a.75.75 0 0 1 0-1.5h2.505l3.858-9H6.75A.75.75 0 0 1 6 2.75Z',
    ),
  },
  {
    kind: 'code',
    name: 'Code',
    key: 'E',
    glyph: icon(
      'm11.28 3.22 4.25 4.25a.75.75 0 0 1 0 1.06l-4.25 4.25a.75.75 0 0 1-1.06-1.06L13.94 8l-3.72-3.72a.75.75 0 0 1 1.06-1.06Zm-6.56 0a.75.75 0 0 1 1.06 1.06L2.06 8l3.72 3.72a.75.75 0 0 1-1.06 1.06L.47 8.53a.75.75 0 0 1 0-1.06Z',
    ),
  },
  {
    kind: 'link',
    name: 'Link',
    key: 'K',
    glyph: icon(
      'm7.775 3.275 1.25-1.25a3.5 3.5 0 1 1 4.95 4.95l-2.5 2.5a3.5 3.5 0 0 1-4.95 0 .75.75 0 0 1 1.06-1.06 2 2 0 0 0 2.83 0l2.5-2.5a2 2 0 0 0-2.83-2.83l-1.25 1.25a.75.75 0 0 1-1.06-1.06Zm-4.69 9.64a2 2 0 0 0 2.83 0l1.25-1.25a.75.75 0 0 1 1.06 1.06l-1.25 1.25a3.5 3.5 0 1 1-4.95-4.95l2.5-2.5a3.5 3.5 0 0 1 4.95 0 .75.75 0 0 1-1.06 1.06 2 2 0 0 0-2.83 0l-2.5 2.5a2 2 0 0 0 0 2.83Z',
    ),
  },
  {
    kind: 'quote',
    name: 'Quote',
    glyph: icon(
      'M1.75 2.5h10.5a.75.75 0 0 1 0 1.5H1.75a.75.75 0 0 1 0-1.5Zm4 5h8.5a.75.75 0 0 1 0 1.5h-8.5a.75.75 0 0 1 0-1.5Zm0 5h8.5a.75.75 0 0 1 0 1.5h-8.5a.75.75 0 0 1 0-1.5ZM2.5 7.75v6a.75.75 0 0 1-1.5 0v-6a.75.75 0 0 1 1.5 0Z',
    ),
  },
  {
    kind: 'list',
    name: 'Bulleted list',
    glyph: icon(
      'M5.75 2.5h8.5a.75.75 0 0 1 0 1.5h-8.5a.75.75 0 0 1 0-1.5Zm0 5h8.5a.75.75 0 0 1 0 1.5h-8.5a.75.75 0 0 1 0-1.5Zm0 5h8.5a.75.75 0 0 1 0 1.5h-8.5a.75.75 0 0 1 0-1.5ZM2 14a1 1 0 1 1 0-2 1 1 0 0 1 0 2Zm1-6a1 1 0 1 1-2 0 1 1 0 0 1 2 0ZM2 4a1 1 0 1 1 0-2 1 1 0 0 1 0 2Z',
    ),
  },
  {
    kind: 'tasklist',
    name: 'Task list',
    glyph: icon(
      'M2.5 1.75v11.5c0 .14.11.25.25.25h3.17a.75.75 0 0 1 0 1.5H2.75A1.75 1.75 0 0 1 1 13.25V1.75C1 .78 1.78 0 2.75 0h8.5C12.22 0 13 .78 13 1.75v7.74a.75.75 0 0 1-1.5 0V1.75a.25.25 0 0 0-.25-.25h-8.5a.25.25 0 0 0-.25.25Zm13.27 9.54-4.55 4.45a.75.75 0 0 1-1.06-.01l-1.94-1.95a.75.75 0 0 1 1.06-1.06l1.42 1.43 4.03-3.94a.75.75 0 1 1 1.04 1.08ZM4.75 4h4.5a.75.75 0 0 1 0 1.5h-4.5a.75.75 0 0 1 0-1.5ZM4 7.75A.75.75 0 0 1 4.75 7h2a.75.75 0 0 1 0 1.5h-2A.75.75 0 0 1 4 7.75Z',
    ),
  },
  {
    kind: 'mention',
    name: 'Mention someone',
    glyph: icon(
      'M4.75 2.37a6.5 6.5 0 0 0 6.5 11.26.75.75 0 0 1 .75 1.3A8 8 0 0 1 .99 4.15 8 8 0 0 1 16 7.75v1.5a2.75 2.75 0 0 1-5.07 1.48 4 4 0 0 1-6.65-4.19A4 4 0 0 1 12 8v1.25a1.25 1.25 0 0 0 2.5 0V7.87a6.5 6.5 0 0 0-9.75-5.5ZM10.5 8a2.5 2.5 0 1 0-5 0 2.5 2.5 0 0 0 5 0Z',
    ),
  },
];

export function MarkdownToolbar({ label, disabled, onFormat }: { label: string; disabled?: boolean; onFormat: (kind: FormatKind) => void }) {
  return (
    <div role="toolbar" aria-label={`${label} formatting`} className="ml-auto flex flex-wrap items-center gap-0.5 pb-1">
      {BUTTONS.map((b) => {
        const name = b.key ? `${b.name} (${mod}+${b.key})` : b.name;
        return (
          <button
            key={b.kind}
            type="button"
            aria-label={name}
            title={name}
            disabled={disabled}
            // mousedown keeps the textarea's selection (and focus) for the edit.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onFormat(b.kind)}
            className="rounded p-1.5 text-gray-600 hover:bg-gray-100 hover:text-gray-900 disabled:opacity-50 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-gray-100"
          >
            {b.glyph}
          </button>
        );
      })}
    </div>
  );
}
