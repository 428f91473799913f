// /{owner}/{repo}/pulls/{index}/*: the pull request's header (title, state, what merges where) and
// its tabs; the tab's own route renders below. Composes pulls (data, header, tabs) and repos.
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Outlet, useParams } from 'react-router';
import { canWriteRepo, indexRouteParams } from '../index-route';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { useCurrentUser } from '@/features/auth/api/auth-queries';
import { pullQueries } from '@/features/pulls/api/pull-queries';
import { PullHeader } from '@/features/pulls/components/pull-header';
import { PullTabs } from '@/features/pulls/components/pull-tabs';
import { MarkViewedRead } from '@/features/notifications/api/use-mark-viewed';

export function Component() {
  const { owner, repo, index } = indexRouteParams(useParams());
  const { data: pull } = useSuspenseQuery(pullQueries.detail(owner, repo, index));
  // The first page's X-Total-Count is the number of commits (Gitea's PullRequest has no count).
  const commits = useQuery(pullQueries.commits(owner, repo, index, 1));
  const { data: repository } = useQuery(repoQueries.detail(owner, repo));
  const me = useCurrentUser();
  const canWrite = canWriteRepo(me, repository);
  const commitCount = commits.data ? (commits.data.total ?? commits.data.commits.length) : undefined;

  return (
    <div className="space-y-4">
      <MarkViewedRead owner={owner} repo={repo} subject={{ kind: 'pull', index }} />
      <PullHeader owner={owner} repo={repo} pull={pull} commits={commitCount} canEdit={canWrite || (!!me && me.id === pull.user.id)} />
      <PullTabs owner={owner} repo={repo} index={index} commits={commitCount} files={pull.changed_files} />
      <Outlet />
    </div>
  );
}
