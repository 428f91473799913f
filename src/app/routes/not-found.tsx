import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="mx-auto max-w-xl py-20 text-center">
      <p className="text-5xl font-bold text-gray-500 dark:text-gray-400">404</p>
      <h1 className="mt-4 text-xl font-semibold">Page not found</h1>
      <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">It does not exist, or you may not see it. Signing in may help.</p>
      <Link to={paths.home.href()} className="mt-6 inline-block text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
        Go home
      </Link>
    </div>
  );
}

export const Component = NotFoundPage;
