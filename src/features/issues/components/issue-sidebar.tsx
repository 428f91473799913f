// The issue page's sidebar: labels, assignees, milestone, due date, lock, participants and files.
// Everyone reads it; the edit controls appear for writers (the server checks again).
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ErrorNotice } from '@/components/ui/error-notice';
import { inputClass } from '@/components/ui/field';
import { paths } from '@/lib/paths';
import type { components } from '@/lib/api/schema';
import { issueDetailQueries } from '../api/issue-detail-queries';
import type { Issue } from '../api/issue-queries';
import { useEditIssue } from '../api/use-edit-issue';
import { useLockIssue } from '../api/use-lock-issue';
import { usePinIssue } from '../api/use-pin-issue';
import { IssueLabelsPicker } from './issue-labels-picker';
import { IssueSidebarSection, linkButton, muted } from './issue-sidebar-section';

type User = components['schemas']['User'];

export interface IssueSidebarProps {
  owner: string;
  repo: string;
  issue: Issue;
  canWrite: boolean;
  /** Repository admins pin and unpin (Gitea's reqAdmin). */
  canAdmin?: boolean;
  participants: User[];
  /** The attachments list (the issue's and its comments'), drawn by the page. */
  attachments: ReactNode;
  /** Sections the page adds on top (a pull request's reviewers). */
  children?: ReactNode;
  /** The sidebar's accessible name; "Issue details" by default. */
  label?: string;
}

const dayOf = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');

function UserList({ users, empty }: { users: User[]; empty: string }) {
  if (!users.length) return <p className={muted}>{empty}</p>;
  return (
    <ul className="space-y-1">
      {users.map((u) => (
        <li key={u.id} className="flex items-center gap-2">
          <Avatar src={u.avatar_url} name={u.login} size={20} />
          <Link to={paths.user.href(u.login)} className="truncate hover:underline">
            {u.login}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function AssigneesSection({ owner, repo, issue, canWrite }: Pick<IssueSidebarProps, 'owner' | 'repo' | 'issue' | 'canWrite'>) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const edit = useEditIssue(owner, repo, issue.number);
  const save = () => {
    const assignees = value
      .split(/[\s,]+/)
      .map((s) => s.replace(/^@/, ''))
      .filter(Boolean);
    edit.mutate({ assignees }, { onSuccess: () => setEditing(false) });
  };
  return (
    <IssueSidebarSection
      title="Assignees"
      action={
        canWrite && (
          <button
            type="button"
            className={linkButton}
            aria-expanded={editing}
            onClick={() => (setValue(issue.assignees.map((u) => u.login).join(', ')), edit.reset(), setEditing(!editing))}
          >
            {editing ? 'Close' : 'Edit assignees'}
          </button>
        )
      }
    >
      {editing && (
        <form className="mb-2 space-y-2" onSubmit={(e) => (e.preventDefault(), save())}>
          <label htmlFor="issue-assignees" className="block text-xs text-gray-600 dark:text-gray-400">
            Assignees (user names, comma separated)
          </label>
          <input id="issue-assignees" className={inputClass} value={value} onChange={(e) => setValue(e.target.value)} />
          <ErrorNotice error={edit.error} />
          <div className="flex justify-end">
            <Button size="sm" type="submit" variant="primary" disabled={edit.isPending}>
              {edit.isPending ? 'Saving…' : 'Apply'}
            </Button>
          </div>
        </form>
      )}
      <UserList users={issue.assignees} empty="No one assigned" />
    </IssueSidebarSection>
  );
}

function MilestoneSection({ owner, repo, issue, canWrite }: Pick<IssueSidebarProps, 'owner' | 'repo' | 'issue' | 'canWrite'>) {
  const [editing, setEditing] = useState(false);
  const milestones = useQuery({ ...issueDetailQueries.openMilestones(owner, repo), enabled: editing });
  const edit = useEditIssue(owner, repo, issue.number);
  const current = issue.milestone?.id ? issue.milestone : null;
  const options = (milestones.data ?? []).filter((m): m is NonNullable<typeof m> => !!m);
  return (
    <IssueSidebarSection
      title="Milestone"
      action={
        canWrite && (
          <button type="button" className={linkButton} aria-expanded={editing} onClick={() => (edit.reset(), setEditing(!editing))}>
            {editing ? 'Close' : 'Edit milestone'}
          </button>
        )
      }
    >
      {editing && (
        <div className="mb-2 space-y-1">
          <label htmlFor="issue-milestone" className="block text-xs text-gray-600 dark:text-gray-400">
            Milestone
          </label>
          <select
            id="issue-milestone"
            className={inputClass}
            value={current?.id ?? 0}
            disabled={edit.isPending || milestones.isPending}
            onChange={(e) => edit.mutate({ milestone: Number(e.target.value) }, { onSuccess: () => setEditing(false) })}
          >
            <option value={0}>No milestone</option>
            {current && !options.some((m) => m.id === current.id) && <option value={current.id}>{current.title}</option>}
            {options.map((m) => (
              <option key={m.id} value={m.id}>
                {m.title}
              </option>
            ))}
          </select>
          <ErrorNotice error={edit.error ?? milestones.error} />
        </div>
      )}
      {current ? (
        <Link to={`${paths.issues.href(owner, repo, { milestone: current.title })}`} className="font-medium hover:underline">
          {current.title}
        </Link>
      ) : (
        <p className={muted}>No milestone</p>
      )}
    </IssueSidebarSection>
  );
}

function DueDateSection({ owner, repo, issue, canWrite }: Pick<IssueSidebarProps, 'owner' | 'repo' | 'issue' | 'canWrite'>) {
  const [value, setValue] = useState(dayOf(issue.due_date));
  const edit = useEditIssue(owner, repo, issue.number);
  const due = dayOf(issue.due_date);
  const overdue = due && issue.state === 'open' && due < new Date().toISOString().slice(0, 10);
  return (
    <IssueSidebarSection title="Due date">
      {due ? (
        <p className={overdue ? 'font-medium text-red-600 dark:text-red-400' : ''}>
          <time dateTime={due}>{new Date(`${due}T00:00:00Z`).toLocaleDateString('en', { dateStyle: 'medium', timeZone: 'UTC' })}</time>
          {overdue ? ' (overdue)' : ''}
        </p>
      ) : (
        <p className={muted}>No due date</p>
      )}
      {canWrite && (
        <form
          className="mt-2 flex flex-wrap items-center gap-2"
          onSubmit={(e) => (e.preventDefault(), value && edit.mutate({ due_date: `${value}T00:00:00Z` }))}
        >
          <label htmlFor="issue-due" className="sr-only">
            Due date
          </label>
          <input id="issue-due" type="date" className={`${inputClass} w-auto flex-1`} value={value} onChange={(e) => setValue(e.target.value)} />
          <Button size="sm" type="submit" disabled={!value || value === due || edit.isPending}>
            Set
          </Button>
          {due && (
            <Button
              size="sm"
              variant="ghost"
              disabled={edit.isPending}
              onClick={() => edit.mutate({ unset_due_date: true }, { onSuccess: () => setValue('') })}
            >
              Remove
            </Button>
          )}
        </form>
      )}
      <div className="mt-1">
        <ErrorNotice error={edit.error} />
      </div>
    </IssueSidebarSection>
  );
}

function LockSection({ owner, repo, issue }: Pick<IssueSidebarProps, 'owner' | 'repo' | 'issue'>) {
  const lock = useLockIssue(owner, repo, issue.number);
  return (
    <IssueSidebarSection title="Conversation">
      <p className={`${muted} mb-2`}>{issue.is_locked ? 'Locked: only collaborators can comment.' : 'Anyone who can read may comment.'}</p>
      <Button size="sm" disabled={lock.isPending} onClick={() => lock.mutate({ lock: !issue.is_locked })}>
        {issue.is_locked ? 'Unlock conversation' : 'Lock conversation'}
      </Button>
      <div className="mt-1">
        <ErrorNotice error={lock.error} />
      </div>
    </IssueSidebarSection>
  );
}

function PinSection({ owner, repo, issue, noun }: Pick<IssueSidebarProps, 'owner' | 'repo' | 'issue'> & { noun: string }) {
  const pin = usePinIssue(owner, repo, issue.number);
  const pinned = (issue.pin_order ?? 0) > 0;
  return (
    <IssueSidebarSection title="Pin">
      <p className={`${muted} mb-2`}>{pinned ? `Pinned at the top of the ${noun} list.` : `Up to three ${noun}s show at the top of the list.`}</p>
      <Button size="sm" disabled={pin.isPending} onClick={() => pin.mutate(!pinned)}>
        {pinned ? `Unpin ${noun}` : `Pin ${noun}`}
      </Button>
      <div className="mt-1">
        <ErrorNotice error={pin.error} />
      </div>
    </IssueSidebarSection>
  );
}

export function IssueSidebar({
  owner,
  repo,
  issue,
  canWrite,
  canAdmin = false,
  participants,
  attachments,
  children,
  label = 'Issue details',
}: IssueSidebarProps) {
  return (
    <aside aria-label={label} className="min-w-0">
      {children}
      <IssueLabelsPicker owner={owner} repo={repo} issue={issue} canEdit={canWrite} />
      <AssigneesSection owner={owner} repo={repo} issue={issue} canWrite={canWrite} />
      <MilestoneSection owner={owner} repo={repo} issue={issue} canWrite={canWrite} />
      <DueDateSection key={issue.due_date ?? ''} owner={owner} repo={repo} issue={issue} canWrite={canWrite} />
      {canWrite && <LockSection owner={owner} repo={repo} issue={issue} />}
      {canAdmin && <PinSection owner={owner} repo={repo} issue={issue} noun={issue.pull_request ? 'pull request' : 'issue'} />}
      <IssueSidebarSection title={`${participants.length} ${participants.length === 1 ? 'participant' : 'participants'}`}>
        <ul className="flex flex-wrap gap-1" aria-label="Participants">
          {participants.map((u) => (
            <li key={u.id}>
              <Link to={paths.user.href(u.login)} aria-label={u.login} title={u.login}>
                <Avatar src={u.avatar_url} name={u.login} size={26} />
              </Link>
            </li>
          ))}
        </ul>
      </IssueSidebarSection>
      {attachments}
    </aside>
  );
}
