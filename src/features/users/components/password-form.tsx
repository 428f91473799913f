// Settings → Account → Password (issue #20, an extension of the embedded forge): the current
// password, the new one twice. A wrong current password or a too short new one shows beside its
// field; success signs out every other browser and keeps this one.
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ErrorNotice } from '@/components/ui/error-notice';
import { TextField } from '@/components/ui/field';
import { NewPasswordFields, useNewPassword } from '@/components/ui/new-password-fields';
import { formErrors } from '@/lib/form-errors';
import { useChangePassword } from '../api/use-account';

export function PasswordForm() {
  const change = useChangePassword();
  const [oldPassword, setOldPassword] = useState('');
  const pw = useNewPassword();
  const errors = formErrors(change.error, ['old_password', 'new_password']);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!pw.confirm()) return;
    change.mutate(
      { old_password: oldPassword, new_password: pw.password },
      {
        onSuccess: () => {
          setOldPassword('');
          pw.reset();
          toast.success('Password changed. Your other browsers were signed out.');
        },
      },
    );
  };

  return (
    <section aria-labelledby="password-title" className="space-y-3">
      <h2 id="password-title" className="text-lg font-semibold">
        Password
      </h2>
      <form onSubmit={submit} className="max-w-md space-y-4" aria-label="Change password" noValidate>
        <TextField
          label="Current password"
          name="old_password"
          type="password"
          autoComplete="current-password"
          value={oldPassword}
          onChange={(e) => setOldPassword(e.target.value)}
          error={errors.fields.old_password}
        />
        <NewPasswordFields state={pw} label="New password" name="new_password" error={errors.fields.new_password} />
        <ErrorNotice error={errors.general} />
        <p className="text-sm text-gray-600 dark:text-gray-400">Changing it signs you out everywhere else; this browser stays signed in.</p>
        <Button type="submit" variant="primary" disabled={!oldPassword || !pw.password || !pw.repeat || change.isPending}>
          {change.isPending ? 'Changing…' : 'Change password'}
        </Button>
      </form>
    </section>
  );
}
