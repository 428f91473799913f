// Renames a branch; the server refuses what the user may not do and the reason shows here.
import { useState } from 'react';
import { toast } from 'sonner';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { ErrorNotice } from '@/components/ui/error-notice';
import { useRenameBranch } from '../api/use-rename-branch';
import { branchFieldErrors } from './branch-errors';
import { branchNameProblem } from '@/lib/name-rules';

export function RenameBranchDialog({ owner, repo, branch, onClose }: { owner: string; repo: string; branch: string | null; onClose: () => void }) {
  return (
    <Dialog open={branch !== null} onClose={onClose} title={`Rename branch ${branch ?? ''}`}>
      {branch !== null && <RenameForm owner={owner} repo={repo} branch={branch} onDone={onClose} />}
    </Dialog>
  );
}

function RenameForm({ owner, repo, branch, onDone }: { owner: string; repo: string; branch: string; onDone: () => void }) {
  const [name, setName] = useState(branch);
  const rename = useRenameBranch(owner, repo);
  const errors = branchFieldErrors(rename.error);
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const general = errors.general ?? errors.from;
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        const next = name.trim();
        const problem = branchNameProblem(next);
        setNameProblem(problem);
        if (problem) return;
        rename.mutate(
          { branch, name: next },
          {
            onSuccess: () => {
              toast.success(`Branch ${branch} renamed to ${next}`);
              onDone();
            },
          },
        );
      }}
    >
      <TextField
        label="New name"
        name="name"
        required
        autoFocus
        autoComplete="off"
        value={name}
        onChange={(e) => (setName(e.target.value), setNameProblem(null))}
        error={nameProblem ?? errors.name}
      />
      {general && <ErrorNotice error={rename.error} />}
      <div className="flex justify-end gap-2">
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={rename.isPending || !name.trim() || name.trim() === branch}>
          {rename.isPending ? 'Renaming…' : 'Rename'}
        </Button>
      </div>
    </form>
  );
}
