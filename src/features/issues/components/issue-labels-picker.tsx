// The sidebar's labels: chips for everyone, and for writers a popover of the repository's
// labels as checkboxes that replaces the issue's set in one request.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { ErrorNotice } from '@/components/ui/error-notice';
import { issueDetailQueries } from '../api/issue-detail-queries';
import type { Issue } from '../api/issue-queries';
import { useReplaceIssueLabels } from '../api/use-issue-labels';
import { LabelChip } from './label-chip';
import { IssueSidebarSection, linkButton, muted } from './issue-sidebar-section';

export function IssueLabelsPicker({ owner, repo, issue, canEdit }: { owner: string; repo: string; issue: Issue; canEdit: boolean }) {
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const labels = useQuery({ ...issueDetailQueries.repoLabels(owner, repo), enabled: open });
  const replace = useReplaceIssueLabels(owner, repo, issue.number);

  const toggleOpen = () => {
    setPicked(new Set(issue.labels.map((l) => l.id)));
    replace.reset();
    setOpen((o) => !o);
  };

  return (
    <IssueSidebarSection
      title="Labels"
      action={
        canEdit && (
          <button type="button" className={linkButton} aria-expanded={open} aria-controls="issue-labels-editor" onClick={toggleOpen}>
            {open ? 'Close' : 'Edit labels'}
          </button>
        )
      }
    >
      {open && (
        <div id="issue-labels-editor" className="mb-2 rounded-md border border-gray-200 p-2 dark:border-gray-700">
          {labels.isPending ? (
            <p className={muted}>Loading labels…</p>
          ) : labels.isError ? (
            <ErrorNotice error={labels.error} />
          ) : labels.data.length === 0 ? (
            <p className={muted}>This repository has no labels yet.</p>
          ) : (
            <fieldset className="max-h-64 space-y-1 overflow-y-auto">
              <legend className="sr-only">Labels of this issue</legend>
              {labels.data.map((l) => (
                <label key={l.id} className="flex cursor-pointer items-center gap-2 rounded px-1 py-0.5 hover:bg-gray-50 dark:hover:bg-gray-800">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-indigo-600"
                    checked={picked.has(l.id)}
                    onChange={(e) => {
                      const next = new Set(picked);
                      if (e.target.checked) next.add(l.id);
                      else next.delete(l.id);
                      setPicked(next);
                    }}
                  />
                  <LabelChip label={l} />
                </label>
              ))}
            </fieldset>
          )}
          <ErrorNotice error={replace.error} />
          <div className="mt-2 flex justify-end gap-2">
            <Button size="sm" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              size="sm"
              variant="primary"
              disabled={replace.isPending || !labels.data}
              onClick={() => replace.mutate([...picked], { onSuccess: () => setOpen(false) })}
            >
              {replace.isPending ? 'Saving…' : 'Apply'}
            </Button>
          </div>
        </div>
      )}
      {issue.labels.length ? (
        <ul className="flex flex-wrap gap-1" aria-label="Labels of this issue">
          {issue.labels.map((l) => (
            <li key={l.id}>
              <LabelChip label={l} />
            </li>
          ))}
        </ul>
      ) : (
        <p className={muted}>None yet</p>
      )}
    </IssueSidebarSection>
  );
}
