// Blame: /{owner}/{repo}/blame/{branch|tag|commit}/{ref}/{path}, Gitea's URL. Who last changed each
// line, highlighted like the file view. Gitea's API has no blame, so there the page says so.
import { useEffect, useState } from 'react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { queryClient } from '../query-client';
import { RouteError } from '../layout/route-error';
import { paths } from '@/lib/paths';
import { errorMessage } from '@/lib/api/api-error';
import { Spinner } from '@/components/ui/spinner';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { branchQueries } from '@/features/branches/api/branch-queries';
import { isRefKind, splitRefPath, type RefLocation } from '@/features/code/lib/ref-path';
import type { RefKind } from '@/lib/paths';
import { highlightLines } from '@/features/code/lib/highlight';
import { Breadcrumbs } from '@/features/code/components/breadcrumbs';
import { blameQueries, type BlameResponse } from '@/features/blame/api/blame-queries';
import { BlameView } from '@/features/blame/components/blame-view';
import '@/features/code/components/hljs-theme.css';
import { useDocumentTitle } from '@/lib/use-document-title';
import { RepoRefSwitcher } from '../repo-ref-switcher';

/** Past this many characters highlighting costs more than it helps, as in the file view. */
const HIGHLIGHT_LIMIT = 1024 * 1024;

export async function loader({ params }: LoaderFunctionArgs): Promise<null> {
  const owner = params.owner!;
  const repo = params.repo!;
  if (!isRefKind(params.kind)) throw new Response('Not Found', { status: 404 });
  const kind = params.kind;
  const splat = params['*'] ?? '';
  const names =
    kind === 'branch'
      ? await queryClient.ensureQueryData(branchQueries.list(owner, repo)).then((d) => d.branches.map((b) => b.name))
      : kind === 'tag'
        ? await queryClient.ensureQueryData(branchQueries.tags(owner, repo)).then((d) => d.tags.map((t) => t.name))
        : [];
  const loc = splitRefPath(kind, splat, names);
  if (!loc.ref || !loc.path) throw new Response('Not Found', { status: 404 });
  // Started here, read by the page; a failure (Gitea has no blame API) is shown there, not thrown.
  void queryClient.prefetchQuery(blameQueries.file(owner, repo, loc.ref, loc.path));
  return null;
}

function useHighlighted(blame: BlameResponse | undefined, path: string) {
  const [result, setResult] = useState<{ blame: BlameResponse; lines: string[] | null } | null>(null);
  useEffect(() => {
    if (!blame) return;
    const text = blame.source.join('\n');
    if (text.length > HIGHLIGHT_LIMIT) return;
    let live = true;
    highlightLines(text, path)
      .then((lines) => live && setResult({ blame, lines }))
      .catch(() => live && setResult({ blame, lines: null }));
    return () => {
      live = false;
    };
  }, [blame, path]);
  return result && result.blame === blame ? result.lines : null;
}

const toolLink = 'rounded-md border border-gray-300 px-2.5 py-1 text-xs font-medium hover:bg-gray-50 dark:border-gray-700 dark:hover:bg-gray-800';

export function Component() {
  const params = useParams();
  const owner = params.owner!;
  const repo = params.repo!;
  const kind = params.kind;
  if (!isRefKind(kind)) throw new Response('Not Found', { status: 404 });
  if (kind === 'branch') return <BranchBlame owner={owner} repo={repo} splat={params['*'] ?? ''} />;
  if (kind === 'tag') return <TagBlame owner={owner} repo={repo} splat={params['*'] ?? ''} />;
  return <Blame owner={owner} repo={repo} loc={splitRefPath('commit', params['*'] ?? '')} />;
}

/** Branch and tag names may hold slashes: the known names tell where the ref ends. */
function BranchBlame({ owner, repo, splat }: { owner: string; repo: string; splat: string }) {
  const { data } = useSuspenseQuery(branchQueries.list(owner, repo));
  return (
    <Blame
      owner={owner}
      repo={repo}
      loc={locate(
        'branch',
        splat,
        data.branches.map((b) => b.name),
      )}
    />
  );
}

function TagBlame({ owner, repo, splat }: { owner: string; repo: string; splat: string }) {
  const { data } = useSuspenseQuery(branchQueries.tags(owner, repo));
  return (
    <Blame
      owner={owner}
      repo={repo}
      loc={locate(
        'tag',
        splat,
        data.tags.map((t) => t.name),
      )}
    />
  );
}

function locate(kind: RefKind, splat: string, names: string[]): RefLocation {
  const loc = splitRefPath(kind, splat, names);
  if (!loc.ref || !loc.path) throw new Response('Not Found', { status: 404 });
  return loc;
}

function Blame({ owner, repo, loc }: { owner: string; repo: string; loc: RefLocation }) {
  const repository = useQuery(repoQueries.detail(owner, repo));
  const blame = useQuery(blameQueries.file(owner, repo, loc.ref, loc.path));
  const highlighted = useHighlighted(blame.data, loc.path);
  const name = loc.path.split('/').pop()!;

  useDocumentTitle(`Blame · ${loc.path} at ${loc.ref} · ${repository.data?.full_name ?? `${owner}/${repo}`}`);
  return (
    <div>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <RepoRefSwitcher owner={owner} repo={repo} kind={loc.kind} current={loc.ref} hrefFor={(k, name) => paths.blame.href(owner, repo, k, name, loc.path)} />
        <Breadcrumbs owner={owner} repo={repo} kind={loc.kind} refName={loc.ref} path={loc.path} />
      </div>
      <section aria-label={`Blame of ${name}`} className="overflow-hidden rounded-lg border border-gray-200 dark:border-gray-800">
        <header className="flex flex-wrap items-center gap-2 border-b border-gray-200 bg-gray-50 px-3 py-2 text-sm dark:border-gray-800 dark:bg-gray-900">
          <h1 className="font-semibold">Blame</h1>
          <span className="ml-auto flex gap-2">
            <Link to={paths.src.href(owner, repo, loc.kind, loc.ref, loc.path)} className={toolLink}>
              Normal view
            </Link>
            <Link to={paths.commits.href(owner, repo, loc.kind, loc.ref, loc.path)} className={toolLink}>
              History
            </Link>
          </span>
        </header>
        {blame.isPending ? (
          <Spinner />
        ) : blame.isError ? (
          <p role="alert" className="px-4 py-10 text-center text-sm text-gray-700 dark:text-gray-300">
            Blame is not available for this file: {errorMessage(blame.error)}. Servers without this forge’s blame extension (such as Gitea) do not offer it;{' '}
            <Link to={paths.src.href(owner, repo, loc.kind, loc.ref, loc.path)} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
              view the file
            </Link>{' '}
            instead.
          </p>
        ) : blame.data.source.length === 0 ? (
          <p className="px-4 py-10 text-center text-sm text-gray-600 dark:text-gray-400">This file is empty.</p>
        ) : (
          <BlameView blame={blame.data} highlighted={highlighted} commitHref={(sha) => paths.commit.href(owner, repo, sha)} />
        )}
      </section>
    </div>
  );
}

export const ErrorBoundary = RouteError;
