// The frame of /user/settings pages: a side nav (Profile, Account, SSH keys, Applications, Sessions) and the page.
// A signed-out visitor gets a sign-in link instead of forms the server would refuse.
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { useSession } from '@/lib/auth-store';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

const pages = [
  { to: paths.userSettings.href(), label: 'Profile' },
  { to: paths.userSettingsAccount.href(), label: 'Account' },
  { to: paths.userSettingsKeys.href(), label: 'SSH keys' },
  { to: paths.userSettingsApplications.href(), label: 'Applications' },
  { to: paths.userSettingsSessions.href(), label: 'Sessions' },
];

export function SettingsShell({ title, here, children }: { title: string; here: string; children: ReactNode }) {
  const session = useSession();
  useDocumentTitle(`${title} · Settings`);
  return (
    <div className="grid gap-6 md:grid-cols-[12rem_minmax(0,1fr)]">
      <nav aria-label="Settings" className="flex gap-1 overflow-x-auto md:flex-col">
        {pages.map((pg) => (
          <NavLink
            key={pg.to}
            to={pg.to}
            end
            className={({ isActive }) =>
              `rounded-md px-3 py-2 text-sm whitespace-nowrap ${isActive ? 'bg-gray-100 font-semibold text-gray-900 dark:bg-gray-800 dark:text-gray-100' : 'text-gray-700 hover:bg-gray-50 dark:text-gray-300 dark:hover:bg-gray-900'}`
            }
          >
            {pg.label}
          </NavLink>
        ))}
      </nav>
      <div className="min-w-0 space-y-8">
        <h1 className="border-b border-gray-200 pb-2 text-xl font-semibold dark:border-gray-800">{title}</h1>
        {session ? (
          children
        ) : (
          <p className="text-sm">
            <Link className="text-indigo-600 hover:underline dark:text-indigo-400" to={paths.signIn.href(here)}>
              Sign in
            </Link>{' '}
            to change your settings.
          </p>
        )}
      </div>
    </div>
  );
}
