// The signed-in user's SSH keys: add one (title + public key; the server parses it and says why it
// refuses one, shown beside the field with the input kept), the list with SHA256 fingerprints,
// and delete after a confirmation.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorNotice } from '@/components/ui/error-notice';
import { inputClass, TextArea, TextField } from '@/components/ui/field';
import { RelativeTime } from '@/components/ui/relative-time';
import { Spinner } from '@/components/ui/spinner';
import { formErrors } from '@/lib/form-errors';
import { userQueries } from '../api/user-queries';
import { useAddSshKey, useDeleteSshKey } from '../api/use-ssh-keys';
import type { PublicKey } from '../api/gitea-types';
import { DeletableList } from './deletable-list';

export function SshKeys({ login }: { login: string }) {
  const { data: keys, error } = useQuery(userQueries.keys(login));
  return (
    <div className="space-y-8">
      <section aria-labelledby="ssh-keys-title" className="space-y-3">
        <h2 id="ssh-keys-title" className="text-lg font-semibold">
          Your SSH keys
        </h2>
        <ErrorNotice error={error} />
        {keys ? <KeyList keys={keys} /> : !error && <Spinner label="Loading SSH keys" />}
      </section>
      <AddKeyForm />
    </div>
  );
}

function KeyList({ keys }: { keys: PublicKey[] }) {
  const remove = useDeleteSshKey();
  if (keys.length === 0) return <EmptyState title="No SSH keys yet">Add a key below to push and pull over SSH.</EmptyState>;
  return (
    <DeletableList
      label="SSH keys"
      items={keys}
      renderItem={(k) => (
        <>
          <p className="font-medium break-all">{k.title}</p>
          <p className="font-mono text-xs break-all text-gray-700 dark:text-gray-300">
            <span className="sr-only">Fingerprint: </span>
            {k.fingerprint}
          </p>
          <p className="text-xs text-gray-500 dark:text-gray-400">
            Added <RelativeTime date={k.created_at} />
          </p>
        </>
      )}
      deleteLabel={(k) => `Delete SSH key ${k.title}`}
      dialogTitle="Delete SSH key"
      confirmLabel="Delete key"
      confirmBody={(k) => (
        <>
          Remove <strong>{k.title}</strong> ({k.fingerprint})? Anything using it will no longer have access.
        </>
      )}
      deletedMessage={(k) => `SSH key “${k.title}” deleted`}
      remove={remove}
    />
  );
}

function AddKeyForm() {
  const add = useAddSshKey();
  const [title, setTitle] = useState('');
  const [key, setKey] = useState('');
  const [missing, setMissing] = useState<Record<string, string>>({});
  const server = formErrors(add.error, ['title', 'key']);
  // A refusal that names no field is about the key itself (invalid, duplicate): shown beside it.
  const keyError = missing.key ?? server.fields.key ?? (add.error && !server.fields.title ? server.general : null);
  const titleError = missing.title ?? server.fields.title;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const m: Record<string, string> = {};
    if (!title.trim()) m.title = 'Title is required';
    if (!key.trim()) m.key = 'Key is required';
    setMissing(m);
    if (Object.keys(m).length) return;
    add.mutate(
      { title: title.trim(), key: key.trim() },
      {
        onSuccess: (k) => {
          toast.success(`SSH key “${k.title}” added`);
          setTitle('');
          setKey('');
        },
      },
    );
  };
  return (
    <section aria-labelledby="add-key-title" className="space-y-3">
      <h2 id="add-key-title" className="text-lg font-semibold">
        Add an SSH key
      </h2>
      <form onSubmit={submit} className="max-w-xl space-y-4" noValidate>
        <TextField label="Title" name="title" value={title} onChange={(e) => setTitle(e.target.value)} error={titleError} maxLength={50} />
        <TextArea
          label="Key"
          name="key"
          rows={5}
          className={`${inputClass} font-mono`}
          placeholder="Begins with 'ssh-ed25519', 'ssh-rsa', 'ecdsa-sha2-nistp256', …"
          value={key}
          onChange={(e) => setKey(e.target.value)}
          error={keyError}
          hint="Paste the contents of your public key file, e.g. ~/.ssh/id_ed25519.pub."
        />
        <Button type="submit" variant="primary" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add key'}
        </Button>
      </form>
    </section>
  );
}
