// Settings → Account → Delete account (issue #20, an extension of the embedded forge): a danger
// zone whose dialog asks for the login name typed out and the password; the server refuses while
// the account owns repositories or belongs to organizations, in words shown in the dialog.
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorNotice } from '@/components/ui/error-notice';
import { TextField } from '@/components/ui/field';
import { formErrors } from '@/lib/form-errors';
import { useDeleteAccount } from '../api/use-account';

export function DeleteAccount({ login, onDeleted }: { login: string; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="delete-account-title" className="space-y-3 rounded-md border border-red-300 p-4 dark:border-red-900">
      <h2 id="delete-account-title" className="text-lg font-semibold text-red-700 dark:text-red-400">
        Delete account
      </h2>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        Deleting your account removes your profile, keys, tokens, stars and follows for good. Issues and comments you wrote elsewhere stay, shown as by a
        deleted user. Delete or transfer your repositories and leave your organizations first.
      </p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete your account
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Delete your account">
        <DeleteForm login={login} onClose={() => setOpen(false)} onDeleted={onDeleted} />
      </Dialog>
    </section>
  );
}

function DeleteForm({ login, onClose, onDeleted }: { login: string; onClose: () => void; onDeleted: () => void }) {
  const del = useDeleteAccount();
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const errors = formErrors(del.error, ['password']);
  const ready = typed === login && !!password;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (ready) del.mutate(password, { onSuccess: onDeleted });
  };
  return (
    <form className="space-y-4" onSubmit={submit} aria-label="Delete your account" noValidate>
      <p className="text-sm">
        This deletes the account <strong>{login}</strong> and cannot be undone.
      </p>
      <TextField
        label={
          <>
            Type <code className="rounded bg-gray-100 px-1 font-mono dark:bg-gray-800">{login}</code> to confirm
          </>
        }
        name="confirm"
        autoComplete="off"
        autoFocus
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
      />
      <TextField
        label="Your password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.fields.password}
      />
      <ErrorNotice error={errors.general} />
      <div className="flex justify-end gap-2">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="danger" disabled={!ready || del.isPending}>
          {del.isPending ? 'Deleting…' : 'Delete this account'}
        </Button>
      </div>
    </form>
  );
}
