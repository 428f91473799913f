// One file: a header (lines, size, Raw, History) and its body — highlighted lines with anchors,
// an image, a note for binary or too-large files, or rendered Markdown (toggle with ?display=source).
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { ContentsResponse } from '../api/contents-queries';
import { formatBytes } from '@/lib/format';
import { base64ToBytes, bytesToText, imageType, isMarkdown, splitLines } from '../lib/blob';
import { highlightLines } from '../lib/highlight';
import { CodeLines } from './code-lines';
import { RawLink } from './raw-link';
import { copyText } from '@/components/ui/copy-button';
import './hljs-theme.css';

/** Past this, highlighting costs more than it helps; the lines are shown plain. */
const HIGHLIGHT_LIMIT = 1024 * 1024;

interface FileViewProps {
  file: ContentsResponse;
  rawHref: string;
  historyHref: string;
  /** The blame page of this file at the same ref. */
  blameHref?: string;
  /** The absolute URL of this file pinned to a commit SHA, for "Copy permalink". */
  permalink?: string;
  /** Private or internal repository: raw bytes need the session token, so Raw/Download fetch them. */
  privateRepo?: boolean;
  /** Renders Markdown; supplied by the page, which composes the markdown feature. */
  renderMarkdown?: (source: string) => ReactNode;
  /** More header actions from the page (Edit and Delete for writers). */
  actions?: ReactNode;
}

type Body = { kind: 'text'; text: string; lines: string[] } | { kind: 'image'; src: string } | { kind: 'binary' } | { kind: 'missing' };

function readBody(file: ContentsResponse): Body {
  const content = file.content;
  if (content === undefined || content === null) return { kind: 'missing' };
  const type = imageType(file.name);
  if (type) return { kind: 'image', src: `data:${type};base64,${content.replace(/\s+/g, '')}` };
  const text = bytesToText(base64ToBytes(content));
  if (text === null) return { kind: 'binary' };
  return { kind: 'text', text, lines: splitLines(text) };
}

function useHighlighted(text: string | null, filename: string) {
  const [result, setResult] = useState<{ text: string; lines: string[] | null } | null>(null);
  useEffect(() => {
    if (text === null || text.length > HIGHLIGHT_LIMIT) return;
    let live = true;
    highlightLines(text, filename)
      .then((lines) => live && setResult({ text, lines }))
      .catch(() => live && setResult({ text, lines: null }));
    return () => {
      live = false;
    };
  }, [text, filename]);
  return result && result.text === text ? result.lines : null;
}

const inlineLink = 'font-medium text-indigo-600 hover:underline dark:text-indigo-400';

/** The file's bytes from the contents response, decoded only when Raw/Download asks for them. */
const contentBytes = (file: ContentsResponse) => () => (file.type === 'file' && file.content != null ? base64ToBytes(file.content) : null);

const toolLink = 'rounded-md border border-gray-300 px-2.5 py-1 text-xs font-medium hover:bg-gray-50 dark:border-gray-700 dark:hover:bg-gray-800';

export function FileView({ file, rawHref, historyHref, blameHref, permalink, privateRepo = false, renderMarkdown, actions }: FileViewProps) {
  const body = useMemo(() => readBody(file), [file]);
  const [params] = useSearchParams();
  // A selected line range travels with the permalink, as on GitHub and Gitea.
  const { hash } = useLocation();
  const text = body.kind === 'text' ? body.text : null;
  const highlighted = useHighlighted(text, file.name);
  const markdown = body.kind === 'text' && !!renderMarkdown && isMarkdown(file.name);
  const showSource = params.get('display') === 'source';

  const toggle = (source: boolean) => {
    const q = new URLSearchParams(params);
    if (source) q.set('display', 'source');
    else q.delete('display');
    const s = q.toString();
    return s ? `?${s}` : '?';
  };

  return (
    <section aria-label={`File ${file.name}`} className="overflow-hidden rounded-lg border border-gray-200 dark:border-gray-800">
      <header className="flex flex-wrap items-center gap-2 border-b border-gray-200 bg-gray-50 px-3 py-2 text-xs text-gray-600 dark:border-gray-800 dark:bg-gray-900 dark:text-gray-400">
        {markdown && (
          <nav aria-label="Display" className="flex overflow-hidden rounded-md border border-gray-300 dark:border-gray-700">
            <Link
              to={toggle(false)}
              aria-current={!showSource ? 'page' : undefined}
              className={`px-2.5 py-1 font-medium ${!showSource ? 'bg-white text-gray-900 dark:bg-gray-800 dark:text-gray-100' : ''}`}
            >
              Preview
            </Link>
            <Link
              to={toggle(true)}
              aria-current={showSource ? 'page' : undefined}
              className={`px-2.5 py-1 font-medium ${showSource ? 'bg-white text-gray-900 dark:bg-gray-800 dark:text-gray-100' : ''}`}
            >
              Code
            </Link>
          </nav>
        )}
        <span>
          {body.kind === 'text' && `${body.lines.length} ${body.lines.length === 1 ? 'line' : 'lines'} · `}
          {formatBytes(file.size ?? 0)}
        </span>
        <span className="ml-auto flex gap-2">
          {actions}
          <RawLink href={rawHref} name={file.name} action="open" privateRepo={privateRepo} bytes={contentBytes(file)} className={toolLink}>
            Raw
          </RawLink>
          {blameHref && body.kind === 'text' && (
            <Link to={blameHref} className={toolLink}>
              Blame
            </Link>
          )}
          <Link to={historyHref} className={toolLink}>
            History
          </Link>
          {permalink && (
            <button
              type="button"
              onClick={() => void copyText(`${permalink}${/^#L\d/.test(hash) ? hash : ''}`)}
              className={`${toolLink} cursor-pointer`}
              title="Copy a link to this file at this commit"
            >
              Copy permalink
            </button>
          )}
        </span>
      </header>
      <FileBody
        file={file}
        body={body}
        highlighted={highlighted}
        rawHref={rawHref}
        privateRepo={privateRepo}
        markdown={markdown && !showSource ? renderMarkdown : undefined}
      />
    </section>
  );
}

function FileBody({
  file,
  body,
  highlighted,
  rawHref,
  privateRepo,
  markdown,
}: {
  file: ContentsResponse;
  body: Body;
  highlighted: string[] | null;
  rawHref: string;
  privateRepo: boolean;
  markdown?: (source: string) => ReactNode;
}) {
  const note = 'px-4 py-10 text-center text-sm text-gray-600 dark:text-gray-400';
  if (file.type === 'symlink' && file.target) {
    return (
      <p className={note}>
        Symbolic link to <code className="font-mono">{file.target}</code>
      </p>
    );
  }
  if (file.type === 'submodule') {
    return (
      <p className={note}>
        Submodule
        {file.submodule_git_url ? (
          <>
            {' '}
            at <code className="font-mono">{file.submodule_git_url}</code>
          </>
        ) : null}
      </p>
    );
  }
  switch (body.kind) {
    case 'image':
      return (
        <div className="flex justify-center bg-[repeating-conic-gradient(#f3f4f6_0%_25%,transparent_0%_50%)] bg-[length:16px_16px] p-4 dark:bg-[repeating-conic-gradient(#1f2937_0%_25%,transparent_0%_50%)]">
          <img src={body.src} alt={file.name} className="max-h-[70vh] max-w-full" />
        </div>
      );
    case 'binary':
      return (
        <p className={note}>
          This file is binary and cannot be shown.{' '}
          <RawLink href={rawHref} name={file.name} action="download" privateRepo={privateRepo} bytes={contentBytes(file)} className={inlineLink}>
            Download it
          </RawLink>
        </p>
      );
    case 'missing':
      return (
        <p className={note}>
          This file is too large to show.{' '}
          <RawLink href={rawHref} name={file.name} action="open" privateRepo={privateRepo} className={inlineLink}>
            View the raw file
          </RawLink>
        </p>
      );
    case 'text':
      if (markdown) return <div className="px-4 py-5 sm:px-8">{markdown(body.text)}</div>;
      if (body.lines.length === 0) return <p className={note}>This file is empty.</p>;
      return <CodeLines lines={body.lines} highlighted={highlighted} />;
  }
}
