// Picks one branch: a button showing "base: main" that opens a filterable list. A name typed that
// is not listed (the list holds one page of branches) can still be used with Enter.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { inputClass } from '@/components/ui/field';
import { BranchIcon } from '@/components/ui/octicons';

export interface BranchPickerProps {
  /** "base" or "compare": what the button says before the name. */
  label: string;
  value: string;
  branches: string[];
  onChange: (branch: string) => void;
  /** Shown instead of a name while none is chosen. */
  placeholder?: string;
}

export function BranchPicker({ label, value, branches, onChange, placeholder = 'choose a branch' }: BranchPickerProps) {
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
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

  const needle = q.trim().toLowerCase();
  const shown = branches.filter((b) => b.toLowerCase().includes(needle)).slice(0, 100);
  const typed = q.trim();
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
    } else if (e.key === 'Enter' && typed) {
      e.preventDefault();
      pick(branches.find((b) => b.toLowerCase() === needle) ?? (shown.length === 1 ? shown[0]! : typed));
    }
  };

  return (
    <div ref={root} className="relative min-w-0">
      <button
        ref={button}
        type="button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen((o) => !o)}
        className="flex max-w-full min-w-0 items-center gap-1.5 rounded-md border border-gray-300 bg-white px-2.5 py-1.5 text-sm hover:bg-gray-50 dark:border-gray-700 dark:bg-gray-900 dark:hover:bg-gray-800"
      >
        <BranchIcon className="text-gray-500" />
        <span className="text-gray-600 dark:text-gray-400">{label}:</span>
        <span className={`truncate font-mono font-semibold ${value ? '' : 'text-gray-500 italic dark:text-gray-400'}`}>{value || placeholder}</span>
        <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden className="shrink-0 fill-current">
          <path d="M4.427 7.427l3.396 3.396a.25.25 0 0 0 .354 0l3.396-3.396A.25.25 0 0 0 11.396 7H4.604a.25.25 0 0 0-.177.427Z" />
        </svg>
      </button>
      {open && (
        <div id={listId} className="absolute left-0 z-30 mt-1 w-72 max-w-[calc(100vw-2rem)] rounded-md border border-gray-200 bg-white p-2 shadow-lg dark:border-gray-700 dark:bg-gray-900" onKeyDown={onKey}>
          <label htmlFor={inputId} className="sr-only">
            Find a {label} branch
          </label>
          <input id={inputId} autoFocus className={inputClass} placeholder="Find a branch…" value={q} onChange={(e) => setQ(e.target.value)} autoComplete="off" spellCheck={false} />
          <ul aria-label={`${label} branches`} className="mt-2 max-h-64 overflow-auto">
            {shown.map((b) => (
              <li key={b}>
                <button
                  type="button"
                  aria-current={b === value ? 'true' : undefined}
                  onClick={() => pick(b)}
                  className={`flex w-full items-center gap-2 rounded px-2 py-1 text-left font-mono text-sm hover:bg-gray-100 dark:hover:bg-gray-800 ${b === value ? 'font-semibold' : ''}`}
                >
                  <span className="w-3 shrink-0 text-indigo-600 dark:text-indigo-400" aria-hidden>
                    {b === value ? '✓' : ''}
                  </span>
                  <span className="truncate">{b}</span>
                </button>
              </li>
            ))}
            {typed && !branches.some((b) => b.toLowerCase() === needle) && (
              <li>
                <button type="button" onClick={() => pick(typed)} className="w-full rounded px-2 py-1 text-left text-sm hover:bg-gray-100 dark:hover:bg-gray-800">
                  Use <span className="font-mono font-semibold">{typed}</span>
                </button>
              </li>
            )}
            {!typed && shown.length === 0 && <li className="px-2 py-1 text-sm text-gray-500">No branches.</li>}
          </ul>
        </div>
      )}
    </div>
  );
}
