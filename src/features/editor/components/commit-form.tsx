// The commit form under every editing page (as Gitea's and GitHub's): a summary (the default
// message when left empty), a description, and where the commit goes — straight to the branch, or
// to a new branch and on to opening a pull request. When the user may not push to the branch
// (a protected branch), only the new-branch choice is offered and the form says why.
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { inputClass, TextArea, TextField } from '@/components/ui/field';

export interface CommitChoice {
  message: string;
  /** Null: commit to the branch itself. */
  newBranch: string | null;
}

export interface CommitFormProps {
  branch: string;
  /** The doer may push to `branch`; false shows only the new-branch choice. */
  canPushBranch: boolean;
  /** Why they may not (shown beside the choice). */
  pushBlockedReason?: string;
  defaultMessage: string;
  suggestedBranch: string;
  busy: boolean;
  error?: string | null;
  submitLabel?: string;
  /** The submit button is disabled (nothing to commit yet). */
  disabled?: boolean;
  danger?: boolean;
  onCommit: (choice: CommitChoice) => void;
}

export function CommitForm(props: CommitFormProps) {
  const { branch, canPushBranch, pushBlockedReason, defaultMessage, suggestedBranch, busy, error, submitLabel, disabled, danger, onCommit } = props;
  const [summary, setSummary] = useState('');
  const [description, setDescription] = useState('');
  const [choice, setChoice] = useState<'direct' | 'new'>(canPushBranch ? 'direct' : 'new');
  const [newBranch, setNewBranch] = useState(suggestedBranch);
  const [branchError, setBranchError] = useState<string | null>(null);
  const groupId = useId();
  const mode = canPushBranch ? choice : 'new';

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (busy || disabled) return;
    if (mode === 'new' && !newBranch.trim()) {
      setBranchError('Name the new branch');
      return;
    }
    setBranchError(null);
    const head = summary.trim() || defaultMessage;
    const message = description.trim() ? `${head}\n\n${description.trim()}` : head;
    onCommit({ message, newBranch: mode === 'new' ? newBranch.trim() : null });
  };
  const ctrlEnter = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) submit();
  };

  return (
    <form onSubmit={submit} aria-label="Commit changes" className="mt-4 space-y-3 rounded-lg border border-gray-200 p-4 dark:border-gray-800">
      <h2 className="text-base font-semibold">Commit changes</h2>
      <TextField label="Commit message" placeholder={defaultMessage} value={summary} onChange={(e) => setSummary(e.target.value)} onKeyDown={ctrlEnter} />
      <TextArea
        label="Extended description"
        placeholder="Add an optional extended description…"
        rows={3}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        onKeyDown={ctrlEnter}
      />
      <fieldset className="space-y-2" aria-describedby={!canPushBranch ? `${groupId}-why` : undefined}>
        <legend className="text-sm font-medium text-gray-800 dark:text-gray-200">Where the commit goes</legend>
        {canPushBranch ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name={`${groupId}-target`} checked={mode === 'direct'} onChange={() => setChoice('direct')} className="accent-indigo-600" />
            <span>
              Commit directly to the <code className="rounded bg-gray-100 px-1 font-mono text-xs dark:bg-gray-800">{branch}</code> branch
            </span>
          </label>
        ) : (
          <p id={`${groupId}-why`} className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            {pushBlockedReason ?? `You can’t commit directly to ${branch}.`} Your change goes to a new branch, and you can open a pull request from it.
          </p>
        )}
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${groupId}-target`}
            checked={mode === 'new'}
            onChange={() => setChoice('new')}
            disabled={!canPushBranch}
            className="accent-indigo-600"
          />
          <span>Create a new branch for this commit and start a pull request</span>
        </label>
        {mode === 'new' && (
          <div className="ml-6 max-w-sm">
            <label htmlFor={`${groupId}-branch`} className="sr-only">
              New branch name
            </label>
            <input
              id={`${groupId}-branch`}
              className={`${inputClass} font-mono`}
              value={newBranch}
              onChange={(e) => setNewBranch(e.target.value)}
              aria-invalid={!!branchError}
              aria-describedby={branchError ? `${groupId}-branch-error` : undefined}
              aria-label="New branch name"
            />
            {branchError && (
              <p id={`${groupId}-branch-error`} role="alert" className="mt-1 text-sm text-red-600 dark:text-red-400">
                {branchError}
              </p>
            )}
          </div>
        )}
      </fieldset>
      {error && (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={busy || disabled}>
          {busy ? 'Committing…' : mode === 'new' ? 'Commit and propose changes' : (submitLabel ?? 'Commit changes')}
        </Button>
      </div>
    </form>
  );
}
