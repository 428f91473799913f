// /:owner — a user's profile: card with follow button, contribution heatmap, and tabs (kept in
// ?tab=) for repositories, stars, followers, following and activity. An unknown user is the 404 page.
import { keepPreviousData, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../query-client';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { pageParam } from '@/lib/search-params';
import { USERS_PAGE_SIZE, userQueries } from '@/features/users/api/user-queries';
import { ProfileCard } from '@/features/users/components/profile-card';
import { ContributionHeatmap } from '@/features/users/components/contribution-heatmap';
import { FollowList } from '@/features/users/components/follow-list';
import { ProfileTabs, profileTab } from '@/features/users/components/profile-tabs';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { OwnedRepos, ownedReposQuery } from '@/features/repos/components/owned-repos';
import { RepoList } from '@/features/repos/components/repo-list';
import { UserFeed } from '@/features/activity/components/user-feed';
import { useDocumentTitle } from '@/lib/use-document-title';

export async function loader({ params, request }: LoaderFunctionArgs) {
  // Throws the ApiError (404) for an unknown user; the route's error boundary shows the 404 page.
  const user = await queryClient.ensureQueryData(userQueries.detail(params.owner!));
  const search = new URL(request.url).searchParams;
  // The list needs the user's id; start it now but let the card render without waiting for it.
  if (profileTab(search) === 'repositories') void queryClient.prefetchQuery(repoQueries.search(ownedReposQuery(user.id, search)));
  return null;
}

export function Component() {
  const { owner } = useParams();
  const [params] = useSearchParams();
  const { data: user } = useSuspenseQuery(userQueries.detail(owner!));
  const tab = profileTab(params);
  useDocumentTitle(`${user.full_name ? `${user.full_name} (${user.login})` : user.login}`);
  return (
    <div className="grid gap-6 md:grid-cols-[16rem_minmax(0,1fr)] md:gap-8">
      <ProfileCard user={user} />
      <div className="min-w-0 space-y-5">
        <ContributionHeatmap username={user.login} />
        <ProfileTabs current={tab} />
        {tab === 'repositories' && <OwnedRepos uid={user.id} login={user.login} />}
        {tab === 'stars' && <StarredRepos login={user.login} />}
        {(tab === 'followers' || tab === 'following') && <FollowList username={user.login} kind={tab} />}
        {tab === 'activity' && <UserFeed login={user.login} />}
      </div>
    </div>
  );
}

function StarredRepos({ login }: { login: string }) {
  const [params] = useSearchParams();
  const page = pageParam(params);
  const { data, error, isPlaceholderData } = useQuery({ ...userQueries.starred(login, page), placeholderData: keepPreviousData });
  return (
    <section aria-labelledby="starred-title" className="space-y-3">
      <h2 id="starred-title" className="text-lg font-semibold">
        Starred repositories
      </h2>
      <ErrorNotice error={error} />
      {data ? (
        <div className={isPlaceholderData ? 'opacity-60' : undefined}>
          <RepoList repos={data.repos} label={`Repositories ${login} starred`} emptyTitle={`${login} has not starred any repositories yet`} />
          <Pagination page={page} total={data.total} limit={USERS_PAGE_SIZE} hasNext={data.hasNext} />
        </div>
      ) : (
        !error && <Spinner label="Loading starred repositories" />
      )}
    </section>
  );
}
