// Editing a file in the browser (/{owner}/{repo}/_edit/{branch}/{path}) and creating one
// (/_new/{branch}/{dir}), as Gitea's editor: a CodeMirror editor (loaded only here), a preview
// (Markdown rendered, otherwise the diff of the change) and the commit form. Commits go through
// the contents API in one commit, to the branch or to a new branch and on to a pull request.
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useLoaderData, useLocation, useNavigate, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../query-client';
import { RouteError } from '../layout/route-error';
import { paths } from '@/lib/paths';
import { errorMessage } from '@/lib/api/api-error';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Spinner } from '@/components/ui/spinner';
import { inputClass } from '@/components/ui/field';
import { contentsQueries, isDirListing } from '@/features/code/api/contents-queries';
import { base64ToBytes, bytesToText, isMarkdown } from '@/features/code/lib/blob';
import { parentPath } from '@/features/code/lib/ref-path';
import { MarkdownView } from '@/features/markdown/components/markdown-view';
import { LazyDiffFiles } from '@/features/diff/components/diff-view';
import { CommitForm, type CommitChoice } from '@/features/editor/components/commit-form';
import { useChangeFiles } from '@/features/editor/api/use-change-files';
import { textToBase64 } from '@/features/editor/lib/encode';
import { unifiedDiff } from '@/features/editor/lib/line-diff';
import { afterCommitHref, loadEditLocation, NoWriteAccess, useBranchWrite, type EditLocation } from './repo-edit-shared';

const CodeEditor = lazy(() => import('@/features/editor/components/code-editor').then((m) => ({ default: m.CodeEditor })));

export async function loader(args: LoaderFunctionArgs): Promise<EditLocation & { mode: 'edit' | 'new' }> {
  const mode = new URL(args.request.url).pathname.includes('/_new/') ? 'new' : 'edit';
  void import('@/features/editor/components/code-editor');
  const loc = await loadEditLocation(args);
  if (mode === 'edit') await queryClient.ensureQueryData(contentsQueries.contents(args.params.owner!, args.params.repo!, loc.branch, loc.path));
  return { ...loc, mode };
}

export const ErrorBoundary = RouteError;

export function Component() {
  const { owner, repo } = useParams() as { owner: string; repo: string };
  const loc = useLoaderData<typeof loader>();
  const write = useBranchWrite(owner, repo, loc.branch);
  useDocumentTitle(loc.mode === 'edit' ? `Editing ${loc.path} at ${loc.branch}` : `New file at ${loc.branch}`, write.repository.full_name);
  if (!write.canWrite) return <NoWriteAccess owner={owner} repo={repo} branch={loc.branch} path={loc.mode === 'edit' ? loc.path : loc.path} />;
  if (!write.ready) return <Spinner label="Loading the branch" />;
  return <Editor key={`${loc.mode}:${loc.branch}:${loc.path}`} owner={owner} repo={repo} loc={loc} write={write} />;
}

const tabClass = (on: boolean) =>
  `px-3 py-1.5 text-sm font-medium ${on ? 'bg-white text-gray-900 dark:bg-gray-800 dark:text-gray-100' : 'text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-gray-100'}`;

function Editor(props: { owner: string; repo: string; loc: EditLocation & { mode: 'edit' | 'new' }; write: ReturnType<typeof useBranchWrite> }) {
  const { owner, repo, loc, write } = props;
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const preview = params.get('tab') === 'preview';
  const existing = useQuery({ ...contentsQueries.contents(owner, repo, loc.branch, loc.path), enabled: loc.mode === 'edit' });
  const file = existing.data && !isDirListing(existing.data) ? existing.data : null;
  const original = useMemo(() => (file?.content != null ? bytesToText(base64ToBytes(file.content)) : null), [file]);
  const dir = loc.mode === 'edit' ? parentPath(loc.path) : loc.path;
  const [name, setName] = useState(loc.mode === 'edit' ? (file?.name ?? '') : (params.get('filename') ?? ''));
  const [text, setText] = useState(original ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const change = useChangeFiles(owner, repo);

  if (loc.mode === 'edit' && (!file || file.type !== 'file' || original === null)) {
    return (
      <p className="rounded-lg border border-gray-200 p-6 text-sm dark:border-gray-800">
        This file can’t be edited in the browser (it is binary, too large, or not a regular file).{' '}
        <Link className="font-medium text-indigo-600 hover:underline dark:text-indigo-400" to={paths.src.href(owner, repo, 'branch', loc.branch, loc.path)}>
          Back to the file
        </Link>
      </p>
    );
  }

  const newPath = [dir, name.trim()].filter(Boolean).join('/');
  const defaultMessage = loc.mode === 'new' ? `Add ${newPath || 'new file'}` : `Update ${newPath}`;
  const unchanged = loc.mode === 'edit' && text === original && newPath === loc.path;
  const setTab = (tab: 'edit' | 'preview') => {
    const q = new URLSearchParams(params);
    if (tab === 'preview') q.set('tab', 'preview');
    else q.delete('tab');
    setParams(q, { replace: true, state: location.state });
  };

  const commit = (choice: CommitChoice) => {
    if (!name.trim() || name.includes('..')) {
      setNameError('Name the file (a name without “..”)');
      return;
    }
    setNameError(null);
    const op =
      loc.mode === 'new'
        ? { operation: 'create' as const, path: newPath, content: textToBase64(text) }
        : { operation: 'update' as const, path: newPath, from_path: newPath !== loc.path ? loc.path : undefined, content: textToBase64(text), sha: file!.sha };
    change.mutate(
      { branch: loc.branch, new_branch: choice.newBranch ?? undefined, message: choice.message, files: [op] },
      { onSuccess: () => void navigate(afterCommitHref(owner, repo, loc.branch, choice.newBranch, newPath)) },
    );
  };

  return (
    <div>
      <div className="mb-3 flex flex-wrap items-center gap-2 text-sm">
        <Link to={paths.src.href(owner, repo, 'branch', loc.branch)} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
          {repo}
        </Link>
        {dir && <span className="font-mono text-gray-600 dark:text-gray-400">/ {dir} /</span>}
        {!dir && <span className="text-gray-600 dark:text-gray-400">/</span>}
        <div className="min-w-48 flex-1 sm:max-w-xs">
          <label htmlFor="edit-filename" className="sr-only">
            File name
          </label>
          <input
            id="edit-filename"
            className={`${inputClass} py-1 font-mono`}
            placeholder="Name your file…"
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={!!nameError}
            aria-describedby={nameError ? 'edit-filename-error' : undefined}
          />
        </div>
        <span className="text-gray-600 dark:text-gray-400">
          in <code className="rounded bg-gray-100 px-1 font-mono text-xs dark:bg-gray-800">{loc.branch}</code>
        </span>
        <Link
          to={loc.mode === 'edit' ? paths.src.href(owner, repo, 'branch', loc.branch, loc.path) : paths.src.href(owner, repo, 'branch', loc.branch, dir)}
          className="ml-auto rounded-md border border-gray-300 px-3 py-1 text-sm font-medium hover:bg-gray-50 dark:border-gray-700 dark:hover:bg-gray-800"
        >
          Cancel
        </Link>
      </div>
      {nameError && (
        <p id="edit-filename-error" role="alert" className="mb-2 text-sm text-red-600 dark:text-red-400">
          {nameError}
        </p>
      )}
      <div className="overflow-hidden rounded-lg border border-gray-200 dark:border-gray-800">
        <div role="group" aria-label="Editor view" className="flex border-b border-gray-200 bg-gray-50 dark:border-gray-800 dark:bg-gray-900">
          <button type="button" aria-pressed={!preview} className={tabClass(!preview)} onClick={() => setTab('edit')}>
            {loc.mode === 'new' ? 'Edit new file' : 'Edit file'}
          </button>
          <button type="button" aria-pressed={preview} className={tabClass(preview)} onClick={() => setTab('preview')}>
            {isMarkdown(newPath) ? 'Preview' : 'Preview changes'}
          </button>
        </div>
        <div hidden={preview}>
          <Suspense fallback={<Spinner label="Loading the editor" />}>
            <CodeEditor filename={newPath || 'file.txt'} value={text} onChange={setText} label={`Contents of ${newPath || 'the new file'}`} />
          </Suspense>
        </div>
        {preview && (
          <div className="p-4">
            {isMarkdown(newPath) ? (
              <MarkdownView source={text} />
            ) : (
              <LazyDiffFiles
                diff={unifiedDiff(newPath || 'new file', loc.mode === 'new' ? null : original, text, loc.mode === 'new' ? undefined : loc.path)}
                style="unified"
                emptyText="No changes yet."
              />
            )}
          </div>
        )}
      </div>
      <CommitForm
        branch={loc.branch}
        canPushBranch={write.canPushBranch}
        pushBlockedReason={write.pushBlockedReason}
        defaultMessage={defaultMessage}
        suggestedBranch={write.suggestedBranch}
        busy={change.isPending}
        error={change.error ? errorMessage(change.error) : null}
        disabled={unchanged}
        onCommit={commit}
      />
    </div>
  );
}
