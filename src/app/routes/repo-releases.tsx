// Releases: /{owner}/{repo}/releases, newest first and paged, each with its notes (Markdown) and
// assets; the newest full release carries the "Latest" badge. Release writers see drafts and a
// "New release" button.
import { Link, useLocation, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { queryClient } from '../query-client';
import { RouteError } from '../layout/route-error';
import { paths } from '@/lib/paths';
import { pageParam } from '@/lib/search-params';
import { buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { releaseQueries } from '@/features/releases/api/release-queries';
import { ReleaseCard } from '@/features/releases/components/release-card';
import { MarkdownView } from '@/features/markdown/components/markdown-view';
import { useDocumentTitle } from '@/lib/use-document-title';
import { MarkViewedRead } from '@/features/notifications/api/use-mark-viewed';

const LIMIT = 10;

export async function loader({ params, request }: LoaderFunctionArgs) {
  const page = pageParam(new URL(request.url).searchParams);
  await queryClient.ensureQueryData(releaseQueries.list(params.owner!, params.repo!, page, LIMIT));
  return null;
}

export function Component() {
  const { owner, repo } = useParams() as { owner: string; repo: string };
  const [params] = useSearchParams();
  const page = pageParam(params);
  const { data } = useSuspenseQuery(releaseQueries.list(owner, repo, page, LIMIT));
  const latest = useQuery(releaseQueries.latest(owner, repo));
  const repository = useQuery(repoQueries.detail(owner, repo));
  const canWrite = !!repository.data?.permissions?.push && !repository.data.archived;
  const privateRepo = !!(repository.data?.private || repository.data?.internal);
  useDocumentTitle(`Releases · ${owner}/${repo}`);
  // The list anchored at a release (#release-{id}) shows it: its notification is read.
  const { hash } = useLocation();
  const anchored = data.releases.find((r) => hash === `#release-${r.id}`);
  return (
    <div>
      <MarkViewedRead owner={owner} repo={repo} subject={anchored && { kind: 'release', tag: anchored.tag_name }} />
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-lg font-semibold">Releases</h1>
        <div className="flex gap-2">
          <Link to={paths.tags.href(owner, repo)} className={buttonClass('secondary')}>
            Tags
          </Link>
          {canWrite && !repository.data?.empty && (
            <Link to={paths.releaseNew.href(owner, repo)} className={buttonClass('primary')}>
              New release
            </Link>
          )}
        </div>
      </div>
      {data.releases.length === 0 ? (
        <EmptyState title="No releases yet">
          Releases package software for people to download: a tag, notes and files.{' '}
          {canWrite ? 'Publish the first one with “New release”.' : 'None has been published here yet.'}
        </EmptyState>
      ) : (
        <div className="space-y-4">
          {data.releases.map((r) => (
            <ReleaseCard
              key={r.id}
              owner={owner}
              repo={repo}
              release={r}
              latest={latest.data?.id === r.id}
              canWrite={canWrite}
              renderNotes={(source) => <MarkdownView source={source} privateRepo={privateRepo} references={{ owner, repo }} />}
            />
          ))}
        </div>
      )}
      <Pagination page={page} total={data.total} limit={LIMIT} hasNext={data.hasNext} />
    </div>
  );
}

export const ErrorBoundary = RouteError;
