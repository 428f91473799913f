// One release: /{owner}/{repo}/releases/tag/{tag} (Gitea's URL, the release's html_url).
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { queryClient } from '../query-client';
import { RouteError } from '../layout/route-error';
import { paths } from '@/lib/paths';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { releaseQueries } from '@/features/releases/api/release-queries';
import { ReleaseCard } from '@/features/releases/components/release-card';
import { MarkViewedRead } from '@/features/notifications/api/use-mark-viewed';
import { MarkdownView } from '@/features/markdown/components/markdown-view';
import { useDocumentTitle } from '@/lib/use-document-title';

export async function loader({ params }: LoaderFunctionArgs) {
  await queryClient.ensureQueryData(releaseQueries.byTag(params.owner!, params.repo!, params['*']!));
  return null;
}

export function Component() {
  const { owner, repo, '*': tag } = useParams() as { owner: string; repo: string; '*': string };
  const { data: release } = useSuspenseQuery(releaseQueries.byTag(owner, repo, tag));
  const latest = useQuery(releaseQueries.latest(owner, repo));
  const repository = useQuery(repoQueries.detail(owner, repo));
  const canWrite = !!repository.data?.permissions?.push && !repository.data.archived;
  const privateRepo = !!(repository.data?.private || repository.data?.internal);
  useDocumentTitle(`${release.name || release.tag_name} · Releases · ${owner}/${repo}`);
  return (
    <div className="space-y-3">
      <MarkViewedRead owner={owner} repo={repo} subject={{ kind: 'release', tag: release.tag_name }} />
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={paths.releases.href(owner, repo)} className="text-indigo-700 hover:underline dark:text-indigo-300">
          Releases
        </Link>{' '}
        / <span className="font-mono">{release.tag_name}</span>
      </nav>
      <ReleaseCard
        owner={owner}
        repo={repo}
        release={release}
        latest={latest.data?.id === release.id}
        canWrite={canWrite}
        headingLevel={1}
        renderNotes={(source) => <MarkdownView source={source} privateRepo={privateRepo} references={{ owner, repo }} />}
      />
    </div>
  );
}

export const ErrorBoundary = RouteError;
