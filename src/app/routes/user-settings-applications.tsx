// /user/settings/applications: the signed-in user's access tokens.
import { useSession } from '@/lib/auth-store';
import { paths } from '@/lib/paths';
import { SettingsShell } from '@/features/users/components/settings-shell';
import { AccessTokens } from '@/features/users/components/access-tokens';

export function Component() {
  const session = useSession();
  return (
    <SettingsShell title="Applications" here={paths.userSettingsApplications.href()}>
      {session && <AccessTokens login={session.login} />}
    </SettingsShell>
  );
}
