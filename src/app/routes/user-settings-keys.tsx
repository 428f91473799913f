// /user/settings/keys: the signed-in user's SSH keys.
import { useSession } from '@/lib/auth-store';
import { paths } from '@/lib/paths';
import { SettingsShell } from '@/features/users/components/settings-shell';
import { SshKeys } from '@/features/users/components/ssh-keys';

export function Component() {
  const session = useSession();
  return (
    <SettingsShell title="SSH keys" here={paths.userSettingsKeys.href()}>
      {session && <SshKeys login={session.login} />}
    </SettingsShell>
  );
}
