// The newest commit that touched the current path: author, message (links to the commit), time, History.
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { RelativeTime } from '@/components/ui/relative-time';
import { paths } from '@/lib/paths';
import type { Commit } from '../api/contents-queries';

interface Props {
  owner: string;
  repo: string;
  commit: Commit | null | undefined;
  pending: boolean;
  historyHref: string;
}

export function LatestCommitBar({ owner, repo, commit, pending, historyHref }: Props) {
  const author = commit?.author;
  const name = author?.login || commit?.commit?.author?.name || 'unknown';
  const date = commit?.commit?.committer?.date || commit?.commit?.author?.date || commit?.created;
  const title = (commit?.commit?.message ?? '').split('\n')[0];
  return (
    <div className="flex min-h-11 flex-wrap items-center gap-x-3 gap-y-1 rounded-t-lg border border-gray-200 bg-gray-50 px-3 py-2 text-sm dark:border-gray-800 dark:bg-gray-900">
      {commit ? (
        <>
          <span className="flex min-w-48 flex-1 items-center gap-2">
            <Avatar src={author?.avatar_url} name={name} size={20} />
            {author?.login ? (
              <Link to={paths.user.href(author.login)} className="shrink-0 font-semibold hover:underline">
                {name}
              </Link>
            ) : (
              <span className="shrink-0 font-semibold">{name}</span>
            )}
            <Link
              to={paths.commit.href(owner, repo, commit.sha!)}
              className="truncate text-gray-700 hover:text-indigo-600 hover:underline dark:text-gray-300 dark:hover:text-indigo-400"
              title={commit.commit?.message}
            >
              {title}
            </Link>
          </span>
          <span className="flex items-center gap-3 text-xs text-gray-500 dark:text-gray-400">
            <Link to={paths.commit.href(owner, repo, commit.sha!)} className="font-mono hover:underline" aria-label={`Commit ${commit.sha!.slice(0, 10)}`}>
              {commit.sha!.slice(0, 10)}
            </Link>
            {date && <RelativeTime date={date} />}
            <HistoryLink href={historyHref} />
          </span>
        </>
      ) : (
        <>
          <span className="flex-1 text-gray-500 dark:text-gray-400">{pending ? 'Loading the latest commit…' : ''}</span>
          <HistoryLink href={historyHref} />
        </>
      )}
    </div>
  );
}

function HistoryLink({ href }: { href: string }) {
  return (
    <Link
      to={href}
      className="inline-flex items-center gap-1 text-xs font-medium text-gray-700 hover:text-indigo-600 dark:text-gray-300 dark:hover:text-indigo-400"
    >
      <svg aria-hidden viewBox="0 0 16 16" width="14" height="14" fill="currentColor">
        <path d="m.427 1.927 1.215 1.215a8.002 8.002 0 1 1-1.6 5.685.75.75 0 1 1 1.493-.154 6.5 6.5 0 1 0 1.18-4.458l1.358 1.358A.25.25 0 0 1 3.896 6H.25A.25.25 0 0 1 0 5.75V2.104a.25.25 0 0 1 .427-.177ZM7.75 4a.75.75 0 0 1 .75.75v2.992l2.028.812a.75.75 0 0 1-.557 1.392l-2.5-1A.751.751 0 0 1 7 8.25v-3.5A.75.75 0 0 1 7.75 4Z" />
      </svg>
      History
    </Link>
  );
}
