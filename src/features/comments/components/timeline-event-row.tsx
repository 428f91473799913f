// A compact line for a timeline event: who did what, when. Labels are drawn by the page's
// renderLabel (the chip belongs to the issues feature).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { RelativeTime } from '@/components/ui/relative-time';
import { paths } from '@/lib/paths';
import type { components } from '@/lib/api/schema';
import { formatDay, type TimelineEntry } from '../lib/timeline-events';

type Label = components['schemas']['Label'];

export interface TimelineEventRowProps {
  entry: Exclude<TimelineEntry, { kind: 'comment' }>;
  owner: string;
  repo: string;
  renderLabel: (label: Label) => ReactNode;
  /** "issue" (default) or "pull request". */
  noun?: string;
  /** Subjects of pushed commits by SHA (a pull request's commits), listed beside their links. */
  commitTitles?: ReadonlyMap<string, string>;
}

// Glyphs from the basic fonts every system has (emoji fonts are often missing on Linux).
const icons: Record<string, string> = {
  closed: '✕',
  reopened: '↻',
  merged: '⇄',
  label: '◆',
  assignee: '◉',
  milestone: '⚑',
  title: '✎',
  deadline: '◔',
  reference: '↗',
  lock: '■',
  unlock: '□',
  other: '•',
  push: '↑',
  'target-branch': '⇢',
  'delete-branch': '⌫',
  'review-request': '◎',
  'auto-merge': '◷',
  'dismiss-review': '⊘',
  review: '✓',
  pin: '⤒',
  unpin: '⤓',
};

const iconTone: Record<string, string> = {
  closed: 'bg-red-600 text-white',
  reopened: 'bg-green-700 text-white',
  merged: 'bg-purple-600 text-white',
};

function UserLink({ login }: { login: string }) {
  return (
    <Link to={paths.user.href(login)} className="font-semibold text-gray-900 hover:underline dark:text-gray-100">
      {login}
    </Link>
  );
}

function BranchName({ name }: { name: string }) {
  return <code className="rounded bg-gray-100 px-1 py-0.5 text-xs text-gray-800 dark:bg-gray-800 dark:text-gray-200">{name}</code>;
}

function ShaLink({ owner, repo, sha }: { owner: string; repo: string; sha: string }) {
  return (
    <Link to={paths.commit.href(owner, repo, sha)} className="font-mono text-xs text-indigo-600 hover:underline dark:text-indigo-400">
      {sha.slice(0, 10)}
    </Link>
  );
}

function describe(
  entry: TimelineEventRowProps['entry'],
  owner: string,
  repo: string,
  renderLabel: TimelineEventRowProps['renderLabel'],
  noun: string,
): ReactNode {
  switch (entry.kind) {
    case 'state':
      if (entry.state === 'merged')
        return entry.item.ref_commit_sha ? (
          <>
            merged commit <ShaLink owner={owner} repo={repo} sha={entry.item.ref_commit_sha} />
          </>
        ) : (
          'merged this pull request'
        );
      return entry.state === 'closed' ? `closed this ${noun}` : `reopened this ${noun}`;
    case 'push':
      if (entry.force)
        return (
          <>
            force-pushed from <ShaLink owner={owner} repo={repo} sha={entry.commits[0]!} /> to <ShaLink owner={owner} repo={repo} sha={entry.commits.at(-1)!} />
          </>
        );
      return `added ${entry.commits.length} ${entry.commits.length === 1 ? 'commit' : 'commits'}`;
    case 'target-branch':
      return (
        <>
          changed the target branch from <BranchName name={entry.from} /> to <BranchName name={entry.to} />
        </>
      );
    case 'delete-branch':
      return (
        <>
          deleted branch <BranchName name={entry.branch} />
        </>
      );
    case 'review-request': {
      const who = entry.reviewer?.login;
      if (!who && entry.team) return entry.added ? `requested a review from team ${entry.team}` : `removed the review request for team ${entry.team}`;
      if (!who) return entry.added ? 'requested a review' : 'removed a review request';
      return entry.added ? (
        <>
          requested a review from <UserLink login={who} />
        </>
      ) : (
        <>
          removed the review request for <UserLink login={who} />
        </>
      );
    }
    case 'auto-merge':
      return entry.scheduled
        ? 'scheduled this pull request to merge automatically when all checks succeed'
        : 'canceled the automatic merge of this pull request when all checks succeed';
    case 'dismiss-review':
      return (
        <>
          dismissed{' '}
          {entry.reviewer ? (
            <>
              <UserLink login={entry.reviewer.login} />
              ’s
            </>
          ) : (
            'a'
          )}{' '}
          review
          {entry.reason && <span className="block text-gray-600 dark:text-gray-400">{entry.reason}</span>}
        </>
      );
    case 'review':
      return 'reviewed';
    case 'label':
      return (
        <>
          {entry.added ? 'added the ' : 'removed the '}
          <span className="inline-block align-middle">{renderLabel(entry.label)}</span>
          {' label'}
        </>
      );
    case 'assignee': {
      const who = entry.assignee?.login ?? 'someone';
      if (entry.self) return entry.added ? 'self-assigned this' : 'removed their assignment';
      return (
        <>
          {entry.added ? 'assigned ' : 'unassigned '}
          <UserLink login={who} />
        </>
      );
    }
    case 'milestone':
      if (entry.action === 'changed')
        return (
          <>
            modified the milestone from <strong>{entry.old?.title}</strong> to <strong>{entry.milestone?.title}</strong>
          </>
        );
      return (
        <>
          {entry.action === 'added' ? 'added this to the ' : 'removed this from the '}
          <strong>{(entry.milestone ?? entry.old)?.title}</strong> milestone
        </>
      );
    case 'title':
      return (
        <>
          changed the title <del className="text-gray-500 dark:text-gray-400">{entry.oldTitle}</del> → <strong>{entry.newTitle}</strong>
        </>
      );
    case 'deadline':
      if (entry.action === 'changed')
        return (
          <>
            changed the due date from <strong>{formatDay(entry.oldDate)}</strong> to <strong>{formatDay(entry.date)}</strong>
          </>
        );
      return entry.action === 'added' ? (
        <>
          added a due date of <strong>{formatDay(entry.date)}</strong>
        </>
      ) : (
        <>
          removed the due date <strong>{formatDay(entry.date)}</strong>
        </>
      );
    case 'reference': {
      if (entry.source === 'commit')
        return (
          <>
            referenced this {noun} in commit <code className="text-xs">{entry.sha.slice(0, 10)}</code>
          </>
        );
      const ref = entry.issue;
      if (!ref) return `referenced this ${noun}`;
      const [refOwner = owner, refRepo = repo] = [ref.repository?.owner, ref.repository?.name];
      const sameRepo = refOwner === owner && refRepo === repo;
      const text = `${sameRepo ? '' : `${refOwner}/${refRepo}`}#${ref.number}`;
      const what = ref.pull_request ? 'a pull request' : entry.source === 'comment' ? 'a comment on' : 'an issue';
      const prefix = entry.source === 'comment' ? `referenced this ${noun} in ${what}` : `referenced this ${noun} from ${what}`;
      return (
        <>
          {prefix}{' '}
          <Link to={paths.issue.href(refOwner, refRepo, ref.number)} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
            {ref.title} {text}
          </Link>
        </>
      );
    }
    case 'lock':
      return entry.locked ? (
        <>
          locked
          {entry.reason ? (
            <>
              {' '}
              as <strong>{entry.reason}</strong>
            </>
          ) : (
            ''
          )}{' '}
          and limited conversation to collaborators
        </>
      ) : (
        'unlocked this conversation'
      );
    case 'pin':
      return entry.pinned ? `pinned this ${noun}` : `unpinned this ${noun}`;
    case 'other':
      return <>{entry.type.replace(/_/g, ' ')}</>;
  }
}

export function TimelineEventRow({ entry, owner, repo, renderLabel, noun = 'issue', commitTitles }: TimelineEventRowProps) {
  const user = entry.item.user;
  const key =
    entry.kind === 'state' ? entry.state : entry.kind === 'lock' && !entry.locked ? 'unlock' : entry.kind === 'pin' && !entry.pinned ? 'unpin' : entry.kind;
  return (
    <div id={`issuecomment-${entry.item.id}`} className="flex items-start gap-3 py-2 pl-1 text-sm text-gray-700 sm:pl-12 dark:text-gray-300">
      <span
        aria-hidden
        className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs ${iconTone[key] ?? 'bg-gray-200 text-gray-700 dark:bg-gray-800 dark:text-gray-200'}`}
      >
        {icons[key] ?? icons.other}
      </span>
      <div className="min-w-0 flex-1 leading-7 break-words">
        {user && (
          <span className="mr-1 inline-block align-middle">
            <Avatar src={user.avatar_url} name={user.login} size={18} />
          </span>
        )}
        {user ? <UserLink login={user.login} /> : <span className="font-semibold">Ghost</span>} {describe(entry, owner, repo, renderLabel, noun)}{' '}
        <span className="text-gray-500 dark:text-gray-400">
          <RelativeTime date={entry.item.created_at} />
        </span>
        {entry.kind === 'push' && !entry.force && (
          <ul aria-label="Pushed commits" className="mt-1 space-y-0.5">
            {entry.commits.map((sha) => (
              <li key={sha} className="flex min-w-0 items-baseline gap-2">
                <ShaLink owner={owner} repo={repo} sha={sha} />
                {commitTitles?.get(sha) && (
                  <Link to={paths.commit.href(owner, repo, sha)} className="min-w-0 truncate text-gray-800 hover:underline dark:text-gray-200">
                    {commitTitles.get(sha)}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
