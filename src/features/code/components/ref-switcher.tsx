// Switch the branch or tag being browsed: a button opening a popover with a filter box and
// Branches/Tags tabs. Keyboard: Enter in the filter box opens the first match (marked), arrows move
// through the filter box and the list, Escape closes and returns focus to the button.
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { RefKind } from '@/lib/paths';

interface Props {
  kind: RefKind;
  current: string;
  branches: string[];
  tags: string[];
  defaultBranch: string;
  /** Where a ref leads (usually the same path at that ref). */
  hrefFor: (kind: 'branch' | 'tag', name: string) => string;
}

export function RefSwitcher({ kind, current, branches, tags, defaultBranch, hrefFor }: Props) {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<'branch' | 'tag'>(kind === 'tag' ? 'tag' : 'branch');
  const [filter, setFilter] = useState('');
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const id = useId();
  const navigate = useNavigate();

  const close = () => {
    setOpen(false);
    setFilter('');
    button.current?.focus();
  };
  const names = (tab === 'branch' ? branches : tags).filter((n) => n.toLowerCase().includes(filter.trim().toLowerCase()));
  const label = kind === 'commit' ? current.slice(0, 10) : current;

  const links = () => Array.from(list.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
      return;
    }
    if (e.key === 'Enter' && (e.target as HTMLElement).id === `${id}-filter`) {
      e.preventDefault();
      if (!names.length) return;
      setOpen(false);
      setFilter('');
      navigate(hrefFor(tab, names[0]));
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const items = links();
    if (!items.length) return;
    e.preventDefault();
    const at = items.indexOf(document.activeElement as HTMLAnchorElement);
    const next = e.key === 'ArrowDown' ? Math.min(at + 1, items.length - 1) : at - 1;
    if (next < 0) document.getElementById(`${id}-filter`)?.focus();
    else items[next].focus();
  };

  const tabCls = (on: boolean) =>
    `flex-1 border-b-2 px-3 py-1.5 text-xs font-medium ${on ? 'border-indigo-500 text-gray-900 dark:text-gray-100' : 'border-transparent text-gray-500 hover:text-gray-800 dark:text-gray-400 dark:hover:text-gray-200'}`;

  return (
    <div className="relative" onKeyDown={open ? onKeyDown : undefined}>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        // The visible name first (WCAG 2.5.3), as the user menu: "main — switch branch or tag (current branch: main)".
        aria-label={`${label} — switch branch or tag (current ${kind}: ${current})`}
        onClick={() => (open ? close() : setOpen(true))}
        className="inline-flex max-w-56 items-center gap-1.5 rounded-md border border-gray-300 bg-white px-2.5 py-1.5 text-sm font-medium hover:bg-gray-50 dark:border-gray-700 dark:bg-gray-900 dark:hover:bg-gray-800"
      >
        <svg aria-hidden viewBox="0 0 16 16" width="14" height="14" fill="currentColor" className="shrink-0 text-gray-500">
          {kind === 'tag' ? (
            <path d="M1 7.775V2.75C1 1.784 1.784 1 2.75 1h5.025c.464 0 .91.184 1.238.513l6.25 6.25a1.75 1.75 0 0 1 0 2.474l-5.026 5.026a1.75 1.75 0 0 1-2.474 0l-6.25-6.25A1.752 1.752 0 0 1 1 7.775Zm1.5 0c0 .066.026.13.073.177l6.25 6.25a.25.25 0 0 0 .354 0l5.025-5.025a.25.25 0 0 0 0-.354l-6.25-6.25a.25.25 0 0 0-.177-.073H2.75a.25.25 0 0 0-.25.25ZM6 5a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z" />
          ) : (
            <path d="M9.5 3.25a2.25 2.25 0 1 1 3 2.122V6A2.5 2.5 0 0 1 10 8.5H6a1 1 0 0 0-1 1v1.128a2.251 2.251 0 1 1-1.5 0V5.372a2.25 2.25 0 1 1 1.5 0v1.836A2.493 2.493 0 0 1 6 7h4a1 1 0 0 0 1-1v-.628A2.25 2.25 0 0 1 9.5 3.25Zm-6 0a.75.75 0 1 0 1.5 0 .75.75 0 0 0-1.5 0Zm8.25-.75a.75.75 0 1 0 0 1.5.75.75 0 0 0 0-1.5ZM4.25 12a.75.75 0 1 0 0 1.5.75.75 0 0 0 0-1.5Z" />
          )}
        </svg>
        <span className={`truncate ${kind === 'commit' ? 'font-mono' : ''}`}>{label}</span>
        {/* A drawn chevron, not a "▾" character: text in the button must be part of its name (WCAG 2.5.3). */}
        <svg aria-hidden viewBox="0 0 16 16" width="12" height="12" className="shrink-0 fill-current text-gray-400">
          <path d="M4.427 7.427l3.396 3.396a.25.25 0 0 0 .354 0l3.396-3.396A.25.25 0 0 0 11.396 7H4.604a.25.25 0 0 0-.177.427Z" />
        </svg>
      </button>
      {open && (
        <>
          <div className="fixed inset-0 z-10" onClick={close} aria-hidden />
          <div
            role="dialog"
            aria-label="Switch branch or tag"
            className="absolute left-0 z-20 mt-1 w-72 max-w-[calc(100vw-1.5rem)] overflow-hidden rounded-md border border-gray-200 bg-white text-gray-900 shadow-lg dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
          >
            <div className="border-b border-gray-200 p-2 dark:border-gray-700">
              <label htmlFor={`${id}-filter`} className="sr-only">
                Filter branches and tags
              </label>
              <input
                id={`${id}-filter`}
                autoFocus
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
                placeholder={tab === 'branch' ? 'Filter branches…' : 'Filter tags…'}
                className="block w-full rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm focus:border-indigo-500 focus:outline-none dark:border-gray-600 dark:bg-gray-950"
              />
            </div>
            <div role="tablist" aria-label="Reference type" className="flex border-b border-gray-200 dark:border-gray-700">
              <button
                type="button"
                role="tab"
                aria-selected={tab === 'branch'}
                aria-controls={`${id}-list`}
                className={tabCls(tab === 'branch')}
                onClick={() => setTab('branch')}
              >
                Branches
              </button>
              <button
                type="button"
                role="tab"
                aria-selected={tab === 'tag'}
                aria-controls={`${id}-list`}
                className={tabCls(tab === 'tag')}
                onClick={() => setTab('tag')}
              >
                Tags
              </button>
            </div>
            <div role="tabpanel" id={`${id}-list`} className="max-h-72 overflow-y-auto py-1">
              {names.length === 0 ? (
                <p className="px-3 py-2 text-sm text-gray-500 dark:text-gray-400">{tab === 'branch' ? 'No branches found' : 'No tags found'}</p>
              ) : (
                <ul ref={list} aria-label={tab === 'branch' ? 'Branches' : 'Tags'}>
                  {names.map((name, i) => {
                    const on = kind === tab && name === current;
                    // What Enter in the filter box opens, shown while a filter is typed.
                    const first = i === 0 && filter.trim() !== '';
                    return (
                      <li key={name}>
                        <Link
                          to={hrefFor(tab, name)}
                          onClick={() => {
                            setOpen(false);
                            setFilter('');
                          }}
                          aria-current={on ? 'true' : undefined}
                          className={`flex items-center gap-2 px-3 py-1.5 text-sm hover:bg-gray-100 focus:bg-gray-100 focus:outline-none dark:hover:bg-gray-800 dark:focus:bg-gray-800 ${first ? 'bg-gray-50 dark:bg-gray-800/60' : ''}`}
                        >
                          <span aria-hidden className="w-3 text-indigo-600 dark:text-indigo-400">
                            {on ? '✓' : ''}
                          </span>
                          <span className="truncate">{name}</span>
                          {tab === 'branch' && name === defaultBranch && (
                            <span className="ml-auto rounded-full border border-gray-300 px-1.5 text-[10px] text-gray-500 dark:border-gray-600 dark:text-gray-400">
                              default
                            </span>
                          )}
                          {first && (
                            <kbd
                              aria-hidden
                              className={`${tab === 'branch' && name === defaultBranch ? '' : 'ml-auto'} text-[10px] text-gray-500 dark:text-gray-400`}
                            >
                              Enter ↵
                            </kbd>
                          )}
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              )}
            </div>
          </div>
        </>
      )}
    </div>
  );
}
