// Renaming and deleting an organization. Renaming warns that links move; deleting needs the name
// typed and shows the server's reason when it refuses (it still owns repositories).
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorNotice } from '@/components/ui/error-notice';
import { TextField } from '@/components/ui/field';
import { TypedNameDeleteForm } from '@/components/ui/typed-name-delete-form';
import { orgErrorText, orgFormErrors } from './org-errors';
import { useDeleteOrg } from '../api/use-delete-org';
import { useRenameOrg } from '../api/use-rename-org';
import { ORG_LIMITS } from './org-limits';

export function OrgDangerZone({ org, onRenamed, onDeleted }: { org: string; onRenamed: (name: string) => void; onDeleted: () => void }) {
  const [name, setName] = useState(org);
  const rename = useRenameOrg(org);
  const [deleting, setDeleting] = useState(false);
  const renameErr = orgFormErrors(rename.error, ['new_name', 'username'], 'new_name');
  return (
    <section aria-labelledby="danger-title" className="space-y-4 rounded-lg border border-red-300 p-4 dark:border-red-800">
      <h2 id="danger-title" className="text-base font-semibold text-red-700 dark:text-red-400">
        Danger zone
      </h2>
      <form
        className="space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          const next = name.trim();
          if (next && next !== org) rename.mutate(next, { onSuccess: (name) => onRenamed(name) });
        }}
      >
        <TextField
          label="Rename organization"
          name="new_name"
          value={name}
          maxLength={ORG_LIMITS.username}
          onChange={(e) => setName(e.target.value)}
          error={renameErr.fields.new_name ?? renameErr.fields.username}
          hint={`${name.length} / ${ORG_LIMITS.username}`}
        />
        <p role="note" className="text-sm text-amber-800 dark:text-amber-300">
          Links to the old name, clone URLs and remotes will point elsewhere once someone takes the name; update them.
        </p>
        <ErrorNotice error={renameErr.general} />
        <Button type="submit" disabled={rename.isPending || !name.trim() || name.trim() === org}>
          {rename.isPending ? 'Renaming…' : 'Rename'}
        </Button>
      </form>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-red-200 pt-4 dark:border-red-900">
        <p className="text-sm">Delete this organization. Its repositories must be moved or deleted first.</p>
        <Button variant="danger" onClick={() => setDeleting(true)}>
          Delete organization
        </Button>
      </div>
      <Dialog open={deleting} onClose={() => setDeleting(false)} title="Delete this organization">
        <DeleteForm org={org} onClose={() => setDeleting(false)} onDeleted={onDeleted} />
      </Dialog>
    </section>
  );
}

function DeleteForm({ org, onClose, onDeleted }: { org: string; onClose: () => void; onDeleted: () => void }) {
  const del = useDeleteOrg(org);
  return (
    <TypedNameDeleteForm
      name={org}
      actionLabel="Delete this organization"
      pending={del.isPending}
      error={orgErrorText(del.error)}
      onDelete={() => del.mutate(undefined, { onSuccess: onDeleted })}
      onClose={onClose}
    >
      This permanently deletes <strong>{org}</strong> with its teams and memberships. It cannot be undone.
    </TypedNameDeleteForm>
  );
}
