// The notices above a repository's code that only some visitors see: "Compare & pull request"
// after the signed-in user pushed a branch, and a fork's standing against its parent. Their code
// (and the feed, pull request and fork queries behind them) loads only for a page that shows them,
// not with every repository home (repo-code.tsx renders these lazily).
import { useQuery } from '@tanstack/react-query';
import { useSession } from '@/lib/auth-store';
import { paths } from '@/lib/paths';
import type { Repository } from '@/features/repos/api/repo-queries';
import { activityQueries } from '@/features/activity/api/activity-queries';
import { pullQueries } from '@/features/pulls/api/pull-queries';
import { recentPush } from '@/features/pulls/lib/recent-push';
import { PushSuggestion } from '@/features/pulls/components/push-suggestion';
import { headRef } from '@/features/forks/api/fork-queries';

export { UpstreamBanner } from '@/features/forks/components/upstream-banner';

/** "Compare & pull request" after the signed-in user pushed to another branch lately (activity feed + open pull requests). */
export function RecentPushBanner({ repository }: { repository: Repository }) {
  const session = useSession();
  const owner = repository.owner.login;
  const repo = repository.name;
  const enabled = !!session && !repository.archived && repository.has_pull_requests !== false;
  const feed = useQuery({ ...activityQueries.repoFeed(owner, repo, { page: 1 }), enabled });
  const open = useQuery({ ...pullQueries.list(owner, repo, { state: 'open', limit: 50 }), enabled });
  if (!enabled || !feed.data || !open.data) return null;
  const push = recentPush(feed.data.activities, {
    login: session.login,
    defaultBranch: repository.default_branch,
    openHeads: new Set(open.data.pulls.filter((p) => p.head.repo_id === repository.id || !p.head.repo_id).map((p) => p.head.ref)),
  });
  if (!push) return null;
  // A fork's pushes are proposed to its parent, as GitHub and Gitea do.
  const parent = repository.parent;
  const compareHref = parent
    ? paths.compare.href(parent.owner.login, parent.name, parent.default_branch, headRef(parent, repository, push.branch))
    : paths.compare.href(owner, repo, repository.default_branch, push.branch);
  return <PushSuggestion push={push} scope={repository.full_name} compareHref={compareHref} />;
}
