// Deleting is permanent, so the button unlocks only once "owner/name" is typed exactly.
import { Dialog } from '@/components/ui/dialog';
import { TypedNameDeleteForm } from '@/components/ui/typed-name-delete-form';
import { isApiError } from '@/lib/api/api-error';
import { useDeleteRepo } from '../api/use-delete-repo';

export function RepoSettingsDeleteDialog({
  owner,
  repo,
  open,
  onClose,
  onDeleted,
}: {
  owner: string;
  repo: string;
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Delete this repository">
      <DeleteForm owner={owner} repo={repo} onClose={onClose} onDeleted={onDeleted} />
    </Dialog>
  );
}

function DeleteForm({ owner, repo, onClose, onDeleted }: { owner: string; repo: string; onClose: () => void; onDeleted: () => void }) {
  const del = useDeleteRepo(owner, repo);
  const fullName = `${owner}/${repo}`;
  return (
    <TypedNameDeleteForm
      name={fullName}
      actionLabel="Delete this repository"
      pending={del.isPending}
      error={
        // Our server (like the compat rules) refuses every write but PATCH on an archived repository.
        isApiError(del.error) && del.error.status === 423 ? new Error('This repository is archived. Unarchive it first, then delete it.') : del.error
      }
      onDelete={() => del.mutate(undefined, { onSuccess: onDeleted })}
      onClose={onClose}
    >
      This permanently deletes <strong className="break-all">{fullName}</strong> with its git data, issues, pull requests and releases. It cannot be undone.
    </TypedNameDeleteForm>
  );
}
