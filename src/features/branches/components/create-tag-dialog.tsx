// "New tag": a name, what to tag (a branch, tag or commit SHA; the default branch when empty) and an
// optional message that makes it an annotated tag. Errors stay beside their field in the dialog.
import { useState } from 'react';
import { toast } from 'sonner';
import { Dialog } from '@/components/ui/dialog';
import { TextArea, TextField } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { RefField } from './ref-field';
import { ErrorNotice } from '@/components/ui/error-notice';
import { useCreateTag } from '../api/use-create-tag';
import { tagNameProblem } from '@/lib/name-rules';
import { tagFieldErrors } from '../lib/tag-name';

export interface CreateTagDialogProps {
  owner: string;
  repo: string;
  open: boolean;
  onClose: () => void;
  defaultTarget: string;
  /** Offered as targets; any other branch, tag or SHA may be typed. */
  branches: string[];
  tags: string[];
}

export function CreateTagDialog({ open, onClose, ...form }: CreateTagDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Create a tag">
      <CreateTagForm {...form} onDone={onClose} />
    </Dialog>
  );
}

function CreateTagForm({ owner, repo, onDone, defaultTarget, branches, tags }: Omit<CreateTagDialogProps, 'open' | 'onClose'> & { onDone: () => void }) {
  const [name, setName] = useState('');
  const [target, setTarget] = useState(defaultTarget);
  const [message, setMessage] = useState('');
  // What the failed request asked for, so its error names that and not what is typed since.
  const [sent, setSent] = useState({ name: '', target: '' });
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const create = useCreateTag(owner, repo);
  const errors = tagFieldErrors(create.error, sent);
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        const input = { name: name.trim(), target: target.trim(), message };
        // git's ref rules, checked before sending; cleared as soon as the name changes.
        const problem = tagNameProblem(input.name);
        setNameProblem(problem);
        if (problem) return;
        setSent(input);
        create.mutate(input, {
          onSuccess: () => {
            toast.success(`Tag ${input.name} created`);
            onDone();
          },
        });
      }}
    >
      <TextField
        label="Tag name"
        name="name"
        required
        autoFocus
        autoComplete="off"
        spellCheck={false}
        value={name}
        onChange={(e) => (setName(e.target.value), setNameProblem(null))}
        error={nameProblem ?? errors.name}
        hint="For example v1.2.0 or release/2026-11."
      />
      <RefField
        label="Target"
        name="target"
        value={target}
        onChange={setTarget}
        hint="A branch, a tag or a commit SHA; the default branch when empty."
        error={errors.target}
        branches={branches}
        tags={tags}
      />
      <TextArea
        label="Message (optional)"
        name="message"
        rows={4}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        hint="With a message the tag is annotated, with you as the tagger; without one it is a lightweight tag."
      />
      {errors.general && <ErrorNotice error={create.error} />}
      <div className="flex justify-end gap-2">
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={create.isPending || !name.trim()}>
          {create.isPending ? 'Creating…' : 'Create tag'}
        </Button>
      </div>
    </form>
  );
}
