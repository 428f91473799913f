// The "new fork" form: owner (yourself or an organization you may create repositories in), name
// (the repository's own by default) and description. The server's refusal lands beside the field
// it concerns: a 409 (already forked, or the name is taken) on the name, a 403 on the owner.
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorNotice } from '@/components/ui/error-notice';
import { SelectField, TextArea, TextField } from '@/components/ui/field';
import { errorMessage, isApiError } from '@/lib/api/api-error';
import { formErrors } from '@/lib/form-errors';
import { paths } from '@/lib/paths';
import type { Repository } from '../api/fork-queries';
import { useForkRepo } from '../api/use-fork-repo';

export interface ForkFormProps {
  repo: Repository;
  /** The signed-in user's login: a fork owned by it is sent without an organization. */
  login: string;
  /** Who may own the fork, the first chosen by default: the user and/or organization names. */
  owners: string[];
  onCreated: (fork: Repository) => void;
}

function fieldErrors(error: unknown) {
  if (isApiError(error) && error.status === 409) return { fields: { name: errorMessage(error) }, general: null };
  if (isApiError(error) && error.status === 403) return { fields: { owner: errorMessage(error) }, general: null };
  return formErrors(error, ['name', 'owner', 'organization', 'description']);
}

export function ForkForm({ repo, login, owners, onCreated }: ForkFormProps) {
  const [owner, setOwner] = useState(owners[0] ?? login);
  const [name, setName] = useState(repo.name);
  const [description, setDescription] = useState(repo.description);
  const fork = useForkRepo(repo.owner.login, repo.name);
  const errors = fieldErrors(fork.error);
  const nameError = errors.fields.name;
  const ownerError = errors.fields.owner ?? errors.fields.organization;

  // A refused name takes the focus, so it can be fixed without hunting for the message.
  useEffect(() => {
    if (nameError) document.getElementById('fork-name')?.focus();
  }, [nameError]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    fork.mutate({ organization: owner === login ? undefined : owner, name: name.trim(), description }, { onSuccess: onCreated });
  };

  return (
    <form onSubmit={submit} aria-label="New fork" className="space-y-5" noValidate>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
        <SelectField
          label="Owner"
          name="owner"
          value={owner}
          error={ownerError}
          onChange={(e) => {
            setOwner(e.target.value);
            fork.reset();
          }}
        >
          {owners.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </SelectField>
        <TextField
          id="fork-name"
          label="Repository name"
          name="name"
          required
          autoComplete="off"
          spellCheck={false}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            if (nameError) fork.reset();
          }}
          error={nameError}
          hint={`Your fork will live at ${owner}/${name.trim() || '…'}.`}
        />
      </div>
      <TextArea
        label="Description"
        name="description"
        rows={2}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={errors.fields.description}
      />
      <p className="text-sm text-gray-600 dark:text-gray-400">
        The fork copies every branch and tag of <span className="font-mono">{repo.full_name}</span>
        {repo.private ? ' and stays private, as the repository is.' : '.'}
      </p>
      <ErrorNotice error={errors.general} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" disabled={fork.isPending || !name.trim()}>
          {fork.isPending ? 'Forking…' : 'Fork repository'}
        </Button>
        <Link to={paths.repo.href(repo.owner.login, repo.name)} className="text-sm text-gray-600 hover:underline dark:text-gray-400">
          Cancel
        </Link>
      </div>
    </form>
  );
}
