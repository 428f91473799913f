// Confirms before deleting a branch; deletion cannot be undone from the web app.
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeleteBranch } from '../api/use-delete-branch';

export function DeleteBranchDialog({ owner, repo, branch, onClose }: { owner: string; repo: string; branch: string | null; onClose: () => void }) {
  const del = useDeleteBranch(owner, repo);
  const close = () => {
    del.reset();
    onClose();
  };
  const confirm = () => {
    if (branch === null) return;
    del.mutate(branch, {
      onSuccess: () => {
        toast.success(`Branch ${branch} deleted`);
        close();
      },
    });
  };
  return (
    <ConfirmDialog
      open={branch !== null}
      onClose={close}
      title="Delete branch"
      confirmLabel="Delete branch"
      pendingLabel="Deleting…"
      danger
      pending={del.isPending}
      error={del.error}
      onConfirm={confirm}
    >
      Delete the branch <strong className="font-mono break-all">{branch}</strong>? Its commits stay reachable only from other branches and tags.
    </ConfirmDialog>
  );
}
