// The 404 page, also drawn for things the viewer may not see (Gitea answers 404 for both). Signing in
// can only help someone who has not, so only they are asked to, and come back here afterwards.
import { Link, useLocation } from 'react-router';
import { useSession } from '@/lib/auth-store';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  const session = useSession();
  const { pathname, search, hash } = useLocation();
  const link = 'text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-400';
  return (
    <div className="mx-auto max-w-xl py-20 text-center">
      <p className="text-5xl font-bold text-gray-500 dark:text-gray-400">404</p>
      <h1 className="mt-4 text-xl font-semibold">Page not found</h1>
      <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">
        {session ? 'It does not exist, or you may not see it.' : 'It does not exist, or you may need to sign in to see it.'}
      </p>
      <p className="mt-6 flex justify-center gap-6">
        {!session && (
          <Link to={paths.signIn.href(pathname + search + hash)} className={link}>
            Sign in
          </Link>
        )}
        <Link to={paths.home.href()} className={link}>
          Go home
        </Link>
      </p>
    </div>
  );
}

export const Component = NotFoundPage;
