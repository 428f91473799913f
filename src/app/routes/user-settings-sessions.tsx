// /user/settings/sessions: the signed-in user's web sessions (issue #23). Another Gitea-compatible
// server has no such list in its API, so there the page says so.
import { useNavigate } from 'react-router';
import { useSignOut } from '@/features/auth/api/auth-queries';
import { getServerKind, useSession } from '@/lib/auth-store';
import { paths } from '@/lib/paths';
import { SettingsShell } from '@/features/users/components/settings-shell';
import { WebSessions } from '@/features/users/components/web-sessions';

export function Component() {
  const session = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const signOutHere = () => {
    void signOut();
    navigate(paths.home.href());
  };
  return (
    <SettingsShell title="Sessions" here={paths.userSettingsSessions.href()}>
      {session &&
        (getServerKind() === 'embedded' ? (
          <WebSessions login={session.login} onSignOutHere={signOutHere} />
        ) : (
          <p className="text-sm text-gray-600 dark:text-gray-400">
            This server does not list its web sessions to apps; sign out here ends this app&apos;s access token.
          </p>
        ))}
    </SettingsShell>
  );
}
