// Sign in with a username and password (a token is created through Basic auth, as Gitea clients
// do) or with a pasted access token.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useSignIn } from '../api/auth-queries';
import { paths } from '@/lib/paths';
import { isApiError, errorMessage } from '@/lib/api/api-error';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';

type Method = 'password' | 'token';

function describeError(error: unknown, method: Method): string {
  if (isApiError(error) && error.status === 401) return method === 'password' ? 'Wrong username or password' : 'This token is not valid';
  if (isApiError(error) && error.status === 403) return errorMessage(error) || 'This account may not sign in';
  if (error instanceof TypeError) return 'The server could not be reached. Check your connection and try again.';
  return errorMessage(error);
}

export function SignInForm({ onSignedIn }: { onSignedIn: (login: string) => void }) {
  const [method, setMethod] = useState<Method>('password');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [token, setToken] = useState('');
  const signIn = useSignIn();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = method === 'password' ? { kind: 'password' as const, username: username.trim(), password } : { kind: 'token' as const, token };
    signIn.mutate(input, { onSuccess: ({ me }) => onSignedIn(me.login) });
  };

  const choose = (m: Method) => {
    setMethod(m);
    signIn.reset();
  };
  const tab = (m: Method, label: string) => (
    <button
      type="button"
      aria-pressed={method === m}
      onClick={() => choose(m)}
      className={`flex-1 rounded-md px-3 py-1.5 text-sm font-medium ${
        method === m
          ? 'bg-white text-gray-900 shadow-sm dark:bg-gray-700 dark:text-white'
          : 'text-gray-600 hover:text-gray-900 dark:text-gray-300 dark:hover:text-white'
      }`}
    >
      {label}
    </button>
  );

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Sign in" noValidate>
      <div className="flex gap-1 rounded-lg bg-gray-100 p-1 dark:bg-gray-800" role="group" aria-label="Sign-in method">
        {tab('password', 'Password')}
        {tab('token', 'Access token')}
      </div>
      {method === 'password' ? (
        <>
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            autoFocus
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </>
      ) : (
        <TextField
          label="Access token"
          name="token"
          type="password"
          autoComplete="off"
          spellCheck={false}
          required
          autoFocus
          hint={
            <>
              Signed in with your password, make one under{' '}
              <Link to={paths.userSettingsApplications.href()} className="text-indigo-600 underline dark:text-indigo-400">
                Settings → Applications
              </Link>
              ; a script can use <code>POST /api/v1/users/{'{name}'}/tokens</code>.
            </>
          }
          value={token}
          onChange={(e) => setToken(e.target.value)}
        />
      )}
      {signIn.isError && (
        <div
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {describeError(signIn.error, method)}
        </div>
      )}
      <Button
        type="submit"
        variant="primary"
        className="w-full"
        disabled={signIn.isPending || (method === 'password' ? !username.trim() || !password : !token.trim())}
      >
        {signIn.isPending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
