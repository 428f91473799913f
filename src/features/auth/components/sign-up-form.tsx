// Create an account: user name, e-mail address and password (twice). The server's refusals (a
// taken or reserved name, an address in use, a short password) show beside their field.
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorNotice } from '@/components/ui/error-notice';
import { TextField } from '@/components/ui/field';
import { NewPasswordFields, useNewPassword } from '@/components/ui/new-password-fields';
import { isApiError, errorMessage } from '@/lib/api/api-error';
import { formErrors } from '@/lib/form-errors';
import { useSignUp } from '../api/use-sign-up';

/** The server's words put beside the field they are about. */
function fieldErrors(error: unknown) {
  if (isApiError(error) && error.status === 422) {
    const m = errorMessage(error);
    if (/name is reserved/.test(m)) return { fields: { username: 'This name is reserved for the site; choose another' }, general: null };
    if (/^user already exists/.test(m)) return { fields: { username: 'This name is taken' }, general: null };
    if (/^e-mail already in use/.test(m)) return { fields: { email: 'This address belongs to another account' }, general: null };
  }
  return formErrors(error, ['username', 'email', 'password']);
}

export function SignUpForm({ onSignedUp }: { onSignedUp: (login: string) => void }) {
  const signUp = useSignUp();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const pw = useNewPassword();
  const errors = fieldErrors(signUp.error);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!pw.confirm()) return;
    signUp.mutate({ username: username.trim(), email: email.trim(), password: pw.password }, { onSuccess: ({ user }) => onSignedUp(user.login) });
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Create an account" noValidate>
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        hint="Letters, digits, dashes, underscores and dots."
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        error={errors.fields.username}
      />
      <TextField
        label="E-mail address"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.fields.email}
      />
      <NewPasswordFields state={pw} label="Password" name="password" error={errors.fields.password} />
      <ErrorNotice error={errors.general} />
      <Button type="submit" variant="primary" className="w-full" disabled={signUp.isPending || !username.trim() || !email.trim() || !pw.password || !pw.repeat}>
        {signUp.isPending ? 'Creating your account…' : 'Create account'}
      </Button>
    </form>
  );
}
