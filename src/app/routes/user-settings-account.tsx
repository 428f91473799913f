// /user/settings/account (Gitea's URL): password, e-mail addresses and deleting the account
// (issue #20). E-mail addresses are Gitea's API; the password and the deletion are extensions of
// the embedded forge, so on another server the page says where those are done instead.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { setSession, useSession } from '@/lib/auth-store';
import { paths } from '@/lib/paths';
import { SettingsShell } from '@/features/users/components/settings-shell';
import { EmailAddresses } from '@/features/users/components/email-addresses';
import { PasswordForm } from '@/features/users/components/password-form';
import { DeleteAccount } from '@/features/users/components/delete-account';
import { accountExtensionQueries } from '@/features/users/api/use-account-extensions';

export function Component() {
  const session = useSession();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { data: extensions, isPending } = useQuery({ ...accountExtensionQueries.probe(), enabled: !!session });
  const deleted = () => {
    // The server has ended every session of the account; forget it here and show the signed-out home.
    setSession(null);
    qc.clear();
    navigate(paths.home.href(), { replace: true });
  };
  return (
    <SettingsShell title="Account" here={paths.userSettingsAccount.href()}>
      {session && (
        <>
          {extensions ? (
            <PasswordForm />
          ) : (
            !isPending && (
              <section aria-labelledby="password-title" className="space-y-2">
                <h2 id="password-title" className="text-lg font-semibold">
                  Password
                </h2>
                <p className="text-sm text-gray-600 dark:text-gray-400">
                  This server changes passwords and deletes accounts on its own website only, not through its API: use its account settings page.
                </p>
              </section>
            )
          )}
          <EmailAddresses login={session.login} />
          {extensions && <DeleteAccount login={session.login} onDeleted={deleted} />}
        </>
      )}
    </SettingsShell>
  );
}
