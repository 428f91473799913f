// Markdown the server rendered (POST /markdown): the page downloads no Markdown renderer and no
// highlighter for it (issue #22). The HTML is sanitized again here before it is inserted; links to
// this app's pages navigate inside it, images of a private repository load with the session token,
// and a server that cannot render (an older one) gets `fallback`, the browser's own renderer.
import { useEffect, useMemo, useRef, type MouseEvent, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { fetchBlob, isForgeApiUrl } from '@/lib/api/fetch-blob';
import { forgeOrigin } from '@/lib/config';
import { markdownQueries } from '../api/markdown-render';
import { loadTokenImages, prepareHtml, type HtmlOptions } from '../lib/server-html';
import { MarkdownSkeleton } from './markdown-skeleton';
import './markdown.css';

export interface ServerMarkdownProps {
  source: string;
  /** The folder page the text lives in, e.g. /owner/repo/src/branch/main/docs (Gitea's Context). */
  context: string;
  /** Names the text in the query key, e.g. the file's blob sha. */
  sourceKey: string;
  /** The server's image URLs under `prefix` and the URL each becomes (keep the object stable). */
  images?: HtmlOptions['images'];
  /** Raw files answer only with the session token: images from the API load through the API client. */
  privateRepo?: boolean;
  /** Drawn when the server cannot render the text. */
  fallback: ReactNode;
  className?: string;
}

export function ServerMarkdown({ source, context, sourceKey, images, privateRepo = false, fallback, className = '' }: ServerMarkdownProps) {
  const { data, isPending, isError } = useQuery(markdownQueries.render(source, context, sourceKey));
  const navigate = useNavigate();
  const root = useRef<HTMLDivElement>(null);
  const html = useMemo(
    () => (data ? prepareHtml(data, { origins: [window.location.origin, forgeOrigin()], images, needsToken: privateRepo ? isForgeApiUrl : undefined }) : ''),
    [data, images, privateRepo],
  );
  useEffect(() => {
    if (!privateRepo || !root.current) return;
    return loadTokenImages(root.current, (src, signal) => fetchBlob(src, { signal }));
  }, [html, privateRepo]);

  // Links to the app's own pages stay in the app (a new tab or window still opens as usual).
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element).closest('a');
    const href = a?.getAttribute('href');
    if (!a || !href || a.target || a.hasAttribute('download')) return;
    if (!href.startsWith('/') || href.startsWith('//') || href.startsWith('/api/')) return;
    e.preventDefault();
    void navigate(href);
  };

  if (isPending) return <MarkdownSkeleton />;
  if (isError || data === null) return <>{fallback}</>;
  return <div ref={root} className={`markdown ${className}`} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
