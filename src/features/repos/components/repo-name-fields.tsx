// The "Owner / Repository name" row both new-repository forms open with. A name the server refused
// takes the focus, so the user can fix it without hunting for the message.
import { useEffect, type ReactNode } from 'react';
import { SelectField, TextField } from '@/components/ui/field';

export interface RepoNameFieldsProps {
  owner: string;
  ownerError?: string;
  name: string;
  onNameChange: (name: string) => void;
  nameError?: string;
  nameHint?: ReactNode;
}

export function RepoNameFields({ owner, ownerError, name, onNameChange, nameError, nameHint }: RepoNameFieldsProps) {
  useEffect(() => {
    if (nameError) document.getElementById('repo-name')?.focus();
  }, [nameError]);
  return (
    <div className="grid gap-4 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
      <SelectField label="Owner" name="owner" value={owner} onChange={() => {}} error={ownerError}>
        <option value={owner}>{owner}</option>
      </SelectField>
      <TextField
        id="repo-name"
        label="Repository name"
        name="name"
        required
        autoComplete="off"
        spellCheck={false}
        value={name}
        onChange={(e) => onNameChange(e.target.value)}
        error={nameError}
        hint={nameHint}
      />
    </div>
  );
}
