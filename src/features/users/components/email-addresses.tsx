// Settings → Account → E-mail addresses (issue #20, Gitea's /user/emails): the primary address
// (the account's, not removable), further ones with Remove after a confirmation, and a field to
// add one; the server's refusal (taken, invalid) shows beside the field, which keeps what was typed.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorNotice } from '@/components/ui/error-notice';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api/api-error';
import { emailQueries, useAddEmail, useDeleteEmail } from '../api/use-emails';

export function EmailAddresses({ login }: { login: string }) {
  const { data: emails, error } = useQuery(emailQueries.list(login));
  const add = useAddEmail(login);
  const del = useDeleteEmail(login);
  const [address, setAddress] = useState('');
  const [removing, setRemoving] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const email = address.trim();
    if (!email) return;
    add.mutate(email, {
      onSuccess: () => {
        setAddress('');
        toast.success(`Added ${email}`);
      },
    });
  };

  return (
    <section aria-labelledby="emails-title" className="space-y-3">
      <h2 id="emails-title" className="text-lg font-semibold">
        E-mail addresses
      </h2>
      <p className="text-sm text-gray-600 dark:text-gray-400">
        Your primary address is the one on your profile and in commits made on this site. Further addresses are yours too: no one else can use them.
      </p>
      <ErrorNotice error={error} />
      {!emails ? (
        !error && <Spinner label="Loading e-mail addresses" />
      ) : (
        <ul aria-label="E-mail addresses" className="divide-y divide-gray-200 rounded-md border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
          {emails.map((e) => (
            <li key={e.email} className="flex flex-wrap items-center justify-between gap-3 px-3 py-3">
              <p className="min-w-0 font-medium">
                <span className="break-all">{e.email}</span>
                {e.primary && (
                  <span className="ml-2 inline-block rounded-full whitespace-nowrap bg-indigo-100 px-2 py-0.5 text-xs font-medium text-indigo-800 dark:bg-indigo-900 dark:text-indigo-200">
                    Primary
                  </span>
                )}
              </p>
              {!e.primary && (
                <Button size="sm" onClick={() => setRemoving(e.email)} aria-label={`Remove ${e.email}`}>
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
        <div className="min-w-0 flex-1 basis-64">
          <TextField
            label="Add an e-mail address"
            name="email"
            type="email"
            autoComplete="email"
            value={address}
            onChange={(e) => {
              setAddress(e.target.value);
              if (add.isError) add.reset();
            }}
            error={add.error ? errorMessage(add.error) : null}
          />
        </div>
        <Button type="submit" variant="primary" disabled={!address.trim() || add.isPending} className={add.error ? 'mb-7' : ''}>
          {add.isPending ? 'Adding…' : 'Add'}
        </Button>
      </form>
      <ConfirmDialog
        open={removing !== null}
        title="Remove e-mail address"
        confirmLabel="Remove"
        pendingLabel="Removing…"
        danger
        pending={del.isPending}
        error={del.error}
        onConfirm={() =>
          removing &&
          del.mutate(removing, {
            onSuccess: () => {
              toast.success(`Removed ${removing}`);
              setRemoving(null);
            },
          })
        }
        onClose={() => {
          setRemoving(null);
          del.reset();
        }}
      >
        <strong className="break-all">{removing}</strong> will no longer belong to your account; anyone may then add it to theirs.
      </ConfirmDialog>
    </section>
  );
}
