// The new-issue form: title and body on the left, labels, assignees, milestone and due date
// beside them. The draft lives in sessionStorage until the issue is created.
import { useState, type FormEvent, type ReactNode } from 'react';
import type { components } from '@/lib/api/schema';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { BodyField, CheckListField, MilestoneSelect, type BodyEditorProps } from '@/components/ui/issue-form-fields';
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
  const bodyProps: BodyEditorProps = {
    value: draft.body,
    onChange: (body) => update({ body }),
    onSubmit: submit,
    error: errs.fields.body,
    disabled: create.isPending,
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-6 md:grid-cols-[minmax(0,1fr)_16rem]" noValidate>
      <div className="min-w-0 space-y-4">
        <TextField
          label="Title"
          name="title"
          value={draft.title}
          onChange={(e) => update({ title: e.target.value })}
          required
          maxLength={255}
          autoFocus
          error={titleError}
        />
        <BodyField render={renderBody} {...bodyProps} />
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
        <CheckListField
          legend="Labels"
          empty="No labels in this repository."
          items={labels}
          value={draft.labels}
          onChange={(ids) => update({ labels: ids })}
          render={(l) => <LabelChip label={l} />}
          error={errs.fields.labels}
        />
        <UserPicker
          label="Assignees"
          search={assigneeQueries.forRepo(owner, repo)}
          value={draft.assignees}
          onChange={(assignees) => update({ assignees })}
          error={errs.fields.assignees}
        />
        <MilestoneSelect milestones={milestones} value={draft.milestone} onChange={(milestone) => update({ milestone })} error={errs.fields.milestone} />
        <TextField label="Due date" type="date" value={draft.due} onChange={(e) => update({ due: e.target.value })} error={errs.fields.due_date} />
      </aside>
    </form>
  );
}
