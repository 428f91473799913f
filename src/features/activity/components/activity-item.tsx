// One feed record as a sentence: who did what, where, when.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { RelativeTime } from '@/components/ui/relative-time';
import { paths } from '@/lib/paths';
import type { Activity } from '../api/activity-queries';
import { indexAndText, pushedCommits, shortRef } from './activity-content';

const link = 'font-medium text-indigo-700 hover:underline dark:text-indigo-400';
const SHOWN_COMMITS = 3;

function Sentence({ a, owner, repo }: { a: Activity; owner: string; repo: string }): ReactNode {
  const repoName = a.repo?.full_name ?? `${owner}/${repo}`;
  const repoLink = (
    <Link to={paths.repo.href(a.repo?.owner.login ?? owner, a.repo?.name ?? repo)} className={link}>
      {repoName}
    </Link>
  );
  const ref = shortRef(a.ref_name);
  const branchLink = (
    <Link to={paths.src.href(owner, repo, 'branch', ref)} className={`${link} font-mono`}>
      {ref}
    </Link>
  );
  const tagLink = (
    <Link to={paths.src.href(owner, repo, 'tag', ref)} className={`${link} font-mono`}>
      {ref}
    </Link>
  );
  const { index, text } = indexAndText(a.content);
  const issue = index ? (
    <Link to={paths.issue.href(owner, repo, index)} className={link}>
      {repoName}#{index}
    </Link>
  ) : null;
  const pull = index ? (
    <Link to={paths.pull.href(owner, repo, index)} className={link}>
      {repoName}#{index}
    </Link>
  ) : null;
  switch (a.op_type) {
    case 'create_repo':
      return <>created repository {repoLink}</>;
    case 'rename_repo':
      return (
        <>
          renamed repository from <span className="font-mono">{a.content}</span> to {repoLink}
        </>
      );
    case 'transfer_repo':
      return <>transferred repository {repoLink}</>;
    case 'star_repo':
      return <>starred {repoLink}</>;
    case 'watch_repo':
      return <>started watching {repoLink}</>;
    case 'commit_repo':
    case 'mirror_sync_push':
      return (
        <>
          pushed to {branchLink} at {repoLink}
        </>
      );
    case 'push_tag':
    case 'mirror_sync_create':
      return (
        <>
          pushed tag {tagLink} to {repoLink}
        </>
      );
    case 'delete_tag':
      return (
        <>
          deleted tag <span className="font-mono">{ref}</span> from {repoLink}
        </>
      );
    case 'delete_branch':
    case 'mirror_sync_delete':
      return (
        <>
          deleted branch <span className="font-mono">{ref}</span> from {repoLink}
        </>
      );
    case 'create_issue':
      return <>opened issue {issue ?? repoLink}</>;
    case 'close_issue':
      return <>closed issue {issue ?? repoLink}</>;
    case 'reopen_issue':
      return <>reopened issue {issue ?? repoLink}</>;
    case 'comment_issue':
      return <>commented on issue {issue ?? repoLink}</>;
    case 'create_pull_request':
      return <>opened pull request {pull ?? repoLink}</>;
    case 'close_pull_request':
      return <>closed pull request {pull ?? repoLink}</>;
    case 'reopen_pull_request':
      return <>reopened pull request {pull ?? repoLink}</>;
    case 'merge_pull_request':
    case 'auto_merge_pull_request':
      return <>merged pull request {pull ?? repoLink}</>;
    case 'comment_pull':
      return <>commented on pull request {pull ?? repoLink}</>;
    case 'approve_pull_request':
      return <>approved {pull ?? repoLink}</>;
    case 'reject_pull_request':
      return <>requested changes on {pull ?? repoLink}</>;
    case 'pull_review_dismissed':
      return <>dismissed a review of {pull ?? repoLink}</>;
    case 'pull_request_ready_for_review':
      return <>marked {pull ?? repoLink} ready for review</>;
    case 'publish_release':
      return (
        <>
          published release {text || ref} of {repoLink}
        </>
      );
    default:
      return (
        <>
          {a.op_type.replace(/_/g, ' ')} in {repoLink}
        </>
      );
  }
}

/** The line under the sentence: pushed commits, or an issue's title / comment. */
function Detail({ a, owner, repo }: { a: Activity; owner: string; repo: string }) {
  if (a.op_type === 'commit_repo' || a.op_type === 'mirror_sync_push') {
    const { commits, total } = pushedCommits(a.content);
    if (!commits.length) return null;
    return (
      <ul className="mt-1.5 space-y-1">
        {commits.slice(0, SHOWN_COMMITS).map((c) => (
          <li key={c.sha} className="flex min-w-0 items-baseline gap-2 text-xs">
            <Link to={paths.commit.href(owner, repo, c.sha)} className="shrink-0 font-mono text-indigo-700 hover:underline dark:text-indigo-400">
              {c.sha.slice(0, 10)}
            </Link>
            <span className="min-w-0 truncate text-gray-700 dark:text-gray-300">{c.message}</span>
          </li>
        ))}
        {total > SHOWN_COMMITS && <li className="text-xs text-gray-500 dark:text-gray-400">and {total - SHOWN_COMMITS} more</li>}
      </ul>
    );
  }
  const { index, text } = indexAndText(a.content);
  if (index && text) return <p className="mt-1 line-clamp-2 text-sm text-gray-700 dark:text-gray-300">{text}</p>;
  return null;
}

export function ActivityItem({ activity: a, owner, repo }: { activity: Activity; owner: string; repo: string }) {
  const actor = a.act_user;
  return (
    <li className="flex gap-3 px-3 py-3">
      <Avatar src={actor?.avatar_url} name={actor?.login ?? ''} size={32} />
      <div className="min-w-0 flex-1">
        <p className="break-words text-sm">
          {actor?.login ? (
            <Link to={paths.user.href(actor.login)} className="font-semibold hover:underline">
              {actor.login}
            </Link>
          ) : (
            <span className="font-semibold">Someone</span>
          )}{' '}
          <Sentence a={a} owner={owner} repo={repo} />
        </p>
        <Detail a={a} owner={owner} repo={repo} />
        <p className="mt-1 text-xs text-gray-500 dark:text-gray-400">
          <RelativeTime date={a.created} />
        </p>
      </div>
    </li>
  );
}
