// What the editing pages (_edit, _new, _upload, _delete) share: which part of the URL is the
// branch (names may hold slashes: the longest known branch wins, as on the code pages), whether the
// signed-in user may write and may push to that branch, and the notice when they may not write.
import { Link, type LoaderFunctionArgs } from 'react-router';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { queryClient } from '../query-client';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/auth-store';
import { repoQueries, type Repository } from '@/features/repos/api/repo-queries';
import { branchQueries } from '@/features/branches/api/branch-queries';
import { splitRefPath } from '@/features/code/lib/ref-path';
import { EmptyState } from '@/components/ui/empty-state';

export interface EditLocation {
  branch: string;
  path: string;
}

export async function loadEditLocation({ params }: LoaderFunctionArgs): Promise<EditLocation> {
  const owner = params.owner!;
  const repo = params.repo!;
  const repoP = queryClient.ensureQueryData(repoQueries.detail(owner, repo));
  const names = await queryClient.ensureQueryData(branchQueries.list(owner, repo, 1, 100)).then(
    (d) => d.branches.map((b) => b.name),
    () => [] as string[],
  );
  await repoP;
  const loc = splitRefPath('branch', params['*'] ?? '', names);
  if (!loc.ref) throw new Response('Not Found', { status: 404 });
  void queryClient.prefetchQuery(branchQueries.detail(owner, repo, loc.ref));
  return { branch: loc.ref, path: loc.path };
}

export interface BranchWrite {
  repository: Repository;
  /** Write access to the code (and not archived). */
  canWrite: boolean;
  /** May push to this branch (protection allows it). */
  canPushBranch: boolean;
  pushBlockedReason?: string;
  suggestedBranch: string;
  ready: boolean;
}

export function useBranchWrite(owner: string, repo: string, branch: string): BranchWrite {
  const { data: repository } = useSuspenseQuery(repoQueries.detail(owner, repo));
  const session = useSession();
  const detail = useQuery({ ...branchQueries.detail(owner, repo, branch), enabled: !!session });
  const canWrite = !!session && !!repository.permissions?.push && !repository.archived;
  // A branch that does not exist yet (an empty repository) takes any push.
  const canPushBranch = canWrite && (detail.isError || detail.data?.user_can_push !== false);
  return {
    repository,
    canWrite,
    canPushBranch,
    pushBlockedReason: detail.data && !detail.data.user_can_push ? `The branch ${branch} is protected, and its rules don’t let you push to it.` : undefined,
    suggestedBranch: `${session?.login ?? 'patch'}-patch-${Math.floor(Date.now() / 1000) % 100000}`,
    ready: !session || !detail.isPending || detail.isError,
  };
}

/** Shown instead of an editing page to whoever may not write to the repository. */
export function NoWriteAccess({ owner, repo, branch, path }: { owner: string; repo: string; branch: string; path: string }) {
  const session = useSession();
  return (
    <EmptyState title="You can’t edit files in this repository">
      {session ? (
        <p>Editing files needs write access to this repository. Ask its owner for access, or fork it and edit your fork.</p>
      ) : (
        <p>
          <Link className="font-medium text-indigo-600 hover:underline dark:text-indigo-400" to={paths.signIn.href(window.location.pathname)}>
            Sign in
          </Link>{' '}
          to edit files.
        </p>
      )}
      <p className="mt-2">
        <Link className="font-medium text-indigo-600 hover:underline dark:text-indigo-400" to={paths.src.href(owner, repo, 'branch', branch, path)}>
          Back to the files
        </Link>
      </p>
    </EmptyState>
  );
}

/** Where a commit sends the user: the file (or folder), or the new pull request form for a new branch. */
export function afterCommitHref(owner: string, repo: string, base: string, newBranch: string | null, path: string) {
  if (newBranch) return paths.compare.href(owner, repo, base, newBranch);
  return paths.src.href(owner, repo, 'branch', base, path);
}
