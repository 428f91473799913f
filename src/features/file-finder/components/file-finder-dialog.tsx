// "Go to file": a dialog over every file of the current ref. Typing filters with fuzzy matching
// (matched characters in bold), arrow keys move, Enter opens the file; Escape closes.
import { useDeferredValue, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Dialog } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api/api-error';
import { treeQueries } from '../api/tree-queries';
import { fuzzyFilter, type FuzzyMatch } from '../lib/fuzzy';

interface FileFinderProps {
  owner: string;
  repo: string;
  /** Branch, tag or commit SHA whose tree is searched. */
  refName: string;
  open: boolean;
  onClose: () => void;
  /** The file page of a path. */
  hrefFor: (path: string) => string;
}

const LIMIT = 50;

export function FileFinderDialog(props: FileFinderProps) {
  return (
    <Dialog open={props.open} onClose={props.onClose} title="Go to file">
      {props.open && <Finder {...props} />}
    </Dialog>
  );
}

function Finder({ owner, repo, refName, onClose, hrefFor }: FileFinderProps) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const deferred = useDeferredValue(query);
  const tree = useQuery(treeQueries.files(owner, repo, refName));
  const matches = useMemo(() => (tree.data ? fuzzyFilter(deferred, tree.data.files, LIMIT) : []), [tree.data, deferred]);
  const navigate = useNavigate();
  const listId = useId();
  const current = Math.min(active, Math.max(matches.length - 1, 0));

  const open = (m: FuzzyMatch | undefined) => {
    if (!m) return;
    onClose();
    navigate(hrefFor(m.path));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || (e.key === 'n' && e.ctrlKey)) {
      e.preventDefault();
      setActive(Math.min(current + 1, matches.length - 1));
    } else if (e.key === 'ArrowUp' || (e.key === 'p' && e.ctrlKey)) {
      e.preventDefault();
      setActive(Math.max(current - 1, 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      open(matches[current]);
    }
  };

  return (
    <div>
      <p className="-mt-2 mb-2 text-xs text-gray-600 dark:text-gray-400">
        In{' '}
        <span className="font-mono">
          {owner}/{repo}
        </span>{' '}
        at <span className="font-mono">{refName}</span>
      </p>
      <input
        autoFocus
        role="combobox"
        aria-label="Find a file"
        aria-expanded
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={matches[current] ? `${listId}-${current}` : undefined}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        placeholder="Type a file name…"
        className="w-full rounded-md border border-gray-300 bg-white px-3 py-2 font-mono text-sm focus:border-indigo-500 focus:outline-none dark:border-gray-700 dark:bg-gray-950"
      />
      {tree.isPending && <p className="mt-3 text-sm text-gray-600 dark:text-gray-400">Loading files…</p>}
      {tree.isError && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          Could not list the files: {errorMessage(tree.error)}
        </p>
      )}
      {tree.data && (
        <>
          <ul
            id={listId}
            role="listbox"
            aria-label="Matching files"
            className="mt-2 max-h-[50vh] overflow-y-auto rounded-md border border-gray-200 dark:border-gray-800"
          >
            {matches.map((m, i) => (
              <li
                key={m.path}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === current}
                className={`border-b border-gray-100 last:border-0 dark:border-gray-800 ${i === current ? 'bg-indigo-50 dark:bg-indigo-950/60' : ''}`}
                onMouseMove={() => i !== current && setActive(i)}
              >
                <Link
                  to={hrefFor(m.path)}
                  tabIndex={-1}
                  onClick={onClose}
                  className="block truncate px-3 py-1.5 font-mono text-sm text-gray-800 dark:text-gray-200"
                >
                  <Highlighted match={m} />
                </Link>
              </li>
            ))}
          </ul>
          {matches.length === 0 && <p className="mt-3 text-sm text-gray-600 dark:text-gray-400">No file matches “{deferred}”.</p>}
          <p className="mt-2 text-xs text-gray-600 dark:text-gray-400">
            {tree.data.files.length.toLocaleString()} files{tree.data.truncated ? ' (the tree is too big to search whole)' : ''} · ↑ ↓ to move, Enter to open,
            Esc to close
          </p>
        </>
      )}
    </div>
  );
}

function Highlighted({ match }: { match: FuzzyMatch }) {
  const hit = new Set(match.indices);
  const parts: { text: string; on: boolean }[] = [];
  for (let i = 0; i < match.path.length; i++) {
    const on = hit.has(i);
    const last = parts[parts.length - 1];
    if (last && last.on === on) last.text += match.path[i];
    else parts.push({ text: match.path[i]!, on });
  }
  return (
    <>
      {parts.map((p, i) =>
        p.on ? (
          <mark key={i} className="bg-transparent font-bold text-indigo-700 dark:text-indigo-300">
            {p.text}
          </mark>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}
