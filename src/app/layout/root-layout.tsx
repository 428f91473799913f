// The shell around every page: top bar (home, explore, search, new, user menu, theme) and content.
import { Suspense, useEffect, useRef, useState } from 'react';
import { Form, Link, NavLink, Outlet, useLocation, useNavigation, useNavigate } from 'react-router';
import { useCurrentUser, useSignOut } from '@/features/auth/api/auth-queries';
import { useSession } from '@/lib/auth-store';
import { paths } from '@/lib/paths';
import { Avatar } from '@/components/ui/avatar';
import { Spinner } from '@/components/ui/spinner';
import { focusFirstItem, onMenuArrowKeys } from '@/components/ui/menu-keys';
import { useTheme, type ThemeChoice } from '@/lib/theme';
import { KeyboardLayer } from './keyboard-layer';

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <div className="flex min-h-screen flex-col">
      <TopBar />
      <KeyboardLayer />
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
            <Link
              to={paths.newRepo.href()}
              className="rounded-md px-2 py-1 text-lg leading-none text-gray-300 hover:text-white"
              aria-label="New repository"
              title="New repository"
            >
              +
            </Link>
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

function UserMenu({ login, avatar }: { login: string; avatar?: string }) {
  const [open, setOpen] = useState(false);
  const signOut = useSignOut();
  const navigate = useNavigate();
  const { choice, setTheme } = useTheme();
  const item = 'block w-full px-3 py-2 text-left text-sm hover:bg-gray-100 focus:bg-gray-100 focus:outline-none dark:hover:bg-gray-800 dark:focus:bg-gray-800';
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  // Opening moves focus into the menu, as the WAI-ARIA menu button pattern does.
  useEffect(() => {
    if (open) focusFirstItem(menu.current);
  }, [open]);
  return (
    <div
      className="relative"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        // The login shows beside the avatar, so the name starts with it (WCAG 2.5.3, label in name).
        aria-label={`${login} — user menu`}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
        className="flex items-center gap-1 rounded-md p-1 hover:bg-gray-800"
      >
        <Avatar src={avatar} name={login} size={24} />
        <span className="hidden text-sm md:inline">{login}</span>
      </button>
      {open && (
        <>
          <div className="fixed inset-0 z-10" onClick={() => setOpen(false)} aria-hidden />
          <div
            ref={menu}
            role="menu"
            aria-label="User menu"
            onKeyDown={onMenuArrowKeys}
            className="absolute right-0 z-20 mt-1 w-52 overflow-hidden rounded-md border border-gray-200 bg-white py-1 text-gray-900 shadow-lg dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
          >
            <p className="border-b border-gray-200 px-3 py-2 text-xs text-gray-500 dark:border-gray-700 dark:text-gray-400">
              Signed in as <strong className="text-gray-900 dark:text-gray-100">{login}</strong>
            </p>
            <Link role="menuitem" to={paths.user.href(login)} className={item} onClick={() => setOpen(false)}>
              Your profile
            </Link>
            <Link role="menuitem" to={paths.yourIssues.href()} className={item} onClick={() => setOpen(false)}>
              Your issues
            </Link>
            <Link role="menuitem" to={paths.yourPulls.href()} className={item} onClick={() => setOpen(false)}>
              Your pull requests
            </Link>
            <Link role="menuitem" to={paths.newRepo.href()} className={item} onClick={() => setOpen(false)}>
              New repository
            </Link>
            <Link role="menuitem" to={paths.newOrg.href()} className={item} onClick={() => setOpen(false)}>
              New organization
            </Link>
            <Link role="menuitem" to={paths.userSettings.href()} className={item} onClick={() => setOpen(false)}>
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
              className={`${item} border-t border-gray-200 dark:border-gray-700`}
              onClick={() => {
                setOpen(false);
                signOut();
                navigate(paths.home.href());
              }}
            >
              Sign out
            </button>
          </div>
        </>
      )}
    </div>
  );
}
