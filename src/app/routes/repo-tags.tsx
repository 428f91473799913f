// Tags: /{owner}/{repo}/tags, paged, newest first as the API gives them; each with its commit,
// date, ZIP / TAR.GZ downloads and a link comparing it with the default branch (what changed since
// that tag, GitHub's "commits to main since this release"). Those who may push create and delete tags.
import { useState } from 'react';
import { Link, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { queryClient } from '../query-client';
import { RouteError } from '../layout/route-error';
import { paths } from '@/lib/paths';
import { pageParam } from '@/lib/search-params';
import { Pagination } from '@/components/ui/pagination';
import { RelativeTime } from '@/components/ui/relative-time';
import { EmptyState } from '@/components/ui/empty-state';
import { Button } from '@/components/ui/button';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { branchQueries, type Tag } from '@/features/branches/api/branch-queries';
import { CreateTagDialog } from '@/features/branches/components/create-tag-dialog';
import { DeleteTagDialog } from '@/features/branches/components/delete-tag-dialog';
import { RawLink } from '@/features/code/components/raw-link';
import { archiveName, archiveUrl, type ArchiveFormat } from '@/features/code/lib/archive-url';
import { useDocumentTitle } from '@/lib/use-document-title';
import { releaseQueries } from '@/features/releases/api/release-queries';

const LIMIT = 20;

export async function loader({ params, request }: LoaderFunctionArgs) {
  const page = pageParam(new URL(request.url).searchParams);
  await queryClient.ensureQueryData(branchQueries.tags(params.owner!, params.repo!, page, LIMIT));
  return null;
}

export function Component() {
  const { owner, repo } = useParams() as { owner: string; repo: string };
  const [params] = useSearchParams();
  const page = pageParam(params);
  const { data } = useSuspenseQuery(branchQueries.tags(owner, repo, page, LIMIT));
  const repository = useQuery(repoQueries.detail(owner, repo));
  const privateRepo = !!(repository.data?.private || repository.data?.internal);
  // The server decides (write access, not archived); this only hides what it would refuse. An
  // empty repository has no commit to tag.
  const canWrite = !!repository.data?.permissions?.push && !repository.data.archived && !repository.data.empty;
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);
  const branches = useQuery({ ...branchQueries.list(owner, repo, 1, 50), enabled: creating });
  // Tags that have a release link to it (issue #21); servers without releases simply link none.
  const releases = useQuery({ ...releaseQueries.list(owner, repo, 1, 50), retry: false });
  const released = new Set(releases.data?.releases.map((r) => r.tag_name));

  useDocumentTitle(`Tags · ${owner}/${repo}`);
  return (
    <div>
      <div className="mb-3 flex items-center justify-between gap-2">
        <h1 className="text-lg font-semibold">Tags</h1>
        {canWrite && (
          <Button variant="primary" onClick={() => setCreating(true)}>
            New tag
          </Button>
        )}
      </div>
      {data.tags.length === 0 ? (
        <EmptyState title="No tags yet">
          Tags mark releases and other points in the history. {canWrite ? 'Create one here, or push' : 'Push'} one with git tag and git push --tags.
        </EmptyState>
      ) : (
        <ul aria-label="Tags" className="divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
          {data.tags.map((t) => (
            <TagRow
              key={t.name}
              owner={owner}
              repo={repo}
              tag={t}
              privateRepo={privateRepo}
              defaultBranch={repository.data?.default_branch}
              hasRelease={released.has(t.name)}
              onDelete={canWrite ? setDeleting : undefined}
            />
          ))}
        </ul>
      )}
      <Pagination page={page} total={data.total} limit={LIMIT} hasNext={data.hasNext} />
      {canWrite && (
        <>
          <CreateTagDialog
            owner={owner}
            repo={repo}
            open={creating}
            onClose={() => setCreating(false)}
            defaultTarget={repository.data?.default_branch ?? ''}
            branches={branches.data?.branches.map((b) => b.name) ?? []}
            tags={data.tags.map((t) => t.name)}
          />
          <DeleteTagDialog owner={owner} repo={repo} tag={deleting} onClose={() => setDeleting(null)} />
        </>
      )}
    </div>
  );
}

export const ErrorBoundary = RouteError;

const button =
  'inline-flex items-center gap-1 rounded-md border border-gray-300 px-2.5 py-1 text-xs font-medium text-gray-800 hover:bg-gray-50 dark:border-gray-700 dark:text-gray-200 dark:hover:bg-gray-800';

function TagRow({
  owner,
  repo,
  tag,
  privateRepo,
  defaultBranch,
  hasRelease,
  onDelete,
}: {
  owner: string;
  repo: string;
  tag: Tag;
  privateRepo: boolean;
  defaultBranch?: string;
  hasRelease?: boolean;
  onDelete?: (name: string) => void;
}) {
  const download = (format: ArchiveFormat, label: string) => (
    <RawLink
      href={archiveUrl(owner, repo, tag.name, format)}
      name={archiveName(repo, tag.name, format)}
      action="download"
      privateRepo={privateRepo}
      className={button}
    >
      <span aria-hidden>⤓ {label}</span>
      <span className="sr-only">{`${label} of ${tag.name}`}</span>
    </RawLink>
  );
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
      {/* basis-64: at phone width the actions wrap below the name instead of squeezing it to nothing. */}
      <div className="min-w-0 flex-1 basis-64">
        <Link
          to={paths.src.href(owner, repo, 'tag', tag.name)}
          className="font-mono text-sm font-semibold text-indigo-700 hover:underline dark:text-indigo-300"
        >
          {tag.name}
        </Link>
        {tag.message && tag.message.trim() !== tag.name && (
          <p className="mt-0.5 truncate text-sm text-gray-700 dark:text-gray-300">{tag.message.split('\n')[0]}</p>
        )}
        <p className="mt-1 flex flex-wrap items-center gap-x-3 text-xs text-gray-600 dark:text-gray-400">
          <Link to={paths.commit.href(owner, repo, tag.commit.sha)} className="font-mono hover:underline" aria-label={`Commit ${tag.commit.sha.slice(0, 10)}`}>
            {tag.commit.sha.slice(0, 10)}
          </Link>
          {tag.commit.created && <RelativeTime date={tag.commit.created} />}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {hasRelease && (
          <Link to={paths.release.href(owner, repo, tag.name)} className={button}>
            <span aria-hidden>Release</span>
            <span className="sr-only">{`Release ${tag.name}`}</span>
          </Link>
        )}
        {defaultBranch && (
          <Link to={paths.compare.href(owner, repo, tag.name, defaultBranch)} className={button}>
            <span aria-hidden>Compare</span>
            <span className="sr-only">{`Compare ${tag.name} with ${defaultBranch}`}</span>
          </Link>
        )}
        {download('zip', 'ZIP')}
        {download('tar.gz', 'TAR.GZ')}
        {onDelete && (
          <Button size="sm" variant="ghost" className="text-red-700 dark:text-red-400" onClick={() => onDelete(tag.name)} aria-label={`Delete tag ${tag.name}`}>
            Delete
          </Button>
        )}
      </div>
    </li>
  );
}
