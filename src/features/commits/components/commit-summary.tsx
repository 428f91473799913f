// The head of a commit page: message, people, date, parents, SHA, stats and raw links.
import { Link } from 'react-router';
import { RelativeTime } from '@/components/ui/relative-time';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { apiRoot } from '@/lib/config';
import type { Commit } from '../api/commit-queries';
import { splitMessage } from '../lib/message';
import { CommitAuthor } from './commit-author';
import { CopyButton } from './copy-button';

export function CommitSummary({ owner, repo, commit }: { owner: string; repo: string; commit: Commit }) {
  const { title, body } = splitMessage(commit.commit.message);
  const author = commit.commit.author;
  const committer = commit.commit.committer;
  const sameCommitter = !committer || (committer.name === author?.name && committer.email === author?.email);
  const raw = (type: 'diff' | 'patch') => `${apiRoot()}/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/git/commits/${commit.sha}.${type}`;
  const stats = commit.stats;
  const changed = commit.files?.length;
  return (
    <div className="overflow-hidden rounded-lg border border-gray-200 dark:border-gray-800">
      <div className="space-y-3 bg-gray-50 p-4 dark:bg-gray-900">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <h1 className="min-w-0 break-words text-xl font-semibold">{title || '(no message)'}</h1>
          <Link to={paths.src.href(owner, repo, 'commit', commit.sha)} className={`${buttonClass('secondary', 'sm')} shrink-0 self-start`}>
            Browse files
          </Link>
        </div>
        {body && <pre className="whitespace-pre-wrap break-words font-mono text-sm text-gray-700 dark:text-gray-300">{body}</pre>}
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-gray-700 dark:text-gray-300">
          <CommitAuthor commit={commit} />
          <span>authored</span>
          {author?.date && <RelativeTime date={author.date} />}
          {!sameCommitter && (
            <>
              <span className="text-gray-400">·</span>
              <span>
                committed by <span className="font-medium">{commit.committer?.login || committer?.name}</span>
              </span>
              {committer?.date && <RelativeTime date={committer.date} />}
            </>
          )}
        </div>
      </div>
      <dl className="grid gap-x-6 gap-y-2 border-t border-gray-200 p-4 text-sm sm:grid-cols-[auto_1fr] dark:border-gray-800">
        <dt className="text-gray-500 dark:text-gray-400">Commit</dt>
        <dd className="flex min-w-0 items-center gap-1">
          <code className="break-all font-mono text-xs">{commit.sha}</code>
          <CopyButton value={commit.sha} label="Copy full SHA" />
        </dd>
        <dt className="text-gray-500 dark:text-gray-400">{commit.parents && commit.parents.length > 1 ? 'Parents' : 'Parent'}</dt>
        <dd className="flex flex-wrap gap-2">
          {commit.parents?.length ? (
            commit.parents.map((p) => (
              <Link key={p.sha} to={paths.commit.href(owner, repo, p.sha!)} className="font-mono text-xs text-indigo-700 hover:underline dark:text-indigo-400">
                {p.sha!.slice(0, 10)}
              </Link>
            ))
          ) : (
            <span className="text-gray-500 dark:text-gray-400">none (root commit)</span>
          )}
        </dd>
        {stats && (
          <>
            <dt className="text-gray-500 dark:text-gray-400">Changes</dt>
            <dd>
              {changed !== undefined && (
                <span>
                  {changed} {changed === 1 ? 'file' : 'files'} changed,{' '}
                </span>
              )}
              <span className="font-medium text-green-700 dark:text-green-400">+{stats.additions}</span>{' '}
              <span className="font-medium text-red-700 dark:text-red-400">−{stats.deletions}</span>
            </dd>
          </>
        )}
        <dt className="text-gray-500 dark:text-gray-400">Raw</dt>
        <dd className="flex gap-3">
          <a href={raw('diff')} className="text-indigo-700 hover:underline dark:text-indigo-400">
            .diff
          </a>
          <a href={raw('patch')} className="text-indigo-700 hover:underline dark:text-indigo-400">
            .patch
          </a>
        </dd>
      </dl>
    </div>
  );
}
