// Milestones with their progress and due dates; writers edit, close/reopen and delete them.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { Milestone } from '../api/milestone-queries';
import { useEditMilestone } from '../api/use-edit-milestone';
import { useDeleteMilestone } from '../api/use-delete-milestone';
import { MilestoneForm } from './milestone-form';
import { MilestoneDue, MilestoneProgress } from './milestone-progress';

export interface MilestoneListProps {
  owner: string;
  repo: string;
  milestones: Milestone[];
  canEdit: boolean;
  href: (m: Milestone) => string;
  /** Renders a milestone description (Markdown, composed by the route). */
  renderDescription?: (source: string) => ReactNode;
}

function DeleteMilestoneDialog({ owner, repo, milestone, onClose }: { owner: string; repo: string; milestone: Milestone | null; onClose: () => void }) {
  const del = useDeleteMilestone(owner, repo);
  const confirm = () => {
    if (!milestone) return;
    del.mutate(milestone.id, {
      onSuccess: () => {
        toast.success(`Milestone “${milestone.title}” deleted`);
        onClose();
      },
    });
  };
  return (
    <ConfirmDialog
      open={!!milestone}
      onClose={onClose}
      title="Delete milestone"
      confirmLabel="Delete milestone"
      pendingLabel="Deleting…"
      danger
      pending={del.isPending}
      error={del.error}
      onConfirm={confirm}
    >
      Delete <strong>{milestone?.title}</strong>? Its issues stay, without a milestone. This cannot be undone.
    </ConfirmDialog>
  );
}

function MilestoneRow({
  owner,
  repo,
  m,
  canEdit,
  href,
  renderDescription,
  onDelete,
}: Omit<MilestoneListProps, 'milestones'> & { m: Milestone; onDelete: () => void }) {
  const [editing, setEditing] = useState(false);
  const edit = useEditMilestone(owner, repo);
  if (editing) {
    return (
      <li className="bg-gray-50 px-4 py-4 dark:bg-gray-900/60">
        <MilestoneForm
          initial={m}
          submitLabel="Save milestone"
          pending={edit.isPending}
          error={edit.error}
          onCancel={() => setEditing(false)}
          onSubmit={(v) => edit.mutate({ id: m.id, ...v }, { onSuccess: () => setEditing(false) })}
        />
      </li>
    );
  }
  const toggle = () =>
    edit.mutate(
      { id: m.id, state: m.state === 'open' ? 'closed' : 'open' },
      { onSuccess: () => toast.success(`Milestone “${m.title}” ${m.state === 'open' ? 'closed' : 'reopened'}`), onError: (e) => toast.error(e.message) },
    );
  return (
    <li className="grid gap-3 px-4 py-4 md:grid-cols-[minmax(0,1fr)_16rem]">
      <div className="min-w-0 space-y-1">
        <h2 className="text-lg font-semibold break-words">
          <Link to={href(m)} className="hover:text-indigo-600 hover:underline dark:hover:text-indigo-400">
            {m.title}
          </Link>
        </h2>
        <MilestoneDue milestone={m} />
        {m.description && (
          <div className="text-sm text-gray-700 dark:text-gray-300">{renderDescription ? renderDescription(m.description) : m.description}</div>
        )}
      </div>
      <div className="space-y-2">
        <MilestoneProgress milestone={m} />
        {canEdit && (
          <div className="flex flex-wrap gap-1">
            <Button size="sm" variant="ghost" onClick={() => setEditing(true)} aria-label={`Edit milestone ${m.title}`}>
              Edit
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={toggle}
              disabled={edit.isPending}
              aria-label={`${m.state === 'open' ? 'Close' : 'Reopen'} milestone ${m.title}`}
            >
              {m.state === 'open' ? 'Close' : 'Reopen'}
            </Button>
            <Button size="sm" variant="ghost" className="text-red-600 dark:text-red-400" onClick={onDelete} aria-label={`Delete milestone ${m.title}`}>
              Delete
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}

export function MilestoneList({ milestones, ...rest }: MilestoneListProps) {
  const [deleting, setDeleting] = useState<Milestone | null>(null);
  return (
    <>
      <ul aria-label="Milestones" className="divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
        {milestones.map((m) => (
          <MilestoneRow key={m.id} m={m} {...rest} onDelete={() => setDeleting(m)} />
        ))}
      </ul>
      <DeleteMilestoneDialog owner={rest.owner} repo={rest.repo} milestone={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
