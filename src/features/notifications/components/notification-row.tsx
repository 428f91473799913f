// One thread of the inbox: what it is about (kind, state, title, number, when), a link to it, and
// its actions: done (read) or back to unread, pin or unpin.
import { forwardRef } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Octicon } from '@/components/ui/octicons';
import { RelativeTime } from '@/components/ui/relative-time';
import type { InboxStatus, NotificationThread } from '../api/notification-queries';
import { threadHref, threadKind, threadNumber, threadState } from '../lib/thread-view';

const tone: Record<string, string> = {
  open: 'fill-green-600 dark:fill-green-400',
  closed: 'fill-red-600 dark:fill-red-400',
  merged: 'fill-purple-600 dark:fill-purple-400',
  '': 'fill-gray-500',
};
const pullShape =
  'M1.5 3.25a2.25 2.25 0 1 1 3 2.122v5.256a2.251 2.251 0 1 1-1.5 0V5.372A2.25 2.25 0 0 1 1.5 3.25Zm5.677-.177L9.573.677A.25.25 0 0 1 10 .854V2.5h1A2.5 2.5 0 0 1 13.5 5v5.628a2.251 2.251 0 1 1-1.5 0V5a1 1 0 0 0-1-1h-1v1.646a.25.25 0 0 1-.427.177L7.177 3.427a.25.25 0 0 1 0-.354ZM3.75 2.5a.75.75 0 1 0 0 1.5.75.75 0 0 0 0-1.5Zm0 9.5a.75.75 0 1 0 0 1.5.75.75 0 0 0 0-1.5Zm8.25.75a.75.75 0 1 0 1.5 0 .75.75 0 0 0-1.5 0Z';

function KindIcon({ t }: { t: NotificationThread }) {
  const cls = tone[t.subject.state ?? ''] ?? tone[''];
  return (
    <Octicon size={16} className={`mt-0.5 shrink-0 ${cls}`}>
      {t.subject.type === 'Pull' ? (
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
          {t.subject.title}
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
          <Button size="sm" disabled={busy} onClick={() => onMark(t, 'read')} aria-label={`Done: mark “${t.subject.title}” as read`}>
            Done
          </Button>
        ) : (
          <Button size="sm" disabled={busy} onClick={() => onMark(t, 'unread')} aria-label={`Unread: mark “${t.subject.title}” as unread`}>
            Unread
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          disabled={busy}
          onClick={() => onMark(t, t.pinned ? 'read' : 'pinned')}
          aria-label={`${t.pinned ? 'Unpin' : 'Pin'} “${t.subject.title}”`}
        >
          {t.pinned ? 'Unpin' : 'Pin'}
        </Button>
      </div>
    </li>
  );
});
