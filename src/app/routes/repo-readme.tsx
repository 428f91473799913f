// A folder's README on the Code tab (the repository home's above all): Markdown is rendered by the
// server's POST /markdown (issue #22), so the page ships no Markdown renderer; the request starts
// as soon as the README's text is here (the loader starts it), beside the rest of the page's
// second round. A server without the endpoint gets the browser's renderer, loaded then.
import { lazy, Suspense, useMemo, type ComponentProps } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../query-client';
import { encPath, paths, type RefKind } from '@/lib/paths';
import { contentsQueries, isDirListing, rawUrl, type ContentsResponse } from '@/features/code/api/contents-queries';
import { base64ToBytes, bytesToText, findReadme, isMarkdown } from '@/features/code/lib/blob';
import { ReadmePanel } from '@/features/code/components/readme-panel';
import { MarkdownSkeleton } from '@/features/markdown/components/markdown-skeleton';
import { ServerMarkdown } from '@/features/markdown/components/server-markdown';
import { markdownQueries } from '@/features/markdown/api/markdown-render';

// The browser's renderer (and its highlighter loader) load only where they are drawn: a Markdown
// file's view, or a README on a server without POST /markdown.
const loadMarkdownView = () => import('@/features/markdown/components/markdown-view');
const LazyMarkdownView = lazy(() => loadMarkdownView().then((m) => ({ default: m.MarkdownView })));
/** Starts downloading the browser's renderer for a Markdown file's view, beside the file view's own code. */
export function preloadMarkdownView() {
  loadMarkdownView()
    .then((m) => m.preloadMarkdown())
    .catch(() => undefined);
}
export function MarkdownView(props: ComponentProps<typeof LazyMarkdownView>) {
  return (
    <Suspense fallback={<MarkdownSkeleton />}>
      <LazyMarkdownView {...props} />
    </Suspense>
  );
}

export const folderHref = (owner: string, repo: string, kind: RefKind, ref: string, dir: string) => `${paths.src.href(owner, repo, kind, ref, dir)}/`;
export const rawFolderUrl = (owner: string, repo: string, ref: string, dir: string) => rawUrl(owner, repo, ref, dir ? `${dir}/` : '');

/** The README's text, or null when the answer is not a file with content. */
const textOf = (file: ContentsResponse | ContentsResponse[] | undefined) =>
  !file || isDirListing(file) || !file.content ? null : bytesToText(base64ToBytes(file.content));

/** The server's rendering of a README: Gitea's Context is the folder's page, its images are under /media/. */
function readmeRender(owner: string, repo: string, kind: RefKind, refName: string, dir: string, file: ContentsResponse, text: string) {
  return markdownQueries.render(text, paths.src.href(owner, repo, kind, refName, dir), file.sha ?? file.path);
}

/** Starts the README's rendering once its text is here (the loader calls this; nothing waits for it). */
export function prefetchReadmeHtml(owner: string, repo: string, kind: RefKind, refName: string, dir: string, file: ContentsResponse | ContentsResponse[]) {
  const text = textOf(file);
  if (text === null || isDirListing(file) || !isMarkdown(file.name)) return;
  void queryClient.prefetchQuery(readmeRender(owner, repo, kind, refName, dir, file, text));
}

export function Readme(props: {
  owner: string;
  repo: string;
  kind: RefKind;
  apiRef: string;
  refName: string;
  dir: string;
  entries: ContentsResponse[];
  privateRepo: boolean;
}) {
  const { owner, repo, kind, apiRef, refName, dir, entries, privateRepo } = props;
  const entry = findReadme(entries);
  const { data } = useQuery({ ...contentsQueries.contents(owner, repo, apiRef, entry?.path ?? ''), enabled: !!entry });
  const text = useMemo(() => textOf(data), [data]);
  // The server's image URLs (…/media/{kind}/{ref}/path) become the API's raw files, as the
  // browser's renderer made them: a private repository's load with the session token.
  const images = useMemo(() => {
    const prefix = `/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/media/${kind}/${encPath(refName)}/`;
    return { prefix, to: (path: string) => rawUrl(owner, repo, refName, path) };
  }, [owner, repo, kind, refName]);
  if (!entry || text === null || !data || isDirListing(data)) return null;
  const baseHref = folderHref(owner, repo, kind, refName, dir);
  const imageBaseHref = rawFolderUrl(owner, repo, refName, dir);
  return (
    <ReadmePanel name={entry.name} href={paths.src.href(owner, repo, kind, refName, entry.path)}>
      {isMarkdown(entry.name) ? (
        <ServerMarkdown
          source={text}
          context={paths.src.href(owner, repo, kind, refName, dir)}
          sourceKey={data.sha ?? data.path}
          images={images}
          privateRepo={privateRepo}
          fallback={<MarkdownView source={text} baseHref={baseHref} imageBaseHref={imageBaseHref} privateRepo={privateRepo} />}
        />
      ) : (
        <pre className="font-mono text-sm whitespace-pre-wrap">{text}</pre>
      )}
    </ReadmePanel>
  );
}
