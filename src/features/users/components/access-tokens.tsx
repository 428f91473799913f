// Access tokens: list, create with a name and scopes (the secret shown once, with a copy button)
// and delete. Gitea opens these routes only to Basic auth, so the page first asks for the password
// and keeps it in memory while it is open.
import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorNotice } from '@/components/ui/error-notice';
import { inputClass, TextField } from '@/components/ui/field';
import { RelativeTime } from '@/components/ui/relative-time';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api/api-error';
import { useSession } from '@/lib/auth-store';
import { formErrors } from '@/lib/form-errors';
import { userQueries } from '../api/user-queries';
import { useCreateAccessToken, useDeleteAccessToken } from '../api/use-access-tokens';
import type { AccessToken } from '../api/gitea-types';
import { DeletableList } from './deletable-list';

/** Gitea's scope categories (models/auth/access_token_scope.go); misc and notification have only read. */
const CATEGORIES = [
  ['activitypub', 'ActivityPub', true],
  ['admin', 'Admin', true],
  ['issue', 'Issues', true],
  ['misc', 'Misc', false],
  ['notification', 'Notifications', true],
  ['organization', 'Organizations', true],
  ['package', 'Packages', true],
  ['repository', 'Repositories', true],
  ['user', 'User', true],
] as const;

type Level = '' | 'read' | 'write';

export function AccessTokens({ login }: { login: string }) {
  const [password, setPassword] = useState('');
  const { data: tokens, error } = useQuery(userQueries.tokens(login, password));
  const [created, setCreated] = useState<AccessToken | null>(null);
  if (!password) return <ConfirmPassword login={login} onConfirmed={setPassword} />;
  return (
    <div className="space-y-8">
      {created && <NewTokenNotice token={created} onDismiss={() => setCreated(null)} />}
      <section aria-labelledby="tokens-title" className="space-y-3">
        <h2 id="tokens-title" className="text-lg font-semibold">
          Access tokens
        </h2>
        <p className="text-sm text-gray-600 dark:text-gray-400">
          Tokens let scripts and tools use the API as you. Anyone with a token can do what its scopes allow.
        </p>
        <ErrorNotice error={error} />
        {tokens ? <TokenList tokens={tokens} password={password} /> : !error && <Spinner label="Loading access tokens" />}
      </section>
      <CreateTokenForm password={password} onCreated={setCreated} />
    </div>
  );
}

/** Checks the password by listing the tokens with it; only a password that works opens the page. */
function ConfirmPassword({ login, onConfirmed }: { login: string; onConfirmed: (password: string) => void }) {
  const qc = useQueryClient();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setError('Enter your password');
    setPending(true);
    try {
      await qc.fetchQuery({ ...userQueries.tokens(login, password), staleTime: 0 });
      onConfirmed(password);
    } catch (err) {
      setError(isApiError(err) && err.status === 401 ? 'The password is not right' : err);
    } finally {
      setPending(false);
    }
  };
  return (
    <section aria-labelledby="confirm-title" className="space-y-3">
      <h2 id="confirm-title" className="text-lg font-semibold">
        Confirm your password
      </h2>
      <p className="text-sm text-gray-600 dark:text-gray-400">Access tokens are managed with your password, so a leaked token cannot make or remove others.</p>
      <form onSubmit={submit} className="flex max-w-md flex-wrap items-end gap-2" noValidate>
        <div className="min-w-0 flex-1">
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={error ? (typeof error === 'string' ? error : null) : null}
          />
        </div>
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? 'Checking…' : 'Continue'}
        </Button>
      </form>
      {error && typeof error !== 'string' ? <ErrorNotice error={error} /> : null}
    </section>
  );
}

/** The secret exists only in the answer to creating the token: shown here, once, until dismissed. */
function NewTokenNotice({ token, onDismiss }: { token: AccessToken; onDismiss: () => void }) {
  return (
    <section aria-labelledby="new-token-title" className="space-y-2 rounded-md border border-green-300 bg-green-50 p-4 dark:border-green-800 dark:bg-green-950">
      <h2 id="new-token-title" className="font-semibold text-green-900 dark:text-green-100">
        Token “{token.name}” created
      </h2>
      <p className="text-sm text-green-900 dark:text-green-100">Copy it now: it will not be shown again.</p>
      <div className="flex flex-wrap items-center gap-2">
        <code aria-label="New token" className="rounded bg-white px-2 py-1 font-mono text-sm break-all text-gray-900 dark:bg-gray-900 dark:text-gray-100">
          {token.sha1}
        </code>
        <CopyButton text={token.sha1} label="Copy token" />
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          Done
        </Button>
      </div>
    </section>
  );
}

function TokenList({ tokens, password }: { tokens: AccessToken[]; password: string }) {
  const session = useSession();
  const remove = useDeleteAccessToken(password);
  if (tokens.length === 0) return <EmptyState title="No access tokens yet" />;
  // The browser's own session is a token too; deleting it signs this browser out.
  const mine = (t: AccessToken) => !!session?.token && t.token_last_eight === session.token.slice(-8);
  return (
    <DeletableList
      label="Access tokens"
      items={tokens}
      renderItem={(t) => (
        <>
          <p className="font-medium break-all">
            {t.name}
            {mine(t) && (
              <span className="ml-2 rounded-full border border-indigo-300 px-2 py-0.5 text-xs font-normal text-indigo-700 dark:border-indigo-700 dark:text-indigo-300">
                This browser
              </span>
            )}
          </p>
          <p className="text-xs text-gray-600 dark:text-gray-400">
            <span className="font-mono">…{t.token_last_eight}</span> · {(t.scopes ?? []).join(', ') || 'no scopes'}
            {t.created_at && (
              <>
                {' '}
                · Created <RelativeTime date={t.created_at} />
              </>
            )}
          </p>
        </>
      )}
      deleteLabel={(t) => `Delete token ${t.name}`}
      dialogTitle="Delete access token"
      confirmLabel="Delete token"
      confirmBody={(t) => (
        <>
          Delete <strong>{t.name}</strong>? Anything using it stops working.
          {mine(t) ? ' This browser signs in with it, so you will be signed out.' : ''}
        </>
      )}
      deletedMessage={(t) => `Token “${t.name}” deleted`}
      remove={remove}
    />
  );
}

function CreateTokenForm({ password, onCreated }: { password: string; onCreated: (t: AccessToken) => void }) {
  const create = useCreateAccessToken(password);
  const [name, setName] = useState('');
  const [levels, setLevels] = useState<Record<string, Level>>({});
  const [missing, setMissing] = useState<Record<string, string>>({});
  const server = formErrors(create.error, ['name', 'scopes']);
  const scopes = Object.entries(levels)
    .filter(([, l]) => l)
    .map(([c, l]) => `${l}:${c}`);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const m: Record<string, string> = {};
    if (!name.trim()) m.name = 'Token name is required';
    if (scopes.length === 0) m.scopes = 'Choose at least one scope';
    setMissing(m);
    if (Object.keys(m).length) return;
    create.mutate(
      { name: name.trim(), scopes },
      {
        onSuccess: (t) => {
          onCreated(t);
          setName('');
          setLevels({});
        },
      },
    );
  };
  const scopeError = missing.scopes ?? server.fields.scopes;
  return (
    <section aria-labelledby="new-token-form-title" className="space-y-3">
      <h2 id="new-token-form-title" className="text-lg font-semibold">
        Generate a new token
      </h2>
      <form onSubmit={submit} className="max-w-xl space-y-4" noValidate>
        <TextField label="Token name" name="name" value={name} onChange={(e) => setName(e.target.value)} error={missing.name ?? server.fields.name} />
        <fieldset className="space-y-2" aria-describedby={scopeError ? 'scopes-error' : undefined}>
          <legend className="text-sm font-medium text-gray-800 dark:text-gray-200">Scopes</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {CATEGORIES.map(([id, label, canWrite]) => (
              <label key={id} className="flex items-center justify-between gap-2 text-sm">
                {label}
                <select value={levels[id] ?? ''} onChange={(e) => setLevels((l) => ({ ...l, [id]: e.target.value as Level }))} className={`${inputClass} w-40`}>
                  <option value="">No access</option>
                  <option value="read">Read</option>
                  {canWrite && <option value="write">Read and write</option>}
                </select>
              </label>
            ))}
          </div>
          {scopeError && (
            <p id="scopes-error" role="alert" className="text-sm text-red-600 dark:text-red-400">
              {scopeError}
            </p>
          )}
        </fieldset>
        <ErrorNotice error={server.general} />
        <Button type="submit" variant="primary" disabled={create.isPending}>
          {create.isPending ? 'Generating…' : 'Generate token'}
        </Button>
      </form>
    </section>
  );
}
