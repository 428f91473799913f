// Archive / unarchive and delete, each behind a confirmation.
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { Repository } from '../api/repo-queries';
import { useEditRepo } from '../api/use-edit-repo';
import { RepoSettingsDeleteDialog } from './repo-settings-delete-dialog';

export function RepoSettingsDangerZone({ repo, onDeleted }: { repo: Repository; onDeleted: () => void }) {
  const owner = repo.owner.login;
  const [dialog, setDialog] = useState<'archive' | 'delete' | null>(null);
  const edit = useEditRepo(owner, repo.name);
  const archiving = !repo.archived;
  const close = () => {
    edit.reset();
    setDialog(null);
  };
  const archive = () =>
    edit.mutate(
      { archived: archiving },
      {
        onSuccess: () => {
          toast.success(archiving ? 'Repository archived' : 'Repository unarchived');
          close();
        },
      },
    );
  const row = 'flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between';
  return (
    <section aria-labelledby="danger-zone-heading" className="space-y-2">
      <h2 id="danger-zone-heading" className="text-base font-semibold text-red-700 dark:text-red-400">
        Danger zone
      </h2>
      <div className="divide-y divide-red-200 rounded-lg border border-red-300 dark:divide-red-900 dark:border-red-800">
        <div className={row}>
          <div>
            <h3 className="text-sm font-semibold">{archiving ? 'Archive this repository' : 'Unarchive this repository'}</h3>
            <p className="text-sm text-gray-600 dark:text-gray-400">
              {archiving
                ? 'Make it read-only: pushes, new branches, issues and pull requests are refused.'
                : 'It is archived now, so pushes, new branches, issues, pull requests and comments are refused. Unarchive it to accept them again.'}
            </p>
          </div>
          <Button variant="secondary" className="shrink-0 text-red-700 dark:text-red-400" onClick={() => setDialog('archive')}>
            {archiving ? 'Archive' : 'Unarchive'}
          </Button>
        </div>
        <div className={row}>
          <div>
            <h3 className="text-sm font-semibold">Delete this repository</h3>
            <p className="text-sm text-gray-600 dark:text-gray-400">Removes it for good, with everything in it.</p>
          </div>
          <Button variant="danger" className="shrink-0" onClick={() => setDialog('delete')}>
            Delete
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={dialog === 'archive'}
        onClose={close}
        title={archiving ? 'Archive this repository?' : 'Unarchive this repository?'}
        confirmLabel={archiving ? 'Archive' : 'Unarchive'}
        danger
        pending={edit.isPending}
        error={edit.error}
        onConfirm={archive}
      >
        {archiving
          ? 'Everyone can still read and clone it, but every change is refused until it is unarchived.'
          : 'People with write access will be able to change it again.'}
      </ConfirmDialog>
      <RepoSettingsDeleteDialog owner={owner} repo={repo.name} open={dialog === 'delete'} onClose={() => setDialog(null)} onDeleted={onDeleted} />
    </section>
  );
}
