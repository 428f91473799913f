// Create or edit a milestone: title, description, due date.
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextArea, TextField } from '@/components/ui/field';
import { ErrorNotice } from '@/components/ui/error-notice';
import { isApiError } from '@/lib/api/api-error';
import type { Milestone } from '../api/milestone-queries';

export interface MilestoneFormValue {
  title: string;
  description: string;
  /** RFC 3339, or null to clear. */
  due_on: string | null;
}

export function MilestoneForm({
  initial,
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  initial?: Milestone;
  submitLabel: string;
  pending?: boolean;
  error?: unknown;
  onSubmit: (v: MilestoneFormValue) => void;
  onCancel?: () => void;
}) {
  const [title, setTitle] = useState(initial?.title ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [due, setDue] = useState(initial?.due_on ? initial.due_on.slice(0, 10) : '');
  const [touched, setTouched] = useState(false);
  const serverTitle = isApiError(error) && error.status === 422 && /^\s*\[?title\]?\s*:/i.test(error.message) ? error.message.replace(/^[^:]*:\s*/, '') : null;
  const titleError = touched && !title.trim() ? 'Title is required' : serverTitle;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!title.trim()) return;
    // The end of the chosen day in UTC, as Gitea stores a due date.
    onSubmit({ title: title.trim(), description, due_on: due ? `${due}T23:59:59Z` : null });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem]">
        <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={255} required error={titleError} />
        <TextField label="Due date" type="date" value={due} onChange={(e) => setDue(e.target.value)} />
      </div>
      <TextArea label="Description" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
      {error && !serverTitle ? <ErrorNotice error={error} /> : null}
      <div className="flex justify-end gap-2">
        {onCancel && (
          <Button onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? 'Saving…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
