// A user's activity feed as sentences: "alice pushed to main at alice/hello-forge".
// op_type values and the content formats are Gitea's (content is "index|title" for issues and
// pull requests, JSON {Commits:[…]} for pushes).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { EmptyState } from '@/components/ui/empty-state';
import { RelativeTime } from '@/components/ui/relative-time';
import { paths } from '@/lib/paths';
import type { Activity } from '../api/user-queries';

interface PushCommit {
  Sha1: string;
  Message: string;
}

const link = 'font-medium text-indigo-700 hover:underline dark:text-indigo-400';

export function shortRef(ref: string): string {
  return ref.replace(/^refs\/(heads|tags)\//, '');
}

function pushCommits(content: string): { commits: PushCommit[]; total: number } {
  try {
    const parsed = JSON.parse(content) as { Commits?: PushCommit[]; Len?: number };
    const commits = Array.isArray(parsed.Commits) ? parsed.Commits : [];
    return { commits, total: Math.max(parsed.Len ?? 0, commits.length) };
  } catch {
    return { commits: [], total: 0 };
  }
}

/** "3|Fix the build" → { index: "3", text: "Fix the build" }. */
function indexed(content: string) {
  const bar = content.indexOf('|');
  return bar < 0 ? { index: content, text: '' } : { index: content.slice(0, bar), text: content.slice(bar + 1) };
}

function Sentence({ a }: { a: Activity }): ReactNode {
  const repo = a.repo;
  const repoLink = repo ? (
    <Link className={link} to={paths.repo.href(repo.owner.login, repo.name)}>
      {repo.full_name}
    </Link>
  ) : (
    <span className="italic">a deleted repository</span>
  );
  const ref = shortRef(a.ref_name);
  const branchLink =
    repo && ref ? (
      <Link className={link} to={paths.src.href(repo.owner.login, repo.name, 'branch', ref)}>
        {ref}
      </Link>
    ) : (
      <strong>{ref}</strong>
    );
  const tagLink = repo && ref ? (
    <Link className={link} to={paths.src.href(repo.owner.login, repo.name, 'tag', ref)}>
      {ref}
    </Link>
  ) : (
    <strong>{ref}</strong>
  );
  const number = (
    <>
      {repoLink}#{indexed(a.content).index}
    </>
  );

  switch (a.op_type) {
    case 'create_repo':
      return <>created repository {repoLink}</>;
    case 'rename_repo':
      return (
        <>
          renamed repository from <strong>{a.content}</strong> to {repoLink}
        </>
      );
    case 'transfer_repo':
      return (
        <>
          transferred repository <strong>{a.content}</strong> to {repoLink}
        </>
      );
    case 'commit_repo':
      return (
        <>
          pushed to {branchLink} at {repoLink}
        </>
      );
    case 'mirror_sync_push':
      return (
        <>
          synced commits to {branchLink} at {repoLink} from the mirror
        </>
      );
    case 'push_tag':
      return (
        <>
          pushed tag {tagLink} to {repoLink}
        </>
      );
    case 'delete_tag':
      return (
        <>
          deleted tag <strong>{ref}</strong> from {repoLink}
        </>
      );
    case 'delete_branch':
      return (
        <>
          deleted branch <strong>{ref}</strong> at {repoLink}
        </>
      );
    case 'star_repo':
      return <>starred {repoLink}</>;
    case 'watch_repo':
      return <>started watching {repoLink}</>;
    case 'create_issue':
      return <>opened issue {number}</>;
    case 'create_pull_request':
      return <>created pull request {number}</>;
    case 'comment_issue':
      return <>commented on issue {number}</>;
    case 'comment_pull':
      return <>commented on pull request {number}</>;
    case 'close_issue':
      return <>closed issue {number}</>;
    case 'reopen_issue':
      return <>reopened issue {number}</>;
    case 'close_pull_request':
      return <>closed pull request {number}</>;
    case 'reopen_pull_request':
      return <>reopened pull request {number}</>;
    case 'merge_pull_request':
      return <>merged pull request {number}</>;
    case 'auto_merge_pull_request':
      return <>automatically merged pull request {number}</>;
    case 'approve_pull_request':
      return <>approved {number}</>;
    case 'reject_pull_request':
      return <>suggested changes for {number}</>;
    case 'pull_review_dismissed':
      return <>dismissed a review of {number}</>;
    case 'pull_request_ready_for_review':
      return <>marked {number} ready for review</>;
    case 'publish_release':
      return (
        <>
          released {tagLink} at {repoLink}
        </>
      );
    default:
      return (
        <>
          {a.op_type.replace(/_/g, ' ')} {repoLink}
        </>
      );
  }
}

function Details({ a }: { a: Activity }) {
  if (a.op_type === 'commit_repo' || a.op_type === 'mirror_sync_push') {
    const { commits, total } = pushCommits(a.content);
    if (commits.length === 0) return null;
    const repo = a.repo;
    return (
      <ul className="mt-2 space-y-1 text-sm">
        {commits.slice(0, 3).map((c) => (
          <li key={c.Sha1} className="flex min-w-0 items-baseline gap-2">
            {repo ? (
              <Link to={paths.commit.href(repo.owner.login, repo.name, c.Sha1)} className="shrink-0 font-mono text-xs text-indigo-700 hover:underline dark:text-indigo-400">
                {c.Sha1.slice(0, 10)}
              </Link>
            ) : (
              <code className="shrink-0 text-xs">{c.Sha1.slice(0, 10)}</code>
            )}
            <span className="truncate text-gray-700 dark:text-gray-300">{c.Message.split('\n')[0]}</span>
          </li>
        ))}
        {total > 3 && <li className="text-xs text-gray-500 dark:text-gray-400">and {total - 3} more</li>}
      </ul>
    );
  }
  if (a.op_type.startsWith('create_') || a.op_type.startsWith('comment_') || a.op_type.endsWith('_pull_request') || a.op_type.endsWith('_issue')) {
    const { text } = indexed(a.content);
    if (!text) return null;
    return <p className="mt-1 line-clamp-2 break-words text-sm text-gray-600 dark:text-gray-400">{text}</p>;
  }
  return null;
}

export function ActivityItem({ activity: a }: { activity: Activity }) {
  return (
    <li className="flex gap-3 py-3">
      <Avatar src={a.act_user.avatar_url} name={a.act_user.login} size={32} />
      <div className="min-w-0 flex-1">
        <p className="break-words text-sm text-gray-800 dark:text-gray-200">
          <Link to={paths.user.href(a.act_user.login)} className="font-semibold text-gray-900 hover:underline dark:text-gray-100">
            {a.act_user.login}
          </Link>{' '}
          <Sentence a={a} />
        </p>
        <Details a={a} />
        <p className="mt-1 text-xs text-gray-500 dark:text-gray-400">
          <RelativeTime date={a.created} />
        </p>
      </div>
    </li>
  );
}

export function ActivityFeed({ activities }: { activities: Activity[] }) {
  if (activities.length === 0) {
    return <EmptyState title="No activity yet">Pushes, new repositories and other changes will show up here.</EmptyState>;
  }
  return (
    <ul aria-label="Activity" className="divide-y divide-gray-200 dark:divide-gray-800">
      {activities.map((a) => (
        <ActivityItem key={a.id} activity={a} />
      ))}
    </ul>
  );
}
