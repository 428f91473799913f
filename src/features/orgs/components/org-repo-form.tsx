// A new repository of an organization: name, description, visibility, and a first commit.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox, TextArea, TextField } from '@/components/ui/field';
import { ErrorNotice } from '@/components/ui/error-notice';
import { formErrors } from '@/lib/form-errors';
import { useCreateOrgRepo } from '../api/use-create-org-repo';
import type { Repository } from '../api/org-api';

export function OrgRepoForm({ org, onCreated }: { org: string; onCreated: (repo: Repository) => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const [init, setInit] = useState(true);
  const create = useCreateOrgRepo(org);
  const errs = formErrors(create.error, ['name', 'description']);
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate({ name: name.trim(), description, private: isPrivate, auto_init: init, default_branch: 'main' }, { onSuccess: onCreated });
      }}
    >
      <TextField
        label="Repository name"
        name="name"
        required
        maxLength={100}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errs.fields.name}
        hint={`Owned by ${org}`}
      />
      <TextArea
        label="Description"
        name="description"
        rows={2}
        maxLength={2048}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={errs.fields.description}
      />
      <Checkbox
        label="Private"
        hint="Only owners and teams given this repository can see it."
        checked={isPrivate}
        onChange={(e) => setPrivate(e.target.checked)}
      />
      <Checkbox label="Initialize with a README" checked={init} onChange={(e) => setInit(e.target.checked)} />
      <ErrorNotice error={errs.general} />
      <Button type="submit" variant="primary" disabled={create.isPending}>
        {create.isPending ? 'Creating…' : 'Create repository'}
      </Button>
    </form>
  );
}
