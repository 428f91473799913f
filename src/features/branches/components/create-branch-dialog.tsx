// "New branch": a name and a starting point (branch, tag or SHA). Errors stay inside the dialog.
import { useState } from 'react';
import { toast } from 'sonner';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { RefField } from './ref-field';
import { ErrorNotice } from '@/components/ui/error-notice';
import { useCreateBranch } from '../api/use-create-branch';
import { branchFieldErrors } from './branch-errors';
import { branchNameProblem } from '@/lib/name-rules';

export function CreateBranchDialog({
  owner,
  repo,
  open,
  onClose,
  defaultFrom,
  branches,
  tags,
}: {
  owner: string;
  repo: string;
  open: boolean;
  onClose: () => void;
  defaultFrom: string;
  branches: string[];
  tags: string[];
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Create a branch">
      <CreateBranchForm owner={owner} repo={repo} onDone={onClose} defaultFrom={defaultFrom} branches={branches} tags={tags} />
    </Dialog>
  );
}

function CreateBranchForm({
  owner,
  repo,
  onDone,
  defaultFrom,
  branches,
  tags,
}: {
  owner: string;
  repo: string;
  onDone: () => void;
  defaultFrom: string;
  branches: string[];
  tags: string[];
}) {
  const [name, setName] = useState('');
  const [from, setFrom] = useState(defaultFrom);
  const create = useCreateBranch(owner, repo);
  const errors = branchFieldErrors(create.error);
  // git's ref rules, checked before sending; cleared as soon as the name changes.
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        const problem = branchNameProblem(name.trim());
        setNameProblem(problem);
        if (problem) return;
        create.mutate(
          { name: name.trim(), from: from.trim() },
          {
            onSuccess: () => {
              toast.success(`Branch ${name.trim()} created`);
              onDone();
            },
          },
        );
      }}
    >
      <TextField
        label="Branch name"
        name="name"
        required
        autoFocus
        autoComplete="off"
        value={name}
        onChange={(e) => (setName(e.target.value), setNameProblem(null))}
        error={nameProblem ?? errors.name}
      />
      <RefField
        label="Create from"
        name="from"
        value={from}
        onChange={setFrom}
        hint="A branch, a tag or a commit SHA."
        error={errors.from}
        branches={branches}
        tags={tags}
      />
      {errors.general && <ErrorNotice error={create.error} />}
      <div className="flex justify-end gap-2">
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={create.isPending || !name.trim()}>
          {create.isPending ? 'Creating…' : 'Create branch'}
        </Button>
      </div>
    </form>
  );
}
