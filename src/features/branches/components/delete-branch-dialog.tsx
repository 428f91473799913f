// Confirms before deleting a branch; deletion cannot be undone from the web app.
import { toast } from 'sonner';
import { Dialog } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { ErrorNotice } from '@/components/ui/error-notice';
import { useDeleteBranch } from '../api/use-delete-branch';

export function DeleteBranchDialog({ owner, repo, branch, onClose }: { owner: string; repo: string; branch: string | null; onClose: () => void }) {
  const del = useDeleteBranch(owner, repo);
  const close = () => {
    del.reset();
    onClose();
  };
  return (
    <Dialog open={branch !== null} onClose={close} title="Delete branch">
      {branch !== null && (
        <div className="space-y-4">
          <p className="text-sm">
            Delete the branch <strong className="break-all font-mono">{branch}</strong>? Its commits stay reachable only from other branches and tags.
          </p>
          <ErrorNotice error={del.error} />
          <div className="flex justify-end gap-2">
            <Button onClick={close}>Cancel</Button>
            <Button
              variant="danger"
              disabled={del.isPending}
              onClick={() =>
                del.mutate(branch, {
                  onSuccess: () => {
                    toast.success(`Branch ${branch} deleted`);
                    close();
                  },
                })
              }
            >
              {del.isPending ? 'Deleting…' : 'Delete branch'}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
