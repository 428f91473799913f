// The signed-in user's web sessions (issue #23): where they are signed in (browser, address, when
// signed in and last used), "Sign out" per session, and "Sign out everywhere else" after a
// confirmation. Only on the embedded server: other servers keep their sessions outside the API.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorNotice } from '@/components/ui/error-notice';
import { RelativeTime } from '@/components/ui/relative-time';
import { Spinner } from '@/components/ui/spinner';
import { useEndOtherWebSessions, useEndWebSession, webSessionQueries, type WebSession } from '../api/use-web-sessions';

/** `onSignOutHere`: signs this browser out (the route supplies the app's sign-out). */
export function WebSessions({ login, onSignOutHere }: { login: string; onSignOutHere: () => void }) {
  const { data: sessions, error } = useQuery(webSessionQueries.list(login));
  const end = useEndWebSession(login);
  const endOthers = useEndOtherWebSessions(login);
  const [confirming, setConfirming] = useState(false);
  const others = sessions?.filter((s) => !s.current).length ?? 0;

  const endOne = (s: WebSession) => {
    if (s.current) return onSignOutHere();
    end.mutate(s.id, { onSuccess: () => toast.success(`Signed out of ${s.browser}`) });
  };

  return (
    <section aria-labelledby="sessions-title" className="space-y-3">
      <h2 id="sessions-title" className="text-lg font-semibold">
        Where you are signed in
      </h2>
      <p className="text-sm text-gray-600 dark:text-gray-400">
        Each browser you sign in with keeps a session until you sign out, it goes unused for a week, or 30 days pass.
      </p>
      <ErrorNotice error={error ?? end.error} />
      {!sessions ? (
        !error && <Spinner label="Loading sessions" />
      ) : (
        <ul aria-label="Sessions" className="divide-y divide-gray-200 rounded-md border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
          {sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-3">
              <div className="min-w-0 space-y-0.5">
                <p className="font-medium">
                  {s.browser}
                  {s.current && (
                    <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800 dark:bg-green-900 dark:text-green-200">
                      This browser
                    </span>
                  )}
                </p>
                <p className="text-xs text-gray-500 dark:text-gray-400">
                  {s.ip && <>{s.ip} · </>}
                  Signed in <RelativeTime date={s.created_at} /> · last used <RelativeTime date={s.last_used_at} />
                </p>
              </div>
              <Button
                size="sm"
                onClick={() => endOne(s)}
                disabled={end.isPending && end.variables === s.id}
                aria-label={s.current ? 'Sign out of this browser' : `Sign out of ${s.browser}, signed in ${new Date(s.created_at).toLocaleString()}`}
              >
                Sign out
              </Button>
            </li>
          ))}
        </ul>
      )}
      {others > 0 && (
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Sign out everywhere else
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title="Sign out everywhere else"
        confirmLabel="Sign out other sessions"
        pendingLabel="Signing out…"
        danger
        pending={endOthers.isPending}
        error={endOthers.error}
        onClose={() => {
          setConfirming(false);
          endOthers.reset();
        }}
        onConfirm={() =>
          endOthers.mutate(undefined, {
            onSuccess: () => {
              toast.success('Signed out of every other session');
              setConfirming(false);
            },
          })
        }
      >
        End {others === 1 ? 'the other session' : `all ${others} other sessions`}? Those browsers will have to sign in again; this one stays signed in.
      </ConfirmDialog>
    </section>
  );
}
