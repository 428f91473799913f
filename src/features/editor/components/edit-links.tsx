// The links into the editing pages: a file's Edit and Delete (file view header), and a folder's
// "New file" and "Upload files" (above the tree). Shown only to whoever may write to the code.
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

const toolLink = 'rounded-md border border-gray-300 px-2.5 py-1 text-xs font-medium hover:bg-gray-50 dark:border-gray-700 dark:hover:bg-gray-800';

export function FileEditLinks({ owner, repo, branch, path, editable }: { owner: string; repo: string; branch: string; path: string; editable: boolean }) {
  return (
    <>
      {editable && (
        <Link to={paths.editFile.href(owner, repo, branch, path)} className={toolLink} aria-label="Edit this file" title="Edit this file">
          <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14" className="inline fill-current align-[-2px]">
            <path d="M11.013 1.427a1.75 1.75 0 0 1 2.474 0l1.086 1.086a1.75 1.75 0 0 1 0 2.474l-8.61 8.61c-.21.21-.47.364-.756.445l-3.251.93a.75.75 0 0 1-.927-.928l.929-3.25c.081-.286.235-.547.445-.758l8.61-8.61Zm.176 4.823L9.75 4.81l-6.286 6.287a.253.253 0 0 0-.064.108l-.558 1.953 1.953-.558a.253.253 0 0 0 .108-.064Zm1.238-3.763a.25.25 0 0 0-.354 0L10.811 3.75l1.439 1.44 1.263-1.263a.25.25 0 0 0 0-.354Z" />
          </svg>{' '}
          Edit
        </Link>
      )}
      <Link
        to={paths.deleteFile.href(owner, repo, branch, path)}
        className={`${toolLink} text-red-700 dark:text-red-400`}
        aria-label="Delete this file"
        title="Delete this file"
      >
        Delete
      </Link>
    </>
  );
}

export function FolderEditLinks({ owner, repo, branch, dir }: { owner: string; repo: string; branch: string; dir: string }) {
  return (
    <div role="group" aria-label="Add files" className="flex gap-2">
      <Link to={paths.newFile.href(owner, repo, branch, dir)} className={toolLink}>
        New file
      </Link>
      <Link to={paths.uploadFiles.href(owner, repo, branch, dir)} className={toolLink}>
        Upload files
      </Link>
    </div>
  );
}
