// Deleting a file from the browser (/{owner}/{repo}/_delete/{branch}/{path}), as Gitea's: the page
// itself is the confirmation (it names the file and what happens), then the commit form.
import { Link, useLoaderData, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { queryClient } from '../query-client';
import { RouteError } from '../layout/route-error';
import { paths } from '@/lib/paths';
import { errorMessage } from '@/lib/api/api-error';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Spinner } from '@/components/ui/spinner';
import { contentsQueries, isDirListing } from '@/features/code/api/contents-queries';
import { parentPath } from '@/features/code/lib/ref-path';
import { CommitForm, type CommitChoice } from '@/features/editor/components/commit-form';
import { useChangeFiles } from '@/features/editor/api/use-change-files';
import { afterCommitHref, loadEditLocation, NoWriteAccess, useBranchWrite } from './repo-edit-shared';

export async function loader(args: LoaderFunctionArgs) {
  const loc = await loadEditLocation(args);
  await queryClient.ensureQueryData(contentsQueries.contents(args.params.owner!, args.params.repo!, loc.branch, loc.path));
  return loc;
}

export const ErrorBoundary = RouteError;

export function Component() {
  const { owner, repo } = useParams() as { owner: string; repo: string };
  const loc = useLoaderData<typeof loader>();
  const write = useBranchWrite(owner, repo, loc.branch);
  const { data } = useSuspenseQuery(contentsQueries.contents(owner, repo, loc.branch, loc.path));
  const change = useChangeFiles(owner, repo);
  const navigate = useNavigate();
  useDocumentTitle(`Delete ${loc.path} at ${loc.branch}`, write.repository.full_name);
  if (!write.canWrite) return <NoWriteAccess owner={owner} repo={repo} branch={loc.branch} path={loc.path} />;
  if (!write.ready) return <Spinner label="Loading the branch" />;
  if (isDirListing(data) || data.type === 'dir') return <p className="text-sm">Only files can be deleted here.</p>;

  const commit = (choice: CommitChoice) =>
    change.mutate(
      {
        branch: loc.branch,
        new_branch: choice.newBranch ?? undefined,
        message: choice.message,
        files: [{ operation: 'delete', path: loc.path, sha: data.sha }],
      },
      { onSuccess: () => void navigate(afterCommitHref(owner, repo, loc.branch, choice.newBranch, parentPath(loc.path))) },
    );

  return (
    <div>
      <h1 className="text-lg font-semibold">Delete {data.name}</h1>
      <div className="mt-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
        <p>
          Committing removes <code className="font-mono">{loc.path}</code> from <code className="font-mono">{loc.branch}</code>. Its history stays in the
          repository.
        </p>
        <p className="mt-2">
          <Link to={paths.src.href(owner, repo, 'branch', loc.branch, loc.path)} className="font-medium underline">
            Keep the file and go back
          </Link>
        </p>
      </div>
      <CommitForm
        branch={loc.branch}
        canPushBranch={write.canPushBranch}
        pushBlockedReason={write.pushBlockedReason}
        defaultMessage={`Delete ${loc.path}`}
        suggestedBranch={write.suggestedBranch}
        busy={change.isPending}
        error={change.error ? errorMessage(change.error) : null}
        submitLabel="Delete the file"
        danger
        onCommit={commit}
      />
    </div>
  );
}
