// /:owner — a user's profile and repositories. An unknown user is the 404 page.
import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../query-client';
import { userQueries } from '@/features/users/api/user-queries';
import { ProfileCard } from '@/features/users/components/profile-card';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { OwnedRepos, ownedReposQuery } from '@/features/repos/components/owned-repos';

export async function loader({ params, request }: LoaderFunctionArgs) {
  // Throws the ApiError (404) for an unknown user; the route's error boundary shows the 404 page.
  const user = await queryClient.ensureQueryData(userQueries.detail(params.owner!));
  // The list needs the user's id; start it now but let the card render without waiting for it.
  void queryClient.prefetchQuery(repoQueries.search(ownedReposQuery(user.id, new URL(request.url).searchParams)));
  return null;
}

export function Component() {
  const { owner } = useParams();
  const { data: user } = useSuspenseQuery(userQueries.detail(owner!));
  return (
    <div className="grid gap-6 md:grid-cols-[16rem_minmax(0,1fr)] md:gap-8">
      <title>{`${user.full_name ? `${user.full_name} (${user.login})` : user.login} · Forge`}</title>
      <ProfileCard user={user} />
      <OwnedRepos uid={user.id} login={user.login} />
    </div>
  );
}
