// The repository's protection rules: name, priority, what each enforces, edit and delete (after
// a confirmation that says which branches lose their protection).
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import type { BranchProtection } from '../api/protection-queries';
import { useDeleteProtection } from '../api/use-delete-protection';
import { summarizeRule } from '../rule-summary';
import { matchingBranches } from '../glob';

export function ProtectionRuleList({
  owner,
  repo,
  rules,
  branches,
  editHref,
}: {
  owner: string;
  repo: string;
  rules: BranchProtection[];
  branches: string[];
  editHref: (ruleName: string) => string;
}) {
  const [deleting, setDeleting] = useState<string | null>(null);
  const del = useDeleteProtection(owner, repo);
  const close = () => {
    del.reset();
    setDeleting(null);
  };
  if (rules.length === 0) {
    return <EmptyState title="No protection rules">Any branch may be pushed to, force pushed, renamed or deleted by anyone with write access.</EmptyState>;
  }
  const lost = deleting ? matchingBranches(deleting, branches) : [];
  return (
    <>
      <ul aria-label="Protection rules" className="divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
        {rules.map((r) => (
          <li key={r.rule_name} aria-label={`Rule ${r.rule_name}`} className="flex flex-col gap-2 px-3 py-3 sm:flex-row sm:items-start sm:gap-4">
            <div className="min-w-0 flex-1 space-y-1.5">
              <div className="flex flex-wrap items-center gap-2">
                <span className="break-all font-mono text-sm font-semibold">{r.rule_name}</span>
                <span className="rounded-full border border-gray-300 px-2 py-0.5 text-xs text-gray-600 dark:border-gray-700 dark:text-gray-400">
                  priority {r.priority}
                </span>
              </div>
              <ul aria-label={`What ${r.rule_name} enforces`} className="flex flex-wrap gap-1.5">
                {summarizeRule(r).map((s) => (
                  <li key={s} className="rounded bg-gray-100 px-1.5 py-0.5 text-xs text-gray-700 dark:bg-gray-800 dark:text-gray-300">
                    {s}
                  </li>
                ))}
              </ul>
            </div>
            <div className="flex shrink-0 gap-2">
              <Link
                to={editHref(r.rule_name)}
                aria-label={`Edit rule ${r.rule_name}`}
                className="rounded-md border border-gray-300 px-2.5 py-1 text-xs font-medium hover:bg-gray-50 dark:border-gray-700 dark:hover:bg-gray-800"
              >
                Edit
              </Link>
              <Button
                size="sm"
                variant="ghost"
                className="text-red-700 dark:text-red-400"
                aria-label={`Delete rule ${r.rule_name}`}
                onClick={() => setDeleting(r.rule_name)}
              >
                Delete
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        onClose={close}
        title="Delete protection rule"
        confirmLabel="Delete rule"
        pendingLabel="Deleting…"
        danger
        pending={del.isPending}
        error={del.error}
        onConfirm={() =>
          deleting &&
          del.mutate(deleting, {
            onSuccess: () => {
              toast.success(`Rule ${deleting} deleted`);
              close();
            },
          })
        }
      >
        Delete the rule <strong className="break-all font-mono">{deleting}</strong>?{' '}
        {lost.length > 0 ? `${lost.join(', ')} will no longer be protected by it.` : 'It protects no existing branch.'}
      </ConfirmDialog>
    </>
  );
}
