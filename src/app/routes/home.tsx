// "/": a welcome for visitors; for a signed-in user, the dashboard (their repositories and feed).
import { useSuspenseQuery } from '@tanstack/react-query';
import { queryClient } from '../query-client';
import { activityQueries } from '@/features/activity/api/activity-queries';
import { pageParam } from '@/lib/search-params';
import { UserFeed } from '@/features/activity/components/user-feed';
import { authQueries } from '@/features/auth/api/auth-queries';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { DashboardRepos, dashboardReposQuery } from '@/features/repos/components/dashboard-repos';
import { Welcome } from '@/features/users/components/welcome';
import { getSession, sessionKey, sessionReady, useSession, type Session } from '@/lib/auth-store';
import type { LoaderFunctionArgs } from 'react-router';
import { useDocumentTitle } from '@/lib/use-document-title';

export async function loader({ request }: LoaderFunctionArgs) {
  await sessionReady();
  const session = getSession();
  if (!session) return null;
  const params = new URL(request.url).searchParams;
  // The feed is keyed by login, known already, so it loads alongside the user; the repository
  // list needs the user's id and starts as soon as that arrives.
  const [me] = await Promise.all([
    queryClient.ensureQueryData(authQueries.me(sessionKey(session))),
    queryClient.prefetchQuery(activityQueries.userFeed(session.login, pageParam(params))),
  ]);
  void queryClient.prefetchQuery(repoQueries.search(dashboardReposQuery(me.id, params)));
  return null;
}

export function Component() {
  const session = useSession();
  return session ? <Dashboard session={session} /> : <Welcome />;
}

function Dashboard({ session }: { session: Session }) {
  const { data: me } = useSuspenseQuery(authQueries.me(sessionKey(session)));
  useDocumentTitle('Dashboard');
  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_20rem]">
      <h1 className="sr-only">Dashboard</h1>
      <div className="md:order-2">
        <DashboardRepos uid={me.id} login={me.login} />
      </div>
      <div className="min-w-0 md:order-1">
        <UserFeed login={me.login} />
      </div>
    </div>
  );
}
