// The shell around every page: top bar (home, explore, your issues and pulls, search, the "+" menu,
// user menu, theme) and content.
import { Suspense } from 'react';
import { Form, Link, NavLink, Outlet, useLocation, useNavigation, useNavigate } from 'react-router';
import { useCurrentUser, useSignOut } from '@/features/auth/api/auth-queries';
import { useSession } from '@/lib/auth-store';
import { paths } from '@/lib/paths';
import { Avatar } from '@/components/ui/avatar';
import { Spinner } from '@/components/ui/spinner';
import { useTheme, type ThemeChoice } from '@/lib/theme';
import { KeyboardLayer } from './keyboard-layer';
import { menuItemClass, TopBarMenu } from './top-bar-menu';
import { useCurrentRepo } from './use-current-repo';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { LiveEvents } from './live-events';

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <div className="flex min-h-screen flex-col">
      <TopBar />
      <KeyboardLayer />
      <LiveEvents />
      {navigation.state === 'loading' && <div className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-indigo-500" aria-hidden />}
      <main className="mx-auto w-full max-w-6xl flex-1 px-3 py-5 sm:px-6">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="border-t border-gray-200 py-4 text-center text-xs text-gray-500 dark:border-gray-800 dark:text-gray-400">
        Forge · a Gitea-compatible forge
      </footer>
    </div>
  );
}

/** Sign in, then come back here (Gitea's ?redirect_to=; the sign-in page accepts only paths on this site). */
function signInHref({ pathname, search, hash }: { pathname: string; search: string; hash: string }) {
  if (pathname === paths.signIn.pattern) return pathname + search; // keep where the sign-in page was already told to go
  return pathname === paths.home.href() ? paths.signIn.href() : paths.signIn.href(pathname + search + hash);
}

function TopBar() {
  const location = useLocation();
  const session = useSession();
  const user = useCurrentUser();
  const navLink = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-2 py-1 text-sm font-medium ${isActive ? 'bg-gray-800 text-white' : 'text-gray-300 hover:text-white'}`;
  return (
    <header className="border-b border-gray-800 bg-gray-900 text-gray-100">
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-3 py-2 sm:gap-4 sm:px-6">
        <Link to={paths.home.href()} className="flex items-center gap-2 font-semibold text-white" aria-label="Forge home">
          <img src="/favicon.svg" alt="" width={24} height={24} />
          <span className="hidden sm:inline">Forge</span>
        </Link>
        <nav className="flex items-center gap-1" aria-label="Main">
          <NavLink to={paths.explore.href()} className={navLink}>
            Explore
          </NavLink>
          {/* On a phone these two live in the user menu only ("Your issues", "Your pull requests"). */}
          {session && (
            <>
              <NavLink to={paths.yourIssues.href()} className={(s) => `hidden md:inline ${navLink(s)}`}>
                Issues
              </NavLink>
              <NavLink to={paths.yourPulls.href()} className={(s) => `hidden md:inline ${navLink(s)}`}>
                Pull requests
              </NavLink>
            </>
          )}
        </nav>
        <Form role="search" aria-label="Site" action={paths.explore.pattern} className="min-w-0 flex-1">
          <label htmlFor="global-search" className="sr-only">
            Search repositories
          </label>
          <input
            id="global-search"
            name="q"
            type="search"
            placeholder="Search repositories…"
            className="w-full max-w-xs rounded-md border border-gray-700 bg-gray-800 px-3 py-1.5 text-sm text-gray-100 placeholder:text-gray-400 focus:border-indigo-400 focus:outline-none"
          />
        </Form>
        <ThemeSwitch />
        {session ? (
          <>
            <NotificationBell />
            <CreateMenu />
            <UserMenu login={user?.login ?? session.login} avatar={user?.avatar_url} />
          </>
        ) : (
          <Link to={signInHref(location)} className="rounded-md bg-indigo-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-500">
            Sign in
          </Link>
        )}
      </div>
    </header>
  );
}

function ThemeSwitch() {
  const { choice, setTheme } = useTheme();
  return (
    <label className="hidden items-center sm:flex">
      <span className="sr-only">Theme</span>
      <select
        value={choice}
        onChange={(e) => setTheme(e.target.value as ThemeChoice)}
        className="rounded-md border border-gray-700 bg-gray-800 px-1.5 py-1 text-xs text-gray-200"
      >
        <option value="system">System</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </select>
    </label>
  );
}

/** The "+" menu: what can be created, starting with what belongs to the repository being looked at. */
function CreateMenu() {
  const repo = useCurrentRepo();
  return (
    <TopBarMenu
      label="Create"
      buttonLabel="Create…"
      buttonClassName="flex items-center gap-0.5 rounded-md px-1.5 py-1 text-gray-300 hover:bg-gray-800 hover:text-white"
      buttonContent={
        <>
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden className="fill-current">
            <path d="M7.75 2a.75.75 0 0 1 .75.75V7h4.25a.75.75 0 0 1 0 1.5H8.5v4.25a.75.75 0 0 1-1.5 0V8.5H2.75a.75.75 0 0 1 0-1.5H7V2.75A.75.75 0 0 1 7.75 2Z" />
          </svg>
          <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden className="fill-current">
            <path d="m4.427 7.427 3.396 3.396a.25.25 0 0 0 .354 0l3.396-3.396A.25.25 0 0 0 11.396 7H4.604a.25.25 0 0 0-.177.427Z" />
          </svg>
        </>
      }
    >
      {(close) => (
        <>
          {repo && (
            <>
              <Link role="menuitem" to={paths.newIssue.href(repo.owner, repo.repo)} className={menuItemClass} onClick={close}>
                New issue
              </Link>
              <Link role="menuitem" to={paths.compare.href(repo.owner, repo.repo)} className={menuItemClass} onClick={close}>
                New pull request
              </Link>
              <div role="separator" className="my-1 border-t border-gray-200 dark:border-gray-700" />
            </>
          )}
          <Link role="menuitem" to={paths.newRepo.href()} className={menuItemClass} onClick={close}>
            New repository
          </Link>
          <Link role="menuitem" to={paths.newOrg.href()} className={menuItemClass} onClick={close}>
            New organization
          </Link>
        </>
      )}
    </TopBarMenu>
  );
}

function UserMenu({ login, avatar }: { login: string; avatar?: string }) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const { choice, setTheme } = useTheme();
  return (
    <TopBarMenu
      label="User menu"
      // The login shows beside the avatar, so the name starts with it (WCAG 2.5.3, label in name).
      buttonLabel={`${login} — user menu`}
      buttonClassName="flex items-center gap-1 rounded-md p-1 hover:bg-gray-800"
      buttonContent={
        <>
          <Avatar src={avatar} name={login} size={24} />
          <span className="hidden text-sm md:inline">{login}</span>
        </>
      }
    >
      {(close) => (
        <>
          <p className="border-b border-gray-200 px-3 py-2 text-xs text-gray-500 dark:border-gray-700 dark:text-gray-400">
            Signed in as <strong className="text-gray-900 dark:text-gray-100">{login}</strong>
          </p>
          <Link role="menuitem" to={paths.user.href(login)} className={menuItemClass} onClick={close}>
            Your profile
          </Link>
          <Link role="menuitem" to={paths.yourIssues.href()} className={menuItemClass} onClick={close}>
            Your issues
          </Link>
          <Link role="menuitem" to={paths.yourPulls.href()} className={menuItemClass} onClick={close}>
            Your pull requests
          </Link>
          <Link role="menuitem" to={paths.userSettings.href()} className={menuItemClass} onClick={close}>
            Settings
          </Link>
          <div className="px-3 py-2 sm:hidden">
            <label className="flex items-center justify-between gap-2 text-sm">
              Theme
              <select
                value={choice}
                onChange={(e) => setTheme(e.target.value as ThemeChoice)}
                className="rounded border border-gray-300 bg-transparent px-1 py-0.5 text-xs dark:border-gray-600"
              >
                <option value="system">System</option>
                <option value="light">Light</option>
                <option value="dark">Dark</option>
              </select>
            </label>
          </div>
          <button
            role="menuitem"
            className={`${menuItemClass} border-t border-gray-200 dark:border-gray-700`}
            onClick={() => {
              close();
              void signOut();
              navigate(paths.home.href());
            }}
          >
            Sign out
          </button>
        </>
      )}
    </TopBarMenu>
  );
}
