// The create form under a comparison: title and Markdown description on the left; reviewers,
// assignees, labels and milestone beside them. Ctrl/Cmd+Enter anywhere in it submits. A refused
// request shows its message next to the field it names (or above the button) and keeps every input.
import { useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import type { components } from '@/lib/api/schema';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { BodyField, CheckListField, MilestoneSelect, type BodyEditorProps } from '@/components/ui/issue-form-fields';
import { ErrorNotice } from '@/components/ui/error-notice';
import { useCreatePull } from '../api/use-create-pull';
import type { PullRequest } from '../api/pull-queries';
import { formErrors } from '@/lib/form-errors';
import { MAX_TITLE } from '../lib/pull-draft-text';

type Label = components['schemas']['Label'];
type Milestone = NonNullable<components['schemas']['Milestone']>;

export interface PeopleFieldProps {
  value: string[];
  onChange: (v: string[]) => void;
  error?: string;
}

export interface NewPullFormProps {
  owner: string;
  repo: string;
  base: string;
  head: string;
  /** What the title and description start with (from the commits, as Gitea). */
  initialTitle: string;
  initialBody: string;
  labels: Label[];
  milestones: Milestone[];
  renderLabel: (label: Label) => ReactNode;
  /** The Markdown editor (composed by the route; a plain textarea when absent). */
  renderBody?: (p: BodyEditorProps) => ReactNode;
  renderReviewers?: (p: PeopleFieldProps) => ReactNode;
  renderAssignees?: (p: PeopleFieldProps) => ReactNode;
  onCreated: (pull: PullRequest) => void;
}

const FIELDS = ['title', 'body', 'head', 'base', 'labels', 'assignees', 'reviewers', 'milestone'] as const;

export function NewPullForm(props: NewPullFormProps) {
  const { owner, repo, base, head, labels, milestones, renderLabel, renderBody, renderReviewers, renderAssignees, onCreated } = props;
  const [title, setTitle] = useState(props.initialTitle);
  const [body, setBody] = useState(props.initialBody);
  const [picked, setPicked] = useState<number[]>([]);
  const [assignees, setAssignees] = useState<string[]>([]);
  const [reviewers, setReviewers] = useState<string[]>([]);
  const [milestone, setMilestone] = useState<number | null>(null);
  const [titleMissing, setTitleMissing] = useState(false);
  const create = useCreatePull(owner, repo);
  // A Ctrl+Enter in the editor and the form's own handler must not send twice.
  const sending = useRef(false);
  const errs = formErrors(create.error, FIELDS);
  const titleError = titleMissing && !title.trim() ? 'Title is required' : errs.fields.title;
  const branchError = errs.fields.head ?? errs.fields.base;

  const submit = () => {
    if (sending.current) return;
    if (!title.trim()) {
      setTitleMissing(true);
      return;
    }
    sending.current = true;
    create.mutate(
      {
        title: title.trim(),
        head,
        base,
        body,
        labels: picked.length ? picked : undefined,
        assignees: assignees.length ? assignees : undefined,
        reviewers: reviewers.length ? reviewers : undefined,
        milestone: milestone ?? undefined,
      },
      {
        onSuccess: (pull) => onCreated(pull),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.defaultPrevented) {
      e.preventDefault();
      submit();
    }
  };
  const bodyProps: BodyEditorProps = { value: body, onChange: setBody, onSubmit: submit, error: errs.fields.body, disabled: create.isPending };

  return (
    <form onSubmit={onSubmit} onKeyDown={onKeyDown} aria-label="New pull request" className="grid gap-6 md:grid-cols-[minmax(0,1fr)_16rem]" noValidate>
      <div className="min-w-0 space-y-4">
        <TextField label="Title" name="title" value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={MAX_TITLE} error={titleError} />
        <BodyField render={renderBody} {...bodyProps} />
        {branchError && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {branchError}
          </p>
        )}
        <ErrorNotice error={errs.general} />
        <div className="flex flex-wrap items-center justify-end gap-3">
          <span className="text-xs text-gray-500 dark:text-gray-400">
            Merges <span className="font-mono">{head}</span> into <span className="font-mono">{base}</span>
          </span>
          <Button type="submit" variant="primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create pull request'}
          </Button>
        </div>
      </div>
      <aside className="space-y-5 md:border-l md:border-gray-200 md:pl-5 dark:md:border-gray-800" aria-label="Pull request details">
        {renderReviewers?.({ value: reviewers, onChange: setReviewers, error: errs.fields.reviewers })}
        {renderAssignees?.({ value: assignees, onChange: setAssignees, error: errs.fields.assignees })}
        <CheckListField
          legend="Labels"
          empty="No labels in this repository."
          items={labels}
          value={picked}
          onChange={setPicked}
          render={renderLabel}
          error={errs.fields.labels}
        />
        <MilestoneSelect milestones={milestones} value={milestone} onChange={setMilestone} error={errs.fields.milestone} />
      </aside>
    </form>
  );
}
