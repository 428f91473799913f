// The labels of a repository: chip, description, open issues; writers edit inline and delete
// after a confirmation.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { Label } from '../api/label-queries';
import { useEditLabel } from '../api/use-edit-label';
import { useDeleteLabel } from '../api/use-delete-label';
import { LabelForm, type LabelFormProps } from './label-form';

export interface LabelListProps {
  owner: string;
  repo: string;
  labels: Label[];
  canEdit: boolean;
  /** Open issues per label id (undefined while counting). */
  openCounts: Record<number, number | undefined>;
  issuesHref: (label: Label) => string;
  renderChip: (label: Pick<Label, 'name' | 'color' | 'description' | 'exclusive'>) => ReactNode;
}

function DeleteLabelDialog({ owner, repo, label, onClose }: { owner: string; repo: string; label: Label | null; onClose: () => void }) {
  const del = useDeleteLabel(owner, repo);
  const confirm = () => {
    if (!label) return;
    del.mutate(label.id, {
      onSuccess: () => {
        toast.success(`Label “${label.name}” deleted`);
        onClose();
      },
    });
  };
  return (
    <ConfirmDialog
      open={!!label}
      onClose={onClose}
      title="Delete label"
      confirmLabel="Delete label"
      pendingLabel="Deleting…"
      danger
      pending={del.isPending}
      error={del.error}
      onConfirm={confirm}
    >
      Delete <strong>{label?.name}</strong>? It is removed from every issue that has it. This cannot be undone.
    </ConfirmDialog>
  );
}

function EditRow({
  owner,
  repo,
  label,
  onDone,
  preview,
}: {
  owner: string;
  repo: string;
  label: Label;
  onDone: () => void;
  preview: LabelFormProps['preview'];
}) {
  const edit = useEditLabel(owner, repo);
  return (
    <li className="bg-gray-50 px-4 py-4 dark:bg-gray-900/60">
      <LabelForm
        initial={label}
        submitLabel="Save label"
        pending={edit.isPending}
        error={edit.error}
        preview={preview}
        onCancel={onDone}
        onSubmit={(v) => edit.mutate({ id: label.id, ...v }, { onSuccess: onDone })}
      />
    </li>
  );
}

export function LabelList({ owner, repo, labels, canEdit, openCounts, issuesHref, renderChip }: LabelListProps) {
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Label | null>(null);
  return (
    <>
      <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800" aria-label="Labels">
        {labels.map((l) =>
          editing === l.id ? (
            <EditRow key={l.id} owner={owner} repo={repo} label={l} onDone={() => setEditing(null)} preview={renderChip} />
          ) : (
            <li key={l.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
              <div className="w-full min-w-0 sm:w-56">{renderChip(l)}</div>
              <p className="min-w-0 flex-1 text-sm text-gray-600 dark:text-gray-400">{l.description}</p>
              <Link to={issuesHref(l)} className="text-sm whitespace-nowrap text-gray-600 hover:text-indigo-600 hover:underline dark:text-gray-400">
                {openCounts[l.id] === undefined ? 'Open issues' : `${openCounts[l.id]} open issue${openCounts[l.id] === 1 ? '' : 's'}`}
              </Link>
              {canEdit && (
                <div className="flex gap-1">
                  <Button size="sm" variant="ghost" onClick={() => setEditing(l.id)} aria-label={`Edit label ${l.name}`}>
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-red-600 dark:text-red-400"
                    onClick={() => setDeleting(l)}
                    aria-label={`Delete label ${l.name}`}
                  >
                    Delete
                  </Button>
                </div>
              )}
            </li>
          ),
        )}
      </ul>
      <DeleteLabelDialog owner={owner} repo={repo} label={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
