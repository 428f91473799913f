// New release (/{owner}/{repo}/releases/new[?tag=…]) and edit (/{owner}/{repo}/releases/edit/{tag}):
// the release form with the repository's tags and branches, and the comments' Markdown editor
// (Write / Preview) for the notes.
import { Link, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { queryClient } from '../query-client';
import { RouteError } from '../layout/route-error';
import { paths } from '@/lib/paths';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { branchQueries } from '@/features/branches/api/branch-queries';
import { releaseQueries, type Release } from '@/features/releases/api/release-queries';
import { ReleaseForm } from '@/features/releases/components/release-form';
import { MarkdownEditor } from '@/features/comments/components/markdown-editor';
import { MarkdownView } from '@/features/markdown/components/markdown-view';
import { useDocumentTitle } from '@/lib/use-document-title';

export async function loader({ params }: LoaderFunctionArgs) {
  const tag = params['*'];
  await Promise.all([
    queryClient.ensureQueryData(repoQueries.detail(params.owner!, params.repo!)),
    tag ? queryClient.ensureQueryData(releaseQueries.byTag(params.owner!, params.repo!, tag)) : null,
  ]);
  return null;
}

export function Component() {
  const { owner, repo, '*': tag } = useParams() as { owner: string; repo: string; '*'?: string };
  return tag ? <EditRelease owner={owner} repo={repo} tag={tag} /> : <Page owner={owner} repo={repo} />;
}

function EditRelease({ owner, repo, tag }: { owner: string; repo: string; tag: string }) {
  const { data } = useSuspenseQuery(releaseQueries.byTag(owner, repo, tag));
  return <Page owner={owner} repo={repo} release={data} />;
}

function Page({ owner, repo, release }: { owner: string; repo: string; release?: Release }) {
  const [params] = useSearchParams();
  const { data: repository } = useSuspenseQuery(repoQueries.detail(owner, repo));
  const tags = useQuery(branchQueries.tags(owner, repo, 1, 50));
  const branches = useQuery(branchQueries.list(owner, repo, 1, 50));
  const title = release ? `Edit release ${release.name || release.tag_name}` : 'New release';
  useDocumentTitle(`${title} · ${owner}/${repo}`);
  const privateRepo = repository.private || repository.internal;
  if (!repository.permissions?.push || repository.archived) {
    return (
      <p className="text-sm text-gray-700 dark:text-gray-300">
        You need write access to this repository to publish releases.{' '}
        <Link to={paths.releases.href(owner, repo)} className="text-indigo-700 underline dark:text-indigo-300">
          Back to the releases
        </Link>
      </p>
    );
  }
  return (
    <div className="max-w-3xl">
      <h1 className="mb-4 text-lg font-semibold">{title}</h1>
      <ReleaseForm
        key={release?.id ?? 'new'}
        owner={owner}
        repo={repo}
        release={release}
        initialTag={params.get('tag') ?? undefined}
        tags={tags.data?.tags.map((t) => t.name) ?? []}
        branches={branches.data?.branches.map((b) => b.name) ?? []}
        defaultBranch={repository.default_branch}
        notesEditor={(props) => (
          <MarkdownEditor {...props} preview={(s) => <MarkdownView source={s} privateRepo={privateRepo} references={{ owner, repo }} />} />
        )}
      />
    </div>
  );
}

export const ErrorBoundary = RouteError;
