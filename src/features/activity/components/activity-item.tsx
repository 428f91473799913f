// One feed record as a sentence: who did what, where, when. op_type values and the content
// formats are Gitea's ("index|title" for issues and pull requests, JSON {Commits:[…]} for pushes).
// Links follow the record's own repository, so a user's feed mixing repositories links right.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { RelativeTime } from '@/components/ui/relative-time';
import { paths } from '@/lib/paths';
import type { Activity } from '../api/activity-queries';
import { indexAndText, markdownExcerpt, pushedCommits, shortRef } from './activity-content';

const link = 'font-medium text-indigo-700 hover:underline dark:text-indigo-400';
const SHOWN_COMMITS = 3;

const ISSUE_OPS = new Map([
  ['create_issue', 'opened issue'],
  ['close_issue', 'closed issue'],
  ['reopen_issue', 'reopened issue'],
  ['comment_issue', 'commented on issue'],
]);

const PULL_OPS = new Map([
  ['create_pull_request', 'created pull request'],
  ['close_pull_request', 'closed pull request'],
  ['reopen_pull_request', 'reopened pull request'],
  ['merge_pull_request', 'merged pull request'],
  ['auto_merge_pull_request', 'automatically merged pull request'],
  ['comment_pull', 'commented on pull request'],
  ['approve_pull_request', 'approved'],
  ['reject_pull_request', 'suggested changes for'],
  ['pull_review_dismissed', 'dismissed a review of'],
]);

/** Records about one ref; a `kind` links the ref (deleted refs have nothing to link to). */
const REF_OPS = new Map<string, { verb: string; kind?: 'branch' | 'tag' | 'auto'; where: string; mirror?: boolean }>([
  ['commit_repo', { verb: 'pushed to', kind: 'branch', where: 'at' }],
  ['push_tag', { verb: 'pushed tag', kind: 'tag', where: 'to' }],
  ['delete_branch', { verb: 'deleted branch', where: 'at' }],
  ['delete_tag', { verb: 'deleted tag', where: 'from' }],
  ['mirror_sync_push', { verb: 'synced commits to', kind: 'branch', where: 'at', mirror: true }],
  ['mirror_sync_create', { verb: 'synced new reference', kind: 'auto', where: 'to', mirror: true }],
  ['mirror_sync_delete', { verb: 'synced and deleted reference', where: 'at', mirror: true }],
]);

function Sentence({ a, showRepo }: { a: Activity; showRepo: boolean }): ReactNode {
  const r = a.repo ? { owner: a.repo.owner.login, name: a.repo.name, fullName: a.repo.full_name } : null;
  const repoLink = r ? (
    <Link to={paths.repo.href(r.owner, r.name)} className={link}>
      {r.fullName}
    </Link>
  ) : (
    <span className="italic">a deleted repository</span>
  );
  // On a repository's own feed the repository goes unnamed: "pushed to main", not "… at alice/x".
  const theRepo = showRepo ? repoLink : 'the repository';
  const repository = showRepo ? <>repository {repoLink}</> : 'the repository';
  const at = (word: string) =>
    showRepo ? (
      <>
        {' '}
        {word} {repoLink}
      </>
    ) : null;

  const ref = shortRef(a.ref_name);
  const refLink = (kind: 'branch' | 'tag', label: string = ref) =>
    r && ref ? (
      <Link to={paths.src.href(r.owner, r.name, kind, ref)} className={`${link} font-mono`}>
        {label}
      </Link>
    ) : (
      <span className="font-mono">{label}</span>
    );

  const { index } = indexAndText(a.content);
  const numbered = (kind: 'issue' | 'pull') => {
    const label = `${showRepo && r ? r.fullName : ''}#${index}`;
    if (!index) return showRepo ? repoLink : null;
    return r ? (
      <Link to={paths[kind].href(r.owner, r.name, index)} className={link}>
        {label}
      </Link>
    ) : (
      <span>{label}</span>
    );
  };
  const issueVerb = ISSUE_OPS.get(a.op_type);
  if (issueVerb)
    return (
      <>
        {issueVerb} {numbered('issue')}
      </>
    );
  const pullVerb = PULL_OPS.get(a.op_type);
  if (pullVerb)
    return (
      <>
        {pullVerb} {numbered('pull')}
      </>
    );
  const refOp = REF_OPS.get(a.op_type);
  if (refOp) {
    const kind = refOp.kind === 'auto' ? (a.ref_name.startsWith('refs/tags/') ? 'tag' : 'branch') : refOp.kind;
    return (
      <>
        {refOp.verb} {kind ? refLink(kind) : <span className="font-mono">{ref}</span>}
        {at(refOp.where)}
        {refOp.mirror && ' from the mirror'}
      </>
    );
  }

  switch (a.op_type) {
    case 'create_repo':
      return <>created {repository}</>;
    case 'rename_repo':
    case 'transfer_repo':
      // content holds the old name (rename) or old full name (transfer).
      return (
        <>
          {a.op_type === 'rename_repo' ? 'renamed' : 'transferred'} {showRepo ? 'repository' : 'the repository'} from{' '}
          <span className="font-mono">{a.content}</span>
          {at('to')}
        </>
      );
    case 'star_repo':
      return <>starred {theRepo}</>;
    case 'watch_repo':
      return <>started watching {theRepo}</>;
    case 'pull_request_ready_for_review':
      return <>marked {numbered('pull')} ready for review</>;
    case 'publish_release':
      // Gitea keeps the release title in content and the tag in ref_name.
      return (
        <>
          released {refLink('tag', a.content || ref)}
          {at('at')}
        </>
      );
    default:
      return (
        <>
          {a.op_type.replace(/_/g, ' ')}
          {at('in')}
        </>
      );
  }
}

/** What follows the sentence: pushed commits, or an issue's or pull request's title. */
function Detail({ a }: { a: Activity }) {
  const r = a.repo;
  if (a.op_type === 'commit_repo' || a.op_type === 'mirror_sync_push') {
    const { commits, total } = pushedCommits(a.content);
    if (!commits.length) return null;
    return (
      <ul className="mt-1.5 space-y-1">
        {commits.slice(0, SHOWN_COMMITS).map((c) => (
          <li key={c.sha} className="flex min-w-0 items-baseline gap-2 text-xs">
            {r ? (
              <Link to={paths.commit.href(r.owner.login, r.name, c.sha)} className="shrink-0 font-mono text-indigo-700 hover:underline dark:text-indigo-400">
                {c.sha.slice(0, 10)}
              </Link>
            ) : (
              <code className="shrink-0">{c.sha.slice(0, 10)}</code>
            )}
            <span className="min-w-0 truncate text-gray-700 dark:text-gray-300">{c.message}</span>
          </li>
        ))}
        {total > SHOWN_COMMITS && <li className="text-xs text-gray-500 dark:text-gray-400">and {total - SHOWN_COMMITS} more</li>}
      </ul>
    );
  }
  const { index, text } = indexAndText(a.content);
  const excerpt = index && text ? markdownExcerpt(text) : '';
  if (excerpt) return <p className="mt-1 line-clamp-2 break-words text-sm text-gray-700 dark:text-gray-300">{excerpt}</p>;
  return null;
}

export function ActivityItem({ activity: a, showRepo = true }: { activity: Activity; showRepo?: boolean }) {
  return (
    <li className="flex gap-3 px-3 py-3">
      <Avatar src={a.act_user.avatar_url} name={a.act_user.login} size={32} />
      <div className="min-w-0 flex-1">
        <p className="break-words text-sm text-gray-800 dark:text-gray-200">
          <Link to={paths.user.href(a.act_user.login)} className="font-semibold text-gray-900 hover:underline dark:text-gray-100">
            {a.act_user.login}
          </Link>{' '}
          <Sentence a={a} showRepo={showRepo} />
        </p>
        <Detail a={a} />
        <p className="mt-1 text-xs text-gray-500 dark:text-gray-400">
          <RelativeTime date={a.created} />
        </p>
      </div>
    </li>
  );
}
