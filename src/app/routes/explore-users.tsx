// /explore/users: people the viewer may see (GET /users/search), searched and paged from the URL.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Form, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../query-client';
import { Button } from '@/components/ui/button';
import { ErrorNotice } from '@/components/ui/error-notice';
import { inputClass } from '@/components/ui/field';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { ExploreTabs } from '../explore-tabs';
import { paths } from '@/lib/paths';
import { pageParam } from '@/lib/search-params';
import { USERS_PAGE_SIZE, userQueries } from '@/features/users/api/user-queries';
import { UserList } from '@/features/users/components/user-list';
import { useDocumentTitle } from '@/lib/use-document-title';

const read = (params: URLSearchParams) => ({ q: (params.get('q') ?? '').trim(), page: pageParam(params) });

export async function loader({ request }: LoaderFunctionArgs) {
  const { q, page } = read(new URL(request.url).searchParams);
  void queryClient.prefetchQuery(userQueries.search(q, page));
  return null;
}

export function Component() {
  const [params] = useSearchParams();
  const { q, page } = read(params);
  const { data, error, isPlaceholderData } = useQuery({ ...userQueries.search(q, page), placeholderData: keepPreviousData });
  useDocumentTitle('Explore users');
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Explore users</h1>
      <ExploreTabs current="users" />
      <Form role="search" aria-label="Users" action={paths.exploreUsers.pattern} className="flex max-w-lg gap-2">
        <label htmlFor="user-search" className="sr-only">
          Search users
        </label>
        <input key={q} id="user-search" name="q" type="search" defaultValue={q} placeholder="Search users…" className={inputClass} />
        <Button type="submit">Search</Button>
      </Form>
      <ErrorNotice error={error} />
      {data ? (
        <div className={isPlaceholderData ? 'space-y-3 opacity-60' : 'space-y-3'}>
          {data.total !== undefined && (
            <p className="text-sm text-gray-600 dark:text-gray-400" aria-live="polite">
              {data.total === 1 ? '1 user' : `${data.total} users`}
              {q ? ` matching “${q}”` : ''}
            </p>
          )}
          <UserList users={data.users} label="Users" emptyTitle={q ? 'No users match' : 'No users yet'} />
          <Pagination page={page} total={data.total} limit={USERS_PAGE_SIZE} hasNext={data.hasNext} />
        </div>
      ) : (
        !error && <Spinner label="Loading users" />
      )}
    </div>
  );
}
