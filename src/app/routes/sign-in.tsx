// /user/login: sign in, then go back to ?redirect_to= (a path on this site) or home.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { useSignOut } from '@/features/auth/api/auth-queries';
import { useSession } from '@/lib/auth-store';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/use-document-title';
import { accountExtensionQueries } from '@/features/users/api/use-account-extensions';

/** Only paths on this site: "//evil.example" or "https://…" would be an open redirect. */
export function safeRedirect(target: string | null): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return paths.home.href();
  return target;
}

export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const signOut = useSignOut();
  const target = safeRedirect(params.get('redirect_to'));
  // Only a session that existed on arrival shows the "signed in" panel; one created here is
  // followed by the redirect, which the form's own success callback performs.
  const [arrivedSignedIn] = useState(() => !!session);
  // Sign-up is linked only where the server allows it (an extension: Gitea answers 404, no link).
  const { data: extensions } = useQuery(accountExtensionQueries.probe());

  useDocumentTitle('Sign in');
  return (
    <div className="mx-auto w-full max-w-sm py-6 sm:py-12">
      <div className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm sm:p-6 dark:border-gray-800 dark:bg-gray-900">
        {session && arrivedSignedIn ? (
          <div className="space-y-4 text-center">
            <h1 className="text-xl font-semibold">You are signed in</h1>
            <p className="text-sm text-gray-600 dark:text-gray-300">
              Signed in as <strong className="text-gray-900 dark:text-gray-100">{session.login}</strong>.
            </p>
            <div className="flex justify-center gap-2">
              <Link to={target} className="rounded-md bg-indigo-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-indigo-500">
                {target === paths.home.href() ? 'Go home' : 'Continue'}
              </Link>
              <Button onClick={() => void signOut()}>Sign out</Button>
            </div>
          </div>
        ) : (
          <>
            <h1 className="mb-1 text-xl font-semibold">Sign in to Forge</h1>
            <p className="mb-5 text-sm text-gray-600 dark:text-gray-400">Use your account, or paste an access token.</p>
            <SignInForm onSignedIn={() => navigate(target, { replace: true })} />
            {extensions?.signUp && (
              <p className="mt-4 text-center text-sm text-gray-600 dark:text-gray-400">
                New here?{' '}
                <Link className="text-indigo-600 underline dark:text-indigo-400" to={paths.signUp.href()}>
                  Create an account
                </Link>
              </p>
            )}
          </>
        )}
      </div>
    </div>
  );
}
