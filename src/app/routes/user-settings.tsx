// /user/settings: the signed-in user's public profile fields and avatar.
import { useQuery } from '@tanstack/react-query';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/auth-store';
import { paths } from '@/lib/paths';
import { userQueries } from '@/features/users/api/user-queries';
import { SettingsShell } from '@/features/users/components/settings-shell';
import { ProfileSettingsForm } from '@/features/users/components/profile-settings-form';
import { AvatarForm } from '@/features/users/components/avatar-form';

export function Component() {
  return (
    <SettingsShell title="Profile" here={paths.userSettings.href()}>
      <ProfileSettings />
    </SettingsShell>
  );
}

function ProfileSettings() {
  const login = useSession()!.login;
  const settings = useQuery(userQueries.settings(login));
  const user = useQuery(userQueries.detail(login));
  const error = settings.error ?? user.error;
  if (error) return <ErrorNotice error={error} />;
  if (!settings.data || !user.data) return <Spinner label="Loading your settings" />;
  return (
    <>
      <ProfileSettingsForm settings={settings.data} user={user.data} />
      <AvatarForm login={login} avatarUrl={user.data.avatar_url} />
    </>
  );
}
