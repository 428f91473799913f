// The "Owner / Repository name" row both new-repository forms open with. A name the server refused
// takes the focus, so the user can fix it without hunting for the message.
import { useEffect, type ReactNode } from 'react';
import { SelectField, TextField } from '@/components/ui/field';

export interface RepoNameFieldsProps {
  owner: string;
  /** Every owner the user may pick (the user first, then organizations); just `owner` when absent. */
  owners?: string[];
  onOwnerChange?: (owner: string) => void;
  ownerError?: string;
  name: string;
  onNameChange: (name: string) => void;
  nameError?: string;
  nameHint?: ReactNode;
}

export function RepoNameFields({ owner, owners, onOwnerChange, ownerError, name, onNameChange, nameError, nameHint }: RepoNameFieldsProps) {
  const choices = owners?.length ? owners : [owner];
  useEffect(() => {
    if (nameError) document.getElementById('repo-name')?.focus();
  }, [nameError]);
  return (
    <div className="grid gap-4 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
      <SelectField label="Owner" name="owner" value={owner} onChange={(e) => onOwnerChange?.(e.target.value)} error={ownerError}>
        {choices.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
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
