// On a fork's code page: how the current branch stands against the parent's branch of the same
// name ("N commits ahead of, M commits behind owner/repo:main"), with "Sync with upstream" for
// those who may push when it is behind and "Contribute" (a pull request to the parent) when ahead.
// Nothing shows when the parent has no such branch.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { ErrorNotice } from '@/components/ui/error-notice';
import { paths } from '@/lib/paths';
import { forkQueries, headRef, type Repository } from '../api/fork-queries';
import { useMergeUpstream, type MergeType } from '../api/use-merge-upstream';

const commits = (n: number) => `${n} ${n === 1 ? 'commit' : 'commits'}`;

/** The sentence before the upstream's name: "This branch is 2 commits ahead of, 1 commit behind". */
function divergencePrefix(ahead: number, behind: number) {
  if (!ahead && !behind) return 'This branch is up to date with';
  if (ahead && behind) return `This branch is ${commits(ahead)} ahead of, ${commits(behind)} behind`;
  return ahead ? `This branch is ${commits(ahead)} ahead of` : `This branch is ${commits(behind)} behind`;
}

function syncedText(type: MergeType, branch: string, upstream: string) {
  if (type === 'fast-forward') return `Synced: ${branch} was fast-forwarded to ${upstream}.`;
  if (type === 'merge') return `Synced: ${upstream} was merged into ${branch} with a merge commit.`;
  // Gitea's newer servers say "up-to-date"; the spec names it "already-up-to-date".
  if (type === 'up-to-date' || type === 'already-up-to-date') return `${branch} was already up to date with ${upstream}.`;
  return `Synced ${branch} with ${upstream} (${type}).`;
}

export function UpstreamBanner({ fork, parent, branch }: { fork: Repository; parent: Repository; branch: string }) {
  const divergence = useQuery(forkQueries.divergence(fork, parent, branch));
  const sync = useMergeUpstream(fork.owner.login, fork.name);
  if (!divergence.data) return null;
  const { ahead, behind } = divergence.data;
  const upstream = `${parent.full_name}:${branch}`;
  const canSync = !!fork.permissions?.push && !fork.archived && behind > 0;
  return (
    <section
      aria-label="Upstream"
      className="mb-3 space-y-2 rounded-lg border border-gray-200 bg-gray-50 px-3 py-2 text-sm dark:border-gray-800 dark:bg-gray-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p>
          {divergencePrefix(ahead, behind)}{' '}
          <Link
            className="font-mono text-indigo-700 hover:underline dark:text-indigo-400"
            to={paths.src.href(parent.owner.login, parent.name, 'branch', branch)}
          >
            {upstream}
          </Link>
          .
        </p>
        <div className="flex flex-wrap gap-2">
          {ahead > 0 && (
            <Link className={buttonClass('secondary', 'sm')} to={paths.compare.href(parent.owner.login, parent.name, branch, headRef(parent, fork, branch))}>
              Contribute
            </Link>
          )}
          {canSync && (
            <Button size="sm" variant="primary" disabled={sync.isPending} onClick={() => sync.mutate({ branch })}>
              {sync.isPending ? 'Syncing…' : 'Sync with upstream'}
            </Button>
          )}
        </div>
      </div>
      {sync.isSuccess && (
        <p role="status" className="text-green-700 dark:text-green-400">
          {syncedText(sync.data, branch, upstream)}
        </p>
      )}
      <ErrorNotice error={sync.error} />
    </section>
  );
}
