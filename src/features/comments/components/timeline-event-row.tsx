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
}

// Glyphs from the basic fonts every system has (emoji fonts are often missing on Linux).
const icons: Record<string, string> = {
  closed: '✕', reopened: '↻', merged: '⇄', label: '◆', assignee: '◉', milestone: '⚑', title: '✎', deadline: '◔', reference: '↗', lock: '■', unlock: '□', other: '•',
};

const iconTone: Record<string, string> = {
  closed: 'bg-red-600 text-white', reopened: 'bg-green-600 text-white', merged: 'bg-purple-600 text-white',
};

function UserLink({ login }: { login: string }) {
  return (
    <Link to={paths.user.href(login)} className="font-semibold text-gray-900 hover:underline dark:text-gray-100">
      {login}
    </Link>
  );
}

function describe(entry: TimelineEventRowProps['entry'], owner: string, repo: string, renderLabel: TimelineEventRowProps['renderLabel'], noun: string): ReactNode {
  switch (entry.kind) {
    case 'state':
      return entry.state === 'closed' ? `closed this ${noun}` : entry.state === 'merged' ? 'merged this pull request' : `reopened this ${noun}`;
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
      if (entry.source === 'commit') return <>referenced this {noun} in commit <code className="text-xs">{entry.sha.slice(0, 10)}</code></>;
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
        <>locked{entry.reason ? <> as <strong>{entry.reason}</strong></> : ''} and limited conversation to collaborators</>
      ) : (
        'unlocked this conversation'
      );
    case 'other':
      return <>{entry.type.replace(/_/g, ' ')}</>;
  }
}

export function TimelineEventRow({ entry, owner, repo, renderLabel, noun = 'issue' }: TimelineEventRowProps) {
  const user = entry.item.user;
  const key = entry.kind === 'state' ? entry.state : entry.kind === 'lock' && !entry.locked ? 'unlock' : entry.kind;
  return (
    <div id={`issuecomment-${entry.item.id}`} className="flex items-start gap-3 py-2 pl-1 text-sm text-gray-700 sm:pl-12 dark:text-gray-300">
      <span aria-hidden className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs ${iconTone[key] ?? 'bg-gray-200 text-gray-700 dark:bg-gray-800 dark:text-gray-200'}`}>
        {icons[key] ?? icons.other}
      </span>
      <p className="min-w-0 flex-1 leading-7 break-words">
        {user && (
          <span className="mr-1 inline-block align-middle">
            <Avatar src={user.avatar_url} name={user.login} size={18} />
          </span>
        )}
        {user ? <UserLink login={user.login} /> : <span className="font-semibold">Ghost</span>} {describe(entry, owner, repo, renderLabel, noun)}{' '}
        <span className="text-gray-500 dark:text-gray-400">
          <RelativeTime date={entry.item.created_at} />
        </span>
      </p>
    </div>
  );
}
