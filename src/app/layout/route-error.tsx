// The error page of any route: 404 for missing or hidden things, a message and retry otherwise.
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { isApiError, errorMessage } from '@/lib/api/api-error';
import { NotFoundPage } from '../routes/not-found';
import { paths } from '@/lib/paths';

export function RouteError() {
  const error = useRouteError();
  const status = isApiError(error) ? error.status : isRouteErrorResponse(error) ? error.status : 0;
  if (status === 404) return <NotFoundPage />;
  if (status === 401) {
    return (
      <div className="mx-auto max-w-xl py-20 text-center">
        <h1 className="text-xl font-semibold">Sign in required</h1>
        <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">{errorMessage(error)}</p>
        <Link className="mt-6 inline-block text-sm font-medium text-indigo-600 hover:underline" to={paths.signIn.href(location.pathname)}>
          Sign in
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl py-20 text-center" role="alert">
      <h1 className="text-xl font-semibold">Something went wrong</h1>
      <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">
        {isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : errorMessage(error)}
      </p>
      <button className="mt-6 text-sm font-medium text-indigo-600 hover:underline" onClick={() => location.reload()}>
        Reload the page
      </button>
    </div>
  );
}
