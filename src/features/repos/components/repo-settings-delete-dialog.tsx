// Deleting is permanent, so the button unlocks only once "owner/name" is typed exactly.
import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { ErrorNotice } from '@/components/ui/error-notice';
import { isApiError } from '@/lib/api/api-error';
import { useDeleteRepo } from '../api/use-delete-repo';

export function RepoSettingsDeleteDialog({ owner, repo, open, onClose, onDeleted }: { owner: string; repo: string; open: boolean; onClose: () => void; onDeleted: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Delete this repository">
      <DeleteForm owner={owner} repo={repo} onClose={onClose} onDeleted={onDeleted} />
    </Dialog>
  );
}

function DeleteForm({ owner, repo, onClose, onDeleted }: { owner: string; repo: string; onClose: () => void; onDeleted: () => void }) {
  const [typed, setTyped] = useState('');
  const del = useDeleteRepo(owner, repo);
  const fullName = `${owner}/${repo}`;
  const confirmed = typed === fullName;
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (confirmed) del.mutate(undefined, { onSuccess: onDeleted });
      }}
    >
      <p className="text-sm">
        This permanently deletes <strong className="break-all">{fullName}</strong> with its git data, issues, pull requests and releases. It cannot be undone.
      </p>
      <TextField
        label={
          <>
            Type <code className="rounded bg-gray-100 px-1 font-mono dark:bg-gray-800">{fullName}</code> to confirm
          </>
        }
        name="confirm"
        autoComplete="off"
        autoFocus
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
      />
      <ErrorNotice
        error={
          // Our server (like the compat rules) refuses every write but PATCH on an archived repository.
          isApiError(del.error) && del.error.status === 423 ? new Error('This repository is archived. Unarchive it first, then delete it.') : del.error
        }
      />
      <div className="flex justify-end gap-2">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="danger" disabled={!confirmed || del.isPending}>
          {del.isPending ? 'Deleting…' : 'Delete this repository'}
        </Button>
      </div>
    </form>
  );
}
