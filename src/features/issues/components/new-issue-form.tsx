// The new-issue form: title and body on the left, labels, assignees, milestone and due date
// beside them. The draft lives in sessionStorage until the issue is created.
import { useState, type FormEvent, type ReactNode } from 'react';
import type { components } from '@/lib/api/schema';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { ErrorNotice } from '@/components/ui/error-notice';
import { UserPicker } from '@/components/ui/user-picker';
import { useCreateIssue } from '../api/use-create-issue';
import { assigneeQueries } from '../api/assignee-queries';
import type { Issue } from '../api/issue-queries';
import { useIssueDraft } from '../lib/issue-draft';
import { formErrors } from '@/lib/form-errors';
import { LabelChip } from './label-chip';

type Label = components['schemas']['Label'];
type Milestone = NonNullable<components['schemas']['Milestone']>;

export interface BodyEditorProps {
  value: string;
  onChange: (v: string) => void;
  onSubmit: () => void;
  error?: string;
  disabled?: boolean;
}

export interface NewIssueFormProps {
  owner: string;
  repo: string;
  labels: Label[];
  milestones: Milestone[];
  /** The Markdown editor (composed by the route; a plain textarea when absent). */
  renderBody?: (p: BodyEditorProps) => ReactNode;
  onCreated: (issue: Issue) => void;
}

const FIELDS = ['title', 'body', 'labels', 'assignees', 'milestone', 'due_date'] as const;

export function NewIssueForm({ owner, repo, labels, milestones, renderBody, onCreated }: NewIssueFormProps) {
  const { draft, update, clear } = useIssueDraft(owner, repo);
  const create = useCreateIssue(owner, repo);
  const [titleMissing, setTitleMissing] = useState(false);
  const errs = formErrors(create.error, FIELDS);
  const titleError = titleMissing && !draft.title.trim() ? 'Title is required' : errs.fields.title;

  const submit = () => {
    if (create.isPending) return;
    if (!draft.title.trim()) {
      setTitleMissing(true);
      return;
    }
    create.mutate(
      {
        title: draft.title.trim(),
        body: draft.body,
        labels: draft.labels.length ? draft.labels : undefined,
        assignees: draft.assignees.length ? draft.assignees : undefined,
        milestone: draft.milestone ?? undefined,
        // Gitea stores a due date as a day; noon UTC keeps it on that day in every time zone.
        due_date: draft.due ? `${draft.due}T12:00:00Z` : undefined,
      },
      {
        onSuccess: (issue) => {
          clear();
          onCreated(issue);
        },
      },
    );
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };
  const toggleLabel = (id: number) => update({ labels: draft.labels.includes(id) ? draft.labels.filter((l) => l !== id) : [...draft.labels, id] });
  const bodyProps: BodyEditorProps = { value: draft.body, onChange: (body) => update({ body }), onSubmit: submit, error: errs.fields.body, disabled: create.isPending };
  const openMs = milestones.filter((m) => m.state === 'open');
  const closedMs = milestones.filter((m) => m.state === 'closed');

  return (
    <form onSubmit={onSubmit} className="grid gap-6 md:grid-cols-[minmax(0,1fr)_16rem]" noValidate>
      <div className="min-w-0 space-y-4">
        <TextField label="Title" name="title" value={draft.title} onChange={(e) => update({ title: e.target.value })} required maxLength={255} autoFocus error={titleError} />
        {renderBody ? (
          renderBody(bodyProps)
        ) : (
          <label className="block text-sm font-medium">
            Description
            <textarea className="mt-1 block w-full rounded-md border p-2" rows={8} value={draft.body} onChange={(e) => update({ body: e.target.value })} />
          </label>
        )}
        <ErrorNotice error={errs.general} />
        <div className="flex items-center justify-end gap-3">
          {(draft.title || draft.body) && (
            <Button variant="ghost" onClick={clear} disabled={create.isPending}>
              Discard draft
            </Button>
          )}
          <Button type="submit" variant="primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create issue'}
          </Button>
        </div>
      </div>
      <aside className="space-y-5 md:border-l md:border-gray-200 md:pl-5 dark:md:border-gray-800" aria-label="Issue details">
        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium text-gray-800 dark:text-gray-200">Labels</legend>
          {labels.length === 0 && <p className="text-xs text-gray-500 dark:text-gray-400">No labels in this repository.</p>}
          <div className="max-h-56 space-y-1 overflow-auto">
            {labels.map((l) => (
              <label key={l.id} className="flex cursor-pointer items-center gap-2 text-sm">
                <input type="checkbox" className="h-4 w-4 accent-indigo-600" checked={draft.labels.includes(l.id)} onChange={() => toggleLabel(l.id)} aria-label={l.name} />
                <LabelChip label={l} />
              </label>
            ))}
          </div>
          {errs.fields.labels && (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {errs.fields.labels}
            </p>
          )}
        </fieldset>
        <UserPicker label="Assignees" search={assigneeQueries.search} value={draft.assignees} onChange={(assignees) => update({ assignees })} error={errs.fields.assignees} />
        <SelectField label="Milestone" value={draft.milestone ?? ''} onChange={(e) => update({ milestone: e.target.value ? Number(e.target.value) : null })} error={errs.fields.milestone}>
          <option value="">No milestone</option>
          {openMs.length > 0 && (
            <optgroup label="Open">
              {openMs.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.title}
                </option>
              ))}
            </optgroup>
          )}
          {closedMs.length > 0 && (
            <optgroup label="Closed">
              {closedMs.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.title}
                </option>
              ))}
            </optgroup>
          )}
        </SelectField>
        <TextField label="Due date" type="date" value={draft.due} onChange={(e) => update({ due: e.target.value })} error={errs.fields.due_date} />
      </aside>
    </form>
  );
}
