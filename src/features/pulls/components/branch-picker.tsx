// Picks one side of a comparison: a button showing "base: main" that opens a filterable list, with
// Branches and Tags tabs when tags are given (as the branch/tag switcher of the code view). A name
// typed that is not listed (the lists hold one page) or a commit SHA can still be used with Enter.
// Keyboard: arrows move between the filter box and the list, Escape closes and returns to the button.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { inputClass } from '@/components/ui/field';
import { BranchIcon, Octicon } from '@/components/ui/octicons';

export type PickedKind = 'branch' | 'tag' | 'commit';

export interface BranchPickerProps {
  /** "base" or "compare": what the button says before the name. */
  label: string;
  value: string;
  branches: string[];
  /** Offered on a second tab when given. */
  tags?: string[];
  /** What `value` names, for its icon (a full SHA is also shortened). */
  kind?: PickedKind;
  onChange: (ref: string) => void;
  /** Shown instead of a name while none is chosen. */
  placeholder?: string;
}

export function BranchPicker({ label, value, branches, tags, kind = 'branch', onChange, placeholder = 'choose a branch' }: BranchPickerProps) {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<'branch' | 'tag'>(kind === 'tag' && tags ? 'tag' : 'branch');
  const [q, setQ] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const listId = useId();
  const inputId = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const names = tab === 'tag' ? (tags ?? []) : branches;
  const needle = q.trim().toLowerCase();
  const shown = names.filter((b) => b.toLowerCase().includes(needle)).slice(0, 100);
  const typed = q.trim();
  const listed = [...branches, ...(tags ?? [])].some((b) => b.toLowerCase() === needle);
  const pick = (b: string) => {
    setOpen(false);
    setQ('');
    button.current?.focus();
    if (b !== value) onChange(b);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (e.key === 'Enter' && typed && (e.target as HTMLElement).id === inputId) {
      e.preventDefault();
      pick(names.find((b) => b.toLowerCase() === needle) ?? (shown.length === 1 ? shown[0]! : typed));
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      const items = Array.from(list.current?.querySelectorAll<HTMLButtonElement>('button') ?? []);
      if (!items.length) return;
      e.preventDefault();
      const at = items.indexOf(document.activeElement as HTMLButtonElement);
      const next = e.key === 'ArrowDown' ? Math.min(at + 1, items.length - 1) : at - 1;
      if (next < 0) document.getElementById(inputId)?.focus();
      else items[next]!.focus();
    }
  };

  const what = tags ? 'branch or tag' : 'branch';
  const shortSha = kind === 'commit' && /^[0-9a-f]{40}$/i.test(value);
  const tabCls = (on: boolean) =>
    `flex-1 border-b-2 px-3 py-1.5 text-xs font-medium ${on ? 'border-indigo-500 text-gray-900 dark:text-gray-100' : 'border-transparent text-gray-600 hover:text-gray-800 dark:text-gray-400 dark:hover:text-gray-200'}`;

  return (
    <div ref={root} className="relative min-w-0">
      <button
        ref={button}
        type="button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        title={shortSha ? value : undefined}
        onClick={() => setOpen((o) => !o)}
        className="flex max-w-full min-w-0 items-center gap-1.5 rounded-md border border-gray-300 bg-white px-2.5 py-1.5 text-sm hover:bg-gray-50 dark:border-gray-700 dark:bg-gray-900 dark:hover:bg-gray-800"
      >
        <KindIcon kind={value ? kind : 'branch'} />
        <span className="text-gray-600 dark:text-gray-400">{label}:</span>
        <span className={`truncate font-mono font-semibold ${value ? '' : 'text-gray-500 italic dark:text-gray-400'}`}>
          {value ? (shortSha ? value.slice(0, 10) : value) : placeholder}
        </span>
        <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden className="shrink-0 fill-current">
          <path d="M4.427 7.427l3.396 3.396a.25.25 0 0 0 .354 0l3.396-3.396A.25.25 0 0 0 11.396 7H4.604a.25.25 0 0 0-.177.427Z" />
        </svg>
      </button>
      {open && (
        <div
          id={listId}
          className="absolute left-0 z-30 mt-1 w-72 max-w-[calc(100vw-2rem)] rounded-md border border-gray-200 bg-white p-2 shadow-lg dark:border-gray-700 dark:bg-gray-900"
          onKeyDown={onKey}
        >
          <label htmlFor={inputId} className="sr-only">
            Find a {label} {what}
          </label>
          <input
            id={inputId}
            autoFocus
            className={inputClass}
            placeholder={tags ? 'Find a branch or tag, or paste a SHA…' : 'Find a branch…'}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
          {tags && (
            <div role="tablist" aria-label="Reference type" className="mt-2 flex border-b border-gray-200 dark:border-gray-700">
              <button type="button" role="tab" aria-selected={tab === 'branch'} className={tabCls(tab === 'branch')} onClick={() => setTab('branch')}>
                Branches
              </button>
              <button type="button" role="tab" aria-selected={tab === 'tag'} className={tabCls(tab === 'tag')} onClick={() => setTab('tag')}>
                Tags
              </button>
            </div>
          )}
          <ul ref={list} aria-label={`${label} ${tab === 'tag' ? 'tags' : 'branches'}`} className="mt-2 max-h-64 overflow-auto">
            {shown.map((b) => {
              const on = b === value && (kind === tab || !tags);
              return (
                <li key={b}>
                  <button
                    type="button"
                    aria-current={on ? 'true' : undefined}
                    onClick={() => pick(b)}
                    className={`flex w-full items-center gap-2 rounded px-2 py-1 text-left font-mono text-sm hover:bg-gray-100 focus:bg-gray-100 focus:outline-none dark:hover:bg-gray-800 dark:focus:bg-gray-800 ${on ? 'font-semibold' : ''}`}
                  >
                    <span className="w-3 shrink-0 text-indigo-600 dark:text-indigo-400" aria-hidden>
                      {on ? '✓' : ''}
                    </span>
                    <span className="truncate">{b}</span>
                  </button>
                </li>
              );
            })}
            {typed && !listed && (
              <li>
                <button
                  type="button"
                  onClick={() => pick(typed)}
                  className="w-full rounded px-2 py-1 text-left text-sm hover:bg-gray-100 focus:bg-gray-100 focus:outline-none dark:hover:bg-gray-800 dark:focus:bg-gray-800"
                >
                  Use <span className="font-mono font-semibold">{typed}</span>
                </button>
              </li>
            )}
            {!typed && shown.length === 0 && (
              <li className="px-2 py-1 text-sm text-gray-600 dark:text-gray-400">{tab === 'tag' ? 'No tags.' : 'No branches.'}</li>
            )}
          </ul>
        </div>
      )}
    </div>
  );
}

function KindIcon({ kind }: { kind: PickedKind }) {
  if (kind === 'branch') return <BranchIcon className="text-gray-500" />;
  return (
    <Octicon className="fill-current text-gray-500">
      {kind === 'tag' ? (
        <path d="M1 7.775V2.75C1 1.784 1.784 1 2.75 1h5.025c.464 0 .91.184 1.238.513l6.25 6.25a1.75 1.75 0 0 1 0 2.474l-5.026 5.026a1.75 1.75 0 0 1-2.474 0l-6.25-6.25A1.752 1.752 0 0 1 1 7.775Zm1.5 0c0 .066.026.13.073.177l6.25 6.25a.25.25 0 0 0 .354 0l5.025-5.025a.25.25 0 0 0 0-.354l-6.25-6.25a.25.25 0 0 0-.177-.073H2.75a.25.25 0 0 0-.25.25ZM6 5a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z" />
      ) : (
        <path d="M11.93 8.5a4.002 4.002 0 0 1-7.86 0H.75a.75.75 0 0 1 0-1.5h3.32a4.002 4.002 0 0 1 7.86 0h3.32a.75.75 0 0 1 0 1.5Zm-1.43-.75a2.5 2.5 0 1 0-5 0 2.5 2.5 0 0 0 5 0Z" />
      )}
    </Octicon>
  );
}
