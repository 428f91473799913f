// The create form under a comparison: title and Markdown description on the left; reviewers,
// assignees, labels and milestone beside them. Ctrl/Cmd+Enter anywhere in it submits. A refused
// request shows its message next to the field it names (or above the button) and keeps every input.
import { useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import type { components } from '@/lib/api/schema';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { ErrorNotice } from '@/components/ui/error-notice';
import { useCreatePull } from '../api/use-create-pull';
import type { PullRequest } from '../api/pull-queries';
import { formErrors } from '@/lib/form-errors';
import { MAX_TITLE } from '../lib/pull-draft-text';

type Label = components['schemas']['Label'];
type Milestone = NonNullable<components['schemas']['Milestone']>;

export interface BodyEditorProps {
  value: string;
  onChange: (v: string) => void;
  onSubmit: () => void;
  error?: string;
  disabled?: boolean;
}

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
  const toggleLabel = (id: number) => setPicked((p) => (p.includes(id) ? p.filter((l) => l !== id) : [...p, id]));
  const bodyProps: BodyEditorProps = { value: body, onChange: setBody, onSubmit: submit, error: errs.fields.body, disabled: create.isPending };
  const openMs = milestones.filter((m) => m.state === 'open');
  const closedMs = milestones.filter((m) => m.state === 'closed');

  return (
    <form onSubmit={onSubmit} onKeyDown={onKeyDown} aria-label="New pull request" className="grid gap-6 md:grid-cols-[minmax(0,1fr)_16rem]" noValidate>
      <div className="min-w-0 space-y-4">
        <TextField label="Title" name="title" value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={MAX_TITLE} error={titleError} />
        {renderBody ? (
          renderBody(bodyProps)
        ) : (
          <label className="block text-sm font-medium">
            Description
            <textarea className="mt-1 block w-full rounded-md border p-2" rows={8} value={body} onChange={(e) => setBody(e.target.value)} />
          </label>
        )}
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
        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium text-gray-800 dark:text-gray-200">Labels</legend>
          {labels.length === 0 && <p className="text-xs text-gray-500 dark:text-gray-400">No labels in this repository.</p>}
          <div className="max-h-56 space-y-1 overflow-auto">
            {labels.map((l) => (
              <label key={l.id} className="flex cursor-pointer items-center gap-2 text-sm">
                <input type="checkbox" className="h-4 w-4 accent-indigo-600" checked={picked.includes(l.id)} onChange={() => toggleLabel(l.id)} aria-label={l.name} />
                {renderLabel(l)}
              </label>
            ))}
          </div>
          {errs.fields.labels && (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {errs.fields.labels}
            </p>
          )}
        </fieldset>
        <SelectField label="Milestone" value={milestone ?? ''} onChange={(e) => setMilestone(e.target.value ? Number(e.target.value) : null)} error={errs.fields.milestone}>
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
      </aside>
    </form>
  );
}
