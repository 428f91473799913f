// One commit in a history list: title (link), expandable body, author, time, SHA and browse link.
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { RelativeTime } from '@/components/ui/relative-time';
import { paths } from '@/lib/paths';
import type { Commit } from '../api/commit-queries';
import { commitDate } from '../lib/group-by-day';
import { splitMessage } from '../lib/message';
import { CommitAuthor } from './commit-author';
import { CopyButton } from './copy-button';

export function CommitRow({ owner, repo, commit }: { owner: string; repo: string; commit: Commit }) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const { title, body } = splitMessage(commit.commit.message);
  const date = commitDate(commit);
  return (
    <li className="flex flex-col gap-2 px-3 py-2.5 sm:flex-row sm:items-start sm:gap-4">
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-1.5">
          <Link
            to={paths.commit.href(owner, repo, commit.sha)}
            className="min-w-0 break-words font-medium hover:text-indigo-600 hover:underline dark:hover:text-indigo-400"
          >
            {title || '(no message)'}
          </Link>
          {body && (
            <button
              type="button"
              aria-expanded={open}
              aria-controls={bodyId}
              aria-label={open ? 'Hide commit message body' : 'Show commit message body'}
              onClick={() => setOpen((o) => !o)}
              className="shrink-0 rounded bg-gray-100 px-1.5 text-xs leading-5 text-gray-600 hover:bg-gray-200 dark:bg-gray-800 dark:text-gray-300 dark:hover:bg-gray-700"
            >
              …
            </button>
          )}
        </div>
        {body && open && (
          <pre id={bodyId} className="mt-2 whitespace-pre-wrap break-words font-mono text-xs text-gray-700 dark:text-gray-300">
            {body}
          </pre>
        )}
        <div className="mt-1 flex flex-wrap items-center gap-x-1.5 text-xs text-gray-600 dark:text-gray-400">
          <CommitAuthor commit={commit} size={16} />
          <span>committed</span>
          {date && <RelativeTime date={date} />}
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-1">
        <span className="inline-flex items-center rounded-md border border-gray-300 dark:border-gray-700">
          <Link
            to={paths.commit.href(owner, repo, commit.sha)}
            className="px-2 py-0.5 font-mono text-xs text-gray-700 hover:text-indigo-600 dark:text-gray-300 dark:hover:text-indigo-400"
            aria-label={`Commit ${commit.sha.slice(0, 10)}`}
          >
            {commit.sha.slice(0, 10)}
          </Link>
          <CopyButton value={commit.sha} label="Copy full SHA" className="border-l border-gray-300 dark:border-gray-700" />
        </span>
        <Link
          to={paths.src.href(owner, repo, 'commit', commit.sha)}
          aria-label="Browse files at this commit"
          title="Browse files at this commit"
          className="rounded-md border border-gray-300 px-2 py-0.5 font-mono text-xs text-gray-600 hover:bg-gray-50 dark:border-gray-700 dark:text-gray-300 dark:hover:bg-gray-800"
        >
          &lt;&gt;
        </Link>
      </div>
    </li>
  );
}
