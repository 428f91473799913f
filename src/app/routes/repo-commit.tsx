// /{owner}/{repo}/commit/{sha}: one commit, its summary and its diff (the diff engine, loaded lazily).
import { useCallback } from 'react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../query-client';
import { commitQueries } from '@/features/commits/api/commit-queries';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { CommitSummary } from '@/features/commits/components/commit-summary';
import { LazyDiffFiles, preloadDiffFiles, preloadDiffHighlight } from '@/features/diff/components/diff-view';
import { DiffStyleToggle, useDiffStyle } from '@/features/diff/components/diff-style-toggle';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/lib/paths';
import { RouteError } from '../layout/route-error';
import { useDocumentTitle } from '@/lib/use-document-title';
import { MarkViewedRead } from '@/features/notifications/api/use-mark-viewed';

export async function loader({ params }: LoaderFunctionArgs) {
  const { owner, repo, sha } = params as { owner: string; repo: string; sha: string };
  // The diff text and the engine's code are fetched alongside, but the page need not wait for them.
  void queryClient.prefetchQuery(commitQueries.diff(owner, repo, sha));
  preloadDiffFiles();
  const commit = await queryClient.ensureQueryData(commitQueries.detail(owner, repo, sha));
  // The file list names the languages: their grammars load while the diff text is on its way.
  preloadDiffHighlight(commit.files?.map((f) => f.filename) ?? []);
  return null;
}

export function Component() {
  const { owner, repo, sha } = useParams() as { owner: string; repo: string; sha: string };
  const { data: commit } = useSuspenseQuery(commitQueries.detail(owner, repo, sha));
  const diff = useQuery(commitQueries.diff(owner, repo, sha));
  const repository = useQuery(repoQueries.detail(owner, repo));
  const defaultBranch = repository.data?.default_branch;
  useDocumentTitle(commit.commit.message.split('\n')[0], commit.sha.slice(0, 10), `${owner}/${repo}`);
  const style = useDiffStyle();
  const fileHref = useCallback((path: string) => paths.src.href(owner, repo, 'commit', commit.sha, path), [owner, repo, commit.sha]);
  return (
    <div className="space-y-4">
      <MarkViewedRead owner={owner} repo={repo} subject={{ kind: 'commit', sha: commit.sha }} />
      <CommitSummary owner={owner} repo={repo} commit={commit} />
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-base font-semibold">Changes</h2>
        <div className="flex items-center gap-3">
          {/* What the default branch gained since this commit. */}
          {defaultBranch && (
            <Link to={paths.compare.href(owner, repo, commit.sha, defaultBranch)} className="text-sm text-indigo-600 hover:underline dark:text-indigo-400">
              Compare with {defaultBranch}
            </Link>
          )}
          <DiffStyleToggle />
        </div>
      </div>
      {diff.isPending ? (
        <Spinner label="Loading diff" />
      ) : diff.isError ? (
        <ErrorNotice error={diff.error} />
      ) : (
        <LazyDiffFiles diff={diff.data} style={style} fileTree keyboard fileHref={fileHref} emptyText="This commit changes no files." />
      )}
    </div>
  );
}

export const ErrorBoundary = RouteError;
