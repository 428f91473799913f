// One thread of the inbox: what it is about (kind, state, title, number, when), a link to it, and
// its actions: done (read) or back to unread, pin or unpin.
import { forwardRef } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Octicon } from '@/components/ui/octicons';
import { RelativeTime } from '@/components/ui/relative-time';
import type { InboxStatus, NotificationThread } from '../api/notification-queries';
import { threadHref, threadKind, threadNumber, threadState, threadTitle } from '../lib/thread-view';

const tone: Record<string, string> = {
  open: 'fill-green-600 dark:fill-green-400',
  closed: 'fill-red-600 dark:fill-red-400',
  merged: 'fill-purple-600 dark:fill-purple-400',
  '': 'fill-gray-500',
};
const pullShape =
  'M1.5 3.25a2.25 2.25 0 1 1 3 2.122v5.256a2.251 2.251 0 1 1-1.5 0V5.372A2.25 2.25 0 0 1 1.5 3.25Zm5.677-.177L9.573.677A.25.25 0 0 1 10 .854V2.5h1A2.5 2.5 0 0 1 13.5 5v5.628a2.251 2.251 0 1 1-1.5 0V5a1 1 0 0 0-1-1h-1v1.646a.25.25 0 0 1-.427.177L7.177 3.427a.25.25 0 0 1 0-.354ZM3.75 2.5a.75.75 0 1 0 0 1.5.75.75 0 0 0 0-1.5Zm0 9.5a.75.75 0 1 0 0 1.5.75.75 0 0 0 0-1.5Zm8.25.75a.75.75 0 1 0 1.5 0 .75.75 0 0 0-1.5 0Z';

// Octicons git-commit, tag and repo (Gitea's icons for these subjects).
const commitShape =
  'M11.93 8.5a4.002 4.002 0 0 1-7.86 0H.75a.75.75 0 0 1 0-1.5h3.32a4.002 4.002 0 0 1 7.86 0h3.32a.75.75 0 0 1 0 1.5Zm-1.43-.75a2.5 2.5 0 1 0-5 0 2.5 2.5 0 0 0 5 0Z';
const tagShape =
  'M1 7.775V2.75C1 1.784 1.784 1 2.75 1h5.025c.464 0 .91.184 1.238.513l6.25 6.25a1.75 1.75 0 0 1 0 2.474l-5.026 5.026a1.75 1.75 0 0 1-2.474 0l-6.25-6.25A1.752 1.752 0 0 1 1 7.775Zm1.5 0c0 .066.026.13.073.177l6.25 6.25a.25.25 0 0 0 .354 0l5.025-5.025a.25.25 0 0 0 0-.354l-6.25-6.25a.25.25 0 0 0-.177-.073H2.75a.25.25 0 0 0-.25.25ZM6 5a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z';
const repoShape =
  'M2 2.5A2.5 2.5 0 0 1 4.5 0h8.75a.75.75 0 0 1 .75.75v12.5a.75.75 0 0 1-.75.75h-2.5a.75.75 0 0 1 0-1.5h1.75v-2h-8a1 1 0 0 0-.714 1.7.75.75 0 1 1-1.072 1.05A2.495 2.495 0 0 1 2 11.5Zm10.5-1h-8a1 1 0 0 0-1 1v6.708A2.486 2.486 0 0 1 4.5 9h8ZM5 12.25a.25.25 0 0 1 .25-.25h3.5a.25.25 0 0 1 .25.25v3.25a.25.25 0 0 1-.4.2l-1.45-1.087a.249.249 0 0 0-.3 0L5.4 15.7a.25.25 0 0 1-.4-.2Z';
const otherShape: Partial<Record<NotificationThread['subject']['type'], string>> = { Commit: commitShape, Release: tagShape, Repository: repoShape };

function KindIcon({ t }: { t: NotificationThread }) {
  const cls = tone[t.subject.state ?? ''] ?? tone[''];
  const other = otherShape[t.subject.type];
  return (
    <Octicon size={16} className={`mt-0.5 shrink-0 ${cls}`}>
      {other ? (
        <path d={other} />
      ) : t.subject.type === 'Pull' ? (
        <path d={pullShape} />
      ) : (
        <>
          <path d="M8 9.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z" />
          <path d="M8 0a8 8 0 1 1 0 16A8 8 0 0 1 8 0ZM1.5 8a6.5 6.5 0 1 0 13 0 6.5 6.5 0 0 0-13 0Z" />
        </>
      )}
    </Octicon>
  );
}

export interface RowProps {
  thread: NotificationThread;
  selected: boolean;
  busy: boolean;
  onMark: (t: NotificationThread, to: InboxStatus) => void;
  onFocus: () => void;
}

export const NotificationRow = forwardRef<HTMLAnchorElement, RowProps>(function NotificationRow({ thread: t, selected, busy, onMark, onFocus }, ref) {
  const n = threadNumber(t);
  const state = threadState(t);
  return (
    <li
      className={`flex flex-wrap items-start gap-x-3 gap-y-1 px-3 py-2.5 sm:flex-nowrap ${selected ? 'bg-indigo-50 ring-2 ring-indigo-500 ring-inset dark:bg-indigo-950/40' : ''}`}
      aria-current={selected ? 'true' : undefined}
    >
      <span className="mt-1.5 w-2 shrink-0" aria-hidden>
        {t.unread && <span className="block h-2 w-2 rounded-full bg-indigo-600 dark:bg-indigo-400" />}
      </span>
      <KindIcon t={t} />
      <div className="min-w-0 flex-1">
        <Link ref={ref} to={threadHref(t)} onFocus={onFocus} className={`break-words hover:underline ${t.unread ? 'font-semibold' : ''}`}>
          {threadTitle(t)}
        </Link>
        <p className="text-xs text-gray-600 dark:text-gray-400">
          {threadKind(t)}
          {n !== undefined && ` #${n}`}
          {state && ` · ${state}`}
          {t.unread ? ' · Unread' : ''}
          {t.pinned ? ' · Pinned' : ''} · <RelativeTime date={t.updated_at} />
        </p>
      </div>
      <div className="ml-auto flex shrink-0 gap-1.5">
        {t.unread || t.pinned ? (
          <Button size="sm" disabled={busy} onClick={() => onMark(t, 'read')} aria-label={`Done: mark “${threadTitle(t)}” as read`}>
            Done
          </Button>
        ) : (
          <Button size="sm" disabled={busy} onClick={() => onMark(t, 'unread')} aria-label={`Unread: mark “${threadTitle(t)}” as unread`}>
            Unread
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          disabled={busy}
          onClick={() => onMark(t, t.pinned ? 'read' : 'pinned')}
          aria-label={`${t.pinned ? 'Unpin' : 'Pin'} “${threadTitle(t)}”`}
        >
          {t.pinned ? 'Unpin' : 'Pin'}
        </Button>
      </div>
    </li>
  );
});
