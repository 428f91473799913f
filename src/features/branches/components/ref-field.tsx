// A text field for "which commit": any branch, tag or SHA may be typed, and the repository's
// branches and tags are offered as suggestions (a native datalist, so typing filters them).
import { useId } from 'react';
import { TextField } from '@/components/ui/field';

export interface RefFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  hint: string;
  error?: string;
  branches: string[];
  tags: string[];
}

export function RefField({ label, name, value, onChange, hint, error, branches, tags }: RefFieldProps) {
  const listId = useId();
  return (
    <>
      <TextField
        label={label}
        name={name}
        list={listId}
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        hint={hint}
        error={error}
      />
      <datalist id={listId}>
        {branches.map((b) => (
          <option key={`b:${b}`} value={b} label="branch" />
        ))}
        {tags.map((t) => (
          <option key={`t:${t}`} value={t} label="tag" />
        ))}
      </datalist>
    </>
  );
}
