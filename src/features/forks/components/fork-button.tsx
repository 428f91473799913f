// Fork on the repository header: the button and the fork count beside it (the count opens the
// forks list). Signed in, the button opens the fork form; when the viewer already has a fork it
// opens a small menu offering that fork first, as GitHub does. Signed out, only the count shows.
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/lib/auth-store';
import { paths } from '@/lib/paths';
import { forkQueries, type Repository } from '../api/fork-queries';

const forkIcon =
  'M5 5.372v.878c0 .414.336.75.75.75h4.5a.75.75 0 0 0 .75-.75v-.878a2.25 2.25 0 1 1 1.5 0v.878a2.25 2.25 0 0 1-2.25 2.25h-1.5v2.128a2.251 2.251 0 1 1-1.5 0V8.5h-1.5A2.25 2.25 0 0 1 3.5 6.25v-.878a2.25 2.25 0 1 1 1.5 0ZM5 3.25a.75.75 0 1 0-1.5 0 .75.75 0 0 0 1.5 0Zm6.75.75a.75.75 0 1 0 0-1.5.75.75 0 0 0 0 1.5Zm-3 8.75a.75.75 0 1 0-1.5 0 .75.75 0 0 0 1.5 0Z';

export function ForkIcon() {
  return (
    <svg aria-hidden viewBox="0 0 16 16" width="12" height="12" fill="currentColor" className="shrink-0 text-gray-500">
      <path d={forkIcon} />
    </svg>
  );
}

const half = 'flex items-center gap-1 px-2 py-1';
const action = `${half} font-medium hover:bg-gray-50 dark:hover:bg-gray-800`;
const countCls =
  'flex items-center border-l border-gray-300 bg-gray-50 px-2 font-semibold hover:text-indigo-700 dark:border-gray-700 dark:bg-gray-800 dark:hover:text-indigo-400';
const menuItem = 'block rounded px-2 py-1.5 text-sm hover:bg-gray-100 dark:hover:bg-gray-800';

export function ForkButton({ repo }: { repo: Repository }) {
  const owner = repo.owner.login;
  const session = useSession();
  // Forking needs the code; an empty repository has none to copy (Gitea hides the button too).
  const canFork = !!session && !!repo.permissions?.pull && !repo.empty;
  const mine = useQuery({ ...forkQueries.ownedBy(owner, repo.name, session?.login ?? ''), enabled: canFork });
  const myFork = mine.data && mine.data.id !== repo.id ? mine.data : null;
  const count = (
    <Link
      to={paths.forks.href(owner, repo.name)}
      className={countCls}
      aria-label={`${repo.forks_count} ${repo.forks_count === 1 ? 'fork' : 'forks'}, see forks`}
    >
      {repo.forks_count}
    </Link>
  );
  return (
    <div className="flex items-stretch rounded-md border border-gray-300 text-xs dark:border-gray-700">
      {!canFork ? (
        <span className={half}>
          <ForkIcon />
          Forks
        </span>
      ) : myFork ? (
        <ForkMenu repo={repo} myFork={myFork} />
      ) : (
        <Link to={paths.newFork.href(owner, repo.name)} className={`${action} rounded-l-md`}>
          <ForkIcon />
          Fork
        </Link>
      )}
      {count}
    </div>
  );
}

function ForkMenu({ repo, myFork }: { repo: Repository; myFork: Repository }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div ref={root} className="relative flex">
      <button
        ref={button}
        type="button"
        className={`${action} rounded-l-md`}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <ForkIcon />
        Fork
        <svg viewBox="0 0 16 16" width="10" height="10" aria-hidden className="fill-current">
          <path d="M4.427 7.427l3.396 3.396a.25.25 0 0 0 .354 0l3.396-3.396A.25.25 0 0 0 11.396 7H4.604a.25.25 0 0 0-.177.427Z" />
        </svg>
      </button>
      {open && (
        <div
          id={menuId}
          className="absolute top-full right-0 z-30 mt-1 w-64 rounded-md border border-gray-200 bg-white p-2 shadow-lg dark:border-gray-700 dark:bg-gray-900"
        >
          <p className="px-2 pb-1 text-xs font-semibold text-gray-600 dark:text-gray-400">Your existing fork</p>
          <Link
            to={paths.repo.href(myFork.owner.login, myFork.name)}
            className={`${menuItem} font-mono break-all text-indigo-700 dark:text-indigo-400`}
            onClick={() => setOpen(false)}
          >
            {myFork.full_name}
          </Link>
          <div className="my-1 border-t border-gray-200 dark:border-gray-700" />
          <Link to={paths.newFork.href(repo.owner.login, repo.name)} className={menuItem} onClick={() => setOpen(false)}>
            Create a new fork
          </Link>
        </div>
      )}
    </div>
  );
}
