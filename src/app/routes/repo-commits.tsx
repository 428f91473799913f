// /{owner}/{repo}/commits/{branch|tag|commit}/{ref}/{path?}: the history of a ref, optionally of one path.
import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { pageParam } from '@/lib/search-params';
import { queryClient } from '../query-client';
import { branchQueries } from '@/features/branches/api/branch-queries';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { commitQueries, COMMITS_PER_PAGE, type CommitFilters } from '@/features/commits/api/commit-queries';
import { resolveRefPath } from '@/features/commits/lib/resolve-ref';
import { CommitList } from '@/features/commits/components/commit-list';
import { CommitFilters as Filters } from '@/features/commits/components/commit-filters';
import { HistoryHeading } from '@/features/commits/components/history-heading';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import type { RefKind } from '@/lib/paths';
import { RouteError } from '../layout/route-error';
import { useDocumentTitle } from '@/lib/use-document-title';
import { paths } from '@/lib/paths';
import { RepoRefSwitcher } from '../repo-ref-switcher';

const asKind = (k: string | undefined): RefKind => (k === 'tag' || k === 'commit' ? k : 'branch');

function filtersFrom(url: URLSearchParams, ref: string, path: string): CommitFilters {
  return { sha: ref, path: path || undefined, since: url.get('since') || undefined, until: url.get('until') || undefined, page: pageParam(url) };
}

export async function loader({ params, request }: LoaderFunctionArgs) {
  const owner = params.owner!;
  const repo = params.repo!;
  const kind = asKind(params.kind);
  const splat = params['*'] ?? '';
  const search = new URL(request.url).searchParams;
  const repoP = queryClient.ensureQueryData(repoQueries.detail(owner, repo));
  // Without a slash the splat can only be the ref itself, so the history need not wait for the lists.
  if (kind === 'commit' || !splat.includes('/')) {
    const { ref, path } = resolveRefPath(kind, splat, []);
    const listsP =
      kind === 'commit'
        ? null
        : (kind === 'tag' ? queryClient.ensureQueryData(branchQueries.tags(owner, repo)) : queryClient.ensureQueryData(branchQueries.list(owner, repo))).catch(
            () => null,
          );
    await Promise.all([repoP, listsP, queryClient.ensureQueryData(commitQueries.list(owner, repo, filtersFrom(search, ref, path)))]);
    return null;
  }
  const [, names] = await Promise.all([
    repoP,
    kind === 'tag'
      ? queryClient.ensureQueryData(branchQueries.tags(owner, repo)).then((d) => d.tags.map((t) => t.name))
      : queryClient.ensureQueryData(branchQueries.list(owner, repo)).then((d) => d.branches.map((b) => b.name)),
  ]);
  const { ref, path } = resolveRefPath(kind, splat, names);
  await queryClient.ensureQueryData(commitQueries.list(owner, repo, filtersFrom(search, ref, path)));
  return null;
}

export function Component() {
  const params = useParams();
  const owner = params.owner!;
  const repo = params.repo!;
  const kind = asKind(params.kind);
  // Gitea's "Commits · owner/repo" (the history's ref and path are part of the URL, not the title).
  useDocumentTitle('Commits', `${owner}/${repo}`);
  if (kind === 'branch') return <BranchHistory owner={owner} repo={repo} />;
  if (kind === 'tag') return <TagHistory owner={owner} repo={repo} />;
  return <History owner={owner} repo={repo} kind="commit" names={[]} />;
}

// The names must be known before the splat is split, or a slashed branch would be misread.
function BranchHistory({ owner, repo }: { owner: string; repo: string }) {
  const { data } = useSuspenseQuery(branchQueries.list(owner, repo));
  return <History owner={owner} repo={repo} kind="branch" names={data.branches.map((b) => b.name)} />;
}

function TagHistory({ owner, repo }: { owner: string; repo: string }) {
  const { data } = useSuspenseQuery(branchQueries.tags(owner, repo));
  return <History owner={owner} repo={repo} kind="tag" names={data.tags.map((t) => t.name)} />;
}

function History({ owner, repo, kind, names }: { owner: string; repo: string; kind: RefKind; names: string[] }) {
  const params = useParams();
  const [search] = useSearchParams();
  const { ref, path } = resolveRefPath(kind, params['*'] ?? '', names);
  const filters = filtersFrom(search, ref, path);
  const { data } = useSuspenseQuery(commitQueries.list(owner, repo, filters));
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <div className="flex min-w-0 flex-col gap-2">
          <HistoryHeading owner={owner} repo={repo} kind={kind} refName={ref} path={path} />
          <div>
            <RepoRefSwitcher
              owner={owner}
              repo={repo}
              kind={kind}
              current={ref}
              // The same history (path and dates kept) on another branch or tag, from its first page.
              hrefFor={(k, name) => {
                const q: Record<string, string> = {};
                for (const key of ['since', 'until']) if (search.get(key)) q[key] = search.get(key)!;
                return paths.commits.href(owner, repo, k, name, path, q);
              }}
            />
          </div>
        </div>
        <Filters />
      </div>
      {data.commits.length === 0 ? (
        <EmptyState title="No commits found">
          {filters.since || filters.until
            ? 'No commits in this date range.'
            : path
              ? 'Nothing has changed this path on this ref.'
              : 'This ref has no history yet.'}
        </EmptyState>
      ) : (
        <CommitList owner={owner} repo={repo} commits={data.commits} />
      )}
      <Pagination page={filters.page} total={data.total} limit={COMMITS_PER_PAGE} hasNext={data.hasNext} />
    </div>
  );
}

export const ErrorBoundary = RouteError;
