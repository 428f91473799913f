// The Code tab: /{owner}/{repo} and /{owner}/{repo}/src/{branch|tag|commit}/{ref}/{path}.
// Resolves which part of the URL is the ref, then shows a folder (tree + README) or a file.
import { codeSearchQueries } from '@/features/code-search/api/code-search-queries';
import { CodeSearchBox } from '@/features/code-search/components/code-search-box';
import { lazy, Suspense, use, type ComponentProps } from 'react';
import { Link, redirect, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { queryClient } from '../query-client';
import { RouteError } from '../layout/route-error';
import { paths, type RefKind } from '@/lib/paths';
import { repoQueries, type Repository } from '@/features/repos/api/repo-queries';
import { branchQueries } from '@/features/branches/api/branch-queries';
import { contentsQueries, isDirListing, rawUrl, type ContentsResponse } from '@/features/code/api/contents-queries';
import { isRefKind, parentPath, splitRefPath, type RefLocation } from '@/features/code/lib/ref-path';
import { findReadme, isMarkdown } from '@/features/code/lib/blob';
import { RefSwitcher } from '@/features/code/components/ref-switcher';
import { Breadcrumbs } from '@/features/code/components/breadcrumbs';
import { LatestCommitBar } from '@/features/code/components/latest-commit-bar';
import { FileTree } from '@/features/code/components/file-tree';
import { EmptyRepo } from '@/features/code/components/empty-repo';
import { folderHref, MarkdownView, prefetchReadmeHtml, preloadMarkdownView, rawFolderUrl, Readme } from './repo-readme';
import { getSession, sessionReady, useSession } from '@/lib/auth-store';
import { RawLink } from '@/features/code/components/raw-link';
import { archiveName, archiveUrl } from '@/features/code/lib/archive-url';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Spinner } from '@/components/ui/spinner';
import { FileEditLinks, FolderEditLinks } from '@/features/editor/components/edit-links';

// Code that only some pages show stays out of the repository home's JS: a file's view (with its
// highlighting) loads beside the file's contents (the loader starts it), the notices above the
// code only for a signed-in visitor or a fork.
type FileViewModule = typeof import('@/features/code/components/file-view');
let fileViewModule: FileViewModule | undefined;
let fileViewLoad: Promise<FileViewModule> | undefined;
const loadFileView = () =>
  (fileViewLoad ??= import('@/features/code/components/file-view').then(
    (m) => (fileViewModule = m),
    (e: unknown) => {
      fileViewLoad = undefined; // a failed chunk load (e.g. offline) is tried again next time
      throw e;
    },
  ));
/** FileView, drawn at once when its code is already here (the loader fetched it beside the file). */
function FileView(props: ComponentProps<FileViewModule['FileView']>) {
  const m = fileViewModule ?? use(loadFileView());
  return <m.FileView {...props} />;
}
const loadBanners = () => import('../repo-home-banners');
const USUAL_README = 'README.md';
const RecentPushBanner = lazy(() => loadBanners().then((m) => ({ default: m.RecentPushBanner })));
const UpstreamBanner = lazy(() => loadBanners().then((m) => ({ default: m.UpstreamBanner })));

/**
 * Starts loading what the answer for this path shows next: a file's view code, or a folder's README
 * and then its rendering by the server. ref '' stands for the default branch (the repository home),
 * which the API picks by itself; `refName` is its name, for the README's links.
 */
const prefetchShown = (
  owner: string,
  repo: string,
  kind: RefKind,
  ref: string,
  refName: string,
  dir: string,
  listing: ContentsResponse | ContentsResponse[],
) => {
  if (!isDirListing(listing)) {
    void loadFileView().catch(() => undefined);
    // Otherwise the renderer's two chunks load one after the other once the file view draws.
    if (isMarkdown(listing.name)) preloadMarkdownView();
  }
  const readme = isDirListing(listing) ? findReadme(listing) : undefined;
  if (!readme) return;
  void queryClient
    .fetchQuery(contentsQueries.contents(owner, repo, ref, readme.path))
    .then((file) => prefetchReadmeHtml(owner, repo, kind, refName, dir, file))
    .catch(() => undefined);
};

export async function loader({ params }: LoaderFunctionArgs): Promise<RefLocation> {
  const owner = params.owner!;
  const repo = params.repo!;
  const repoP = queryClient.ensureQueryData(repoQueries.detail(owner, repo));
  void sessionReady()
    .then(() => getSession() && loadBanners())
    .catch(() => undefined);

  if (params.kind === undefined) {
    // The home page asks for everything it shows at once, for the default branch without waiting
    // for the repository to say its name (ref ''): one round for all of it, the README included
    // under its usual name README.md (issue #22); its rendering by the server (POST /markdown)
    // follows as soon as the README and the repository (the branch name, for its links) are here,
    // in the second round beside the latest commit. A README by another name follows the listing.
    // On an empty repository these fail quietly and nothing shows them. The latest commit waits
    // for the repository: on an empty one the commit list answers 409 (as Gitea's), so it is not asked.
    const contentsP = queryClient.ensureQueryData(contentsQueries.contents(owner, repo, '', ''));
    contentsP.catch(() => undefined);
    const readmeP = queryClient.fetchQuery({ ...contentsQueries.contents(owner, repo, '', USUAL_README), retry: false });
    Promise.all([repoP, readmeP])
      .then(([r, file]) => prefetchReadmeHtml(owner, repo, 'branch', r.default_branch, '', file))
      .catch(() => undefined);
    // Whether the code search box shows: asked now, not once the page first draws.
    void queryClient.prefetchQuery(codeSearchQueries.supported(owner, repo));
    void queryClient.prefetchQuery(branchQueries.list(owner, repo));
    void queryClient.prefetchQuery(branchQueries.tags(owner, repo));
    const r = await repoP;
    if (r.empty) return { kind: 'branch', ref: '', path: '' };
    void queryClient.prefetchQuery(contentsQueries.latestCommit(owner, repo, '', ''));
    prefetchShown(owner, repo, 'branch', '', r.default_branch, '', await contentsP);
    return { kind: 'branch', ref: '', path: '' };
  }

  if (!isRefKind(params.kind)) throw new Response('Not Found', { status: 404 });
  const kind = params.kind;
  const splat = params['*'] ?? '';
  // Most refs have no slash: fetch the first-segment guess while the ref lists load.
  const guess = splitRefPath(kind, splat);
  if (guess.ref) void queryClient.prefetchQuery(contentsQueries.contents(owner, repo, guess.ref, guess.path));
  const namesP =
    kind === 'branch'
      ? queryClient.ensureQueryData(branchQueries.list(owner, repo)).then((d) => d.branches.map((b) => b.name))
      : kind === 'tag'
        ? queryClient.ensureQueryData(branchQueries.tags(owner, repo)).then((d) => d.tags.map((t) => t.name))
        : Promise.resolve([]);
  const [names] = await Promise.all([namesP, repoP]);
  const loc = splitRefPath(kind, splat, names);
  if (!loc.ref) throw redirect(paths.repo.href(owner, repo));
  void queryClient.prefetchQuery(contentsQueries.latestCommit(owner, repo, loc.ref, loc.path));
  prefetchShown(owner, repo, kind, loc.ref, loc.ref, loc.path, await queryClient.ensureQueryData(contentsQueries.contents(owner, repo, loc.ref, loc.path)));
  return loc;
}

export function Component() {
  const { owner, repo } = useParams() as { owner: string; repo: string };
  const loc = useLoaderData<typeof loader>();
  const { data: repository } = useSuspenseQuery(repoQueries.detail(owner, repo));
  // The home reads as GitHub's "owner/repo: description"; a file or folder as "path at ref · owner/repo".
  useDocumentTitle(
    loc.path
      ? `${loc.path} at ${loc.ref || repository.default_branch}`
      : `${repository.full_name}${repository.description ? `: ${repository.description}` : ''}`,
    loc.path && repository.full_name,
  );
  if (repository.empty) {
    return (
      <EmptyRepo cloneUrl={repository.clone_url} defaultBranch={repository.default_branch} canPush={!!repository.permissions?.push && !repository.archived} />
    );
  }
  return <CodePage repository={repository} loc={loc} />;
}

export const ErrorBoundary = RouteError;

function CodePage({ repository, loc }: { repository: Repository; loc: RefLocation }) {
  const owner = repository.owner.login;
  const repo = repository.name;
  // What links and the ref switcher show; the API query keeps '' for the default branch.
  const ref = loc.ref || repository.default_branch;
  const kind: RefKind = loc.kind;
  const { data: contents } = useSuspenseQuery(contentsQueries.contents(owner, repo, loc.ref, loc.path));
  const latest = useQuery(contentsQueries.latestCommit(owner, repo, loc.ref, loc.path));
  const branches = useQuery(branchQueries.list(owner, repo));
  const tags = useQuery(branchQueries.tags(owner, repo));
  // Code search is this forge's extension: the box shows only where the server offers it.
  const searchable = useQuery(codeSearchQueries.supported(owner, repo));
  const historyHref = paths.commits.href(owner, repo, kind, ref, loc.path);
  // Raw files of these answer only with the session token, which plain links and images lack.
  const privateRepo = repository.private || repository.internal;
  const session = useSession();
  // Editing needs a branch and write access to the code (an archived repository takes none).
  const canEdit = kind === 'branch' && !!repository.permissions?.push && !repository.archived;

  return (
    <div>
      <Suspense fallback={null}>
        {!loc.path && session && <RecentPushBanner repository={repository} />}
        {!loc.path && kind === 'branch' && repository.parent && <UpstreamBanner key={ref} fork={repository} parent={repository.parent} branch={ref} />}
      </Suspense>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <RefSwitcher
          kind={kind}
          current={ref}
          branches={branches.data?.branches.map((b) => b.name) ?? [ref]}
          tags={tags.data?.tags.map((t) => t.name) ?? []}
          defaultBranch={repository.default_branch}
          hrefFor={(k, name) => paths.src.href(owner, repo, k, name, loc.path)}
        />
        <Breadcrumbs owner={owner} repo={repo} kind={kind} refName={ref} path={loc.path} />
        {canEdit && isDirListing(contents) && <FolderEditLinks owner={owner} repo={repo} branch={ref} dir={loc.path} />}
        {!loc.path && <Downloads owner={owner} repo={repo} refName={ref} privateRepo={privateRepo} />}
        {searchable.data && <CodeSearchBox owner={owner} repo={repo} refName={loc.ref || undefined} />}
      </div>
      <LatestCommitBar owner={owner} repo={repo} commit={latest.data} pending={latest.isPending} historyHref={historyHref} />
      {isDirListing(contents) ? (
        <>
          <div className="overflow-hidden rounded-b-lg border border-t-0 border-gray-200 dark:border-gray-800">
            {contents.length ? (
              <FileTree owner={owner} repo={repo} kind={kind} refName={ref} path={loc.path} entries={contents} />
            ) : (
              <p className="px-3 py-6 text-center text-sm text-gray-500 dark:text-gray-400">This folder is empty.</p>
            )}
          </div>
          <Readme owner={owner} repo={repo} kind={kind} apiRef={loc.ref} refName={ref} dir={loc.path} entries={contents} privateRepo={privateRepo} />
        </>
      ) : (
        <div className="mt-3">
          <Suspense fallback={<Spinner />}>
            <FileView
              file={contents}
              rawHref={rawUrl(owner, repo, ref, contents.path)}
              historyHref={historyHref}
              blameHref={paths.blame.href(owner, repo, kind, ref, contents.path)}
              // Pinned to the last commit that touched the file: the same bytes at an unchanging URL.
              permalink={
                contents.last_commit_sha
                  ? `${window.location.origin}${paths.src.href(owner, repo, 'commit', contents.last_commit_sha, contents.path)}`
                  : undefined
              }
              privateRepo={privateRepo}
              actions={
                canEdit && contents.type === 'file' ? (
                  <FileEditLinks owner={owner} repo={repo} branch={ref} path={contents.path} editable={contents.content != null} />
                ) : undefined
              }
              renderMarkdown={(source) => (
                <MarkdownView
                  source={source}
                  privateRepo={privateRepo}
                  baseHref={folderHref(owner, repo, kind, ref, parentPath(contents.path))}
                  imageBaseHref={rawFolderUrl(owner, repo, ref, parentPath(contents.path))}
                />
              )}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}

const downloadLink =
  'rounded-md border border-gray-300 px-2.5 py-1 text-xs font-medium text-gray-800 hover:bg-gray-50 dark:border-gray-700 dark:text-gray-200 dark:hover:bg-gray-800';

/** The repository at this ref as an archive (Gitea's /archive/{ref}.zip|.tar.gz), and the tags. */
function Downloads({ owner, repo, refName, privateRepo }: { owner: string; repo: string; refName: string; privateRepo: boolean }) {
  return (
    <div role="group" aria-label="Download and tags" className="ml-auto flex items-center gap-2">
      <Link to={paths.tags.href(owner, repo)} className={downloadLink}>
        Tags
      </Link>
      <span className="text-xs text-gray-600 dark:text-gray-400">Download</span>
      <RawLink
        href={archiveUrl(owner, repo, refName, 'zip')}
        name={archiveName(repo, refName, 'zip')}
        action="download"
        privateRepo={privateRepo}
        className={downloadLink}
      >
        ZIP
      </RawLink>
      <RawLink
        href={archiveUrl(owner, repo, refName, 'tar.gz')}
        name={archiveName(repo, refName, 'tar.gz')}
        action="download"
        privateRepo={privateRepo}
        className={downloadLink}
      >
        TAR.GZ
      </RawLink>
    </div>
  );
}
