// Confirms before deleting a tag; deletion cannot be undone from the web app.
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeleteTag } from '../api/use-delete-tag';

export function DeleteTagDialog({ owner, repo, tag, onClose }: { owner: string; repo: string; tag: string | null; onClose: () => void }) {
  const del = useDeleteTag(owner, repo);
  const close = () => {
    del.reset();
    onClose();
  };
  const confirm = () => {
    if (tag === null) return;
    del.mutate(tag, {
      onSuccess: () => {
        toast.success(`Tag ${tag} deleted`);
        close();
      },
    });
  };
  return (
    <ConfirmDialog
      open={tag !== null}
      onClose={close}
      title="Delete tag"
      confirmLabel="Delete tag"
      pendingLabel="Deleting…"
      danger
      pending={del.isPending}
      error={del.error}
      onConfirm={confirm}
    >
      Delete the tag <strong className="font-mono break-all">{tag}</strong>? Its commit stays in the history; clones that fetched the tag keep their copy.
    </ConfirmDialog>
  );
}
