// One branch: name (link to its files), last commit, badges and the actions the viewer may take.
import { Link } from 'react-router';
import { RelativeTime } from '@/components/ui/relative-time';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import type { Branch } from '../api/branch-queries';

const badge = 'rounded-full border px-2 py-0.5 text-xs font-medium';

export function BranchRow({
  owner,
  repo,
  branch,
  isDefault,
  canRename,
  canRenameProtected,
  canDelete,
  onRename,
  onDelete,
}: {
  owner: string;
  repo: string;
  branch: Branch;
  isDefault: boolean;
  canRename: boolean;
  /** Repository admins may rename a protected branch even where they may not push. */
  canRenameProtected: boolean;
  canDelete: boolean;
  onRename: (name: string) => void;
  onDelete: (name: string) => void;
}) {
  const title = (branch.commit?.message ?? '').split('\n')[0];
  const rule = branch.effective_branch_protection_name;
  // The server's word on this branch for this viewer: a protected branch they may not push to
  // cannot be renamed (unless they administer the repository) or deleted by them either.
  const locked = branch.protected && branch.user_can_push === false;
  const lockReason = `Protected${rule ? ` by rule ${rule}` : ''}: you may not push to it`;
  const renameLocked = locked && !canRenameProtected;
  return (
    <li className="flex flex-col gap-2 px-3 py-3 sm:flex-row sm:items-center sm:gap-4">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={paths.src.href(owner, repo, 'branch', branch.name)}
            className="break-all font-mono text-sm font-semibold text-indigo-700 hover:underline dark:text-indigo-400"
          >
            {branch.name}
          </Link>
          {isDefault && <span className={`${badge} border-indigo-300 text-indigo-700 dark:border-indigo-700 dark:text-indigo-300`}>default</span>}
          {branch.protected && (
            <span
              title={rule ? `Protected by rule ${rule}` : 'Protected'}
              className={`${badge} border-amber-300 text-amber-700 dark:border-amber-700 dark:text-amber-300`}
            >
              Protected
              {rule && <span className="sr-only"> by rule {rule}</span>}
            </span>
          )}
        </div>
        {branch.commit && (
          <p className="mt-1 flex min-w-0 flex-wrap items-center gap-x-1.5 text-xs text-gray-600 dark:text-gray-400">
            <Link to={paths.commit.href(owner, repo, branch.commit.id)} className="font-mono hover:underline">
              {branch.commit.id.slice(0, 10)}
            </Link>
            <span className="min-w-0 truncate">{title}</span>
            {branch.commit.timestamp && (
              <>
                <span aria-hidden>·</span>
                <span>
                  updated <RelativeTime date={branch.commit.timestamp} />
                </span>
              </>
            )}
          </p>
        )}
        {locked && (canDelete || renameLocked) && (
          <p className="mt-1 text-xs text-amber-800 dark:text-amber-300">
            {lockReason}, so you cannot {renameLocked && canDelete ? 'rename or delete' : canDelete ? 'delete' : 'rename'} it.
          </p>
        )}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <Link
          to={paths.commits.href(owner, repo, 'branch', branch.name)}
          className="rounded-md px-2 py-1 text-xs font-medium text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800"
        >
          Commits
        </Link>
        {canRename && (
          <Button
            size="sm"
            disabled={renameLocked}
            title={renameLocked ? lockReason : undefined}
            onClick={() => onRename(branch.name)}
            aria-label={`Rename branch ${branch.name}`}
          >
            Rename
          </Button>
        )}
        {canDelete && (
          <Button
            size="sm"
            variant="ghost"
            disabled={locked}
            title={locked ? lockReason : undefined}
            className="text-red-700 disabled:opacity-50 dark:text-red-400"
            onClick={() => onDelete(branch.name)}
            aria-label={`Delete branch ${branch.name}`}
          >
            Delete
          </Button>
        )}
      </div>
    </li>
  );
}
