// Uploading files from the browser (/{owner}/{repo}/_upload/{branch}/{dir}), as Gitea's: drop or
// pick files, then one commit adds them (a file already there is replaced: its sha is looked up).
import { useState } from 'react';
import { useLoaderData, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import { RouteError } from '../layout/route-error';
import { queryClient } from '../query-client';
import { errorMessage } from '@/lib/api/api-error';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Spinner } from '@/components/ui/spinner';
import { contentsQueries, isDirListing } from '@/features/code/api/contents-queries';
import { CommitForm, type CommitChoice } from '@/features/editor/components/commit-form';
import { UploadDrop } from '@/features/editor/components/upload-drop';
import { useChangeFiles, type ChangeFilesOptions } from '@/features/editor/api/use-change-files';
import { bytesToBase64 } from '@/features/editor/lib/encode';
import { afterCommitHref, loadEditLocation, NoWriteAccess, useBranchWrite } from './repo-edit-shared';

export const loader = (args: LoaderFunctionArgs) => loadEditLocation(args);
export const ErrorBoundary = RouteError;

export function Component() {
  const { owner, repo } = useParams() as { owner: string; repo: string };
  const loc = useLoaderData<typeof loader>();
  const write = useBranchWrite(owner, repo, loc.branch);
  const [files, setFiles] = useState<File[]>([]);
  const [reading, setReading] = useState(false);
  const change = useChangeFiles(owner, repo);
  const navigate = useNavigate();
  useDocumentTitle(`Upload files to ${loc.path || '/'} at ${loc.branch}`, write.repository.full_name);
  if (!write.canWrite) return <NoWriteAccess owner={owner} repo={repo} branch={loc.branch} path={loc.path} />;
  if (!write.ready) return <Spinner label="Loading the branch" />;

  const commit = async (choice: CommitChoice) => {
    setReading(true);
    try {
      // Files already in the folder are replaced (an update with their current sha).
      const listing = await queryClient.fetchQuery({ ...contentsQueries.contents(owner, repo, loc.branch, loc.path), staleTime: 0 }).catch(() => [] as never[]);
      const existing = new Map((isDirListing(listing) ? listing : []).filter((e) => e.type === 'file').map((e) => [e.name, e.sha]));
      const ops: ChangeFilesOptions['files'] = [];
      for (const f of files) {
        const content = bytesToBase64(new Uint8Array(await f.arrayBuffer()));
        const path = [loc.path, f.name].filter(Boolean).join('/');
        const sha = existing.get(f.name);
        ops.push(sha ? { operation: 'update', path, content, sha } : { operation: 'create', path, content });
      }
      change.mutate(
        { branch: loc.branch, new_branch: choice.newBranch ?? undefined, message: choice.message, files: ops },
        { onSuccess: () => void navigate(afterCommitHref(owner, repo, loc.branch, choice.newBranch, loc.path)) },
      );
    } finally {
      setReading(false);
    }
  };

  return (
    <div>
      <h1 className="mb-3 text-lg font-semibold">
        Upload files to <code className="font-mono">{loc.path || '/'}</code> in <code className="font-mono">{loc.branch}</code>
      </h1>
      <UploadDrop files={files} onChange={setFiles} />
      <CommitForm
        branch={loc.branch}
        canPushBranch={write.canPushBranch}
        pushBlockedReason={write.pushBlockedReason}
        defaultMessage={`Upload files to "${loc.path || '/'}"`}
        suggestedBranch={write.suggestedBranch}
        busy={reading || change.isPending}
        error={change.error ? errorMessage(change.error) : null}
        disabled={!files.length}
        onCommit={(c) => void commit(c)}
      />
    </div>
  );
}
