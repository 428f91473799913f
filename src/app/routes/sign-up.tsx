// /user/sign_up (Gitea's URL): create an account when the server allows it (issue #20). Gitea and
// a forge with sign-up closed get words saying so, and the way to sign in.
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { accountExtensionQueries } from '@/features/users/api/use-account-extensions';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

const linkClass = 'text-indigo-600 underline dark:text-indigo-400';

export function Component() {
  const navigate = useNavigate();
  const { data: extensions, isPending } = useQuery(accountExtensionQueries.probe());
  useDocumentTitle('Sign up');
  return (
    <div className="mx-auto w-full max-w-sm py-6 sm:py-12">
      <div className="rounded-lg border border-gray-200 bg-white p-5 shadow-sm sm:p-6 dark:border-gray-800 dark:bg-gray-900">
        <h1 className="mb-1 text-xl font-semibold">Create your account</h1>
        {isPending ? (
          <Spinner label="Loading" />
        ) : extensions?.signUp ? (
          <>
            <p className="mb-5 text-sm text-gray-600 dark:text-gray-400">
              Already have one?{' '}
              <Link className={linkClass} to={paths.signIn.href()}>
                Sign in
              </Link>
              .
            </p>
            <SignUpForm onSignedUp={() => navigate(paths.home.href(), { replace: true })} />
          </>
        ) : (
          <p className="text-sm text-gray-600 dark:text-gray-300">
            This server does not let visitors create accounts; ask its administrator for one. Already have an account?{' '}
            <Link className={linkClass} to={paths.signIn.href()}>
              Sign in
            </Link>
            .
          </p>
        )}
      </div>
    </div>
  );
}
