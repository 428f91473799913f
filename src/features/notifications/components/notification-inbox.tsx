// The inbox's list: threads grouped by repository, each group with "Mark all as read" for that
// repository; marking a thread says so in a toast with Undo. The page owns which row is selected
// (j/k) and moves focus to its link, so Enter opens it.
import { useRef, type MutableRefObject } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api/api-error';
import type { InboxStatus, NotificationThread } from '../api/notification-queries';
import { useMarkAllRead, useMarkThread } from '../api/use-mark-notifications';
import { groupByRepo, threadTitle } from '../lib/thread-view';
import { NotificationRow } from './notification-row';

const said: Record<InboxStatus, string> = { read: 'Marked as read', unread: 'Marked as unread', pinned: 'Pinned' };

/** Marks threads with a toast that can undo it (back to each thread's status before). */
export function useMarkWithUndo() {
  const mark = useMarkThread();
  const markAll = useMarkAllRead();
  const before = (t: NotificationThread): InboxStatus => (t.pinned ? 'pinned' : t.unread ? 'unread' : 'read');
  const one = (t: NotificationThread, to: InboxStatus) => {
    const was = before(t);
    mark.mutate(
      { id: t.id, to },
      {
        onSuccess: () => toast(`${said[to]}: ${threadTitle(t)}`, { action: { label: 'Undo', onClick: () => mark.mutate({ id: t.id, to: was }) } }),
        onError: (e) => toast.error(errorMessage(e)),
      },
    );
  };
  /** Every unread thread (of `repo`, or everywhere) to read; Undo brings back those shown. */
  const all = (repo: string, shown: NotificationThread[]) => {
    const unread = shown.filter((t) => t.unread);
    markAll.mutate(
      { repo },
      {
        onSuccess: () =>
          toast(repo ? `Marked all of ${repo} as read` : 'Marked all as read', {
            action: unread.length ? { label: 'Undo', onClick: () => unread.forEach((t) => mark.mutate({ id: t.id, to: 'unread' })) } : undefined,
          }),
        onError: (e) => toast.error(errorMessage(e)),
      },
    );
  };
  return { one, all, busy: mark.isPending || markAll.isPending };
}

export function NotificationInbox({
  threads,
  selected,
  onSelect,
  links,
  marks,
}: {
  threads: NotificationThread[];
  selected: number;
  onSelect: (i: number) => void;
  /** The rows' title links, by position in `threads` (the page focuses them). */
  links: MutableRefObject<(HTMLAnchorElement | null)[]>;
  marks: ReturnType<typeof useMarkWithUndo>;
}) {
  const position = useRef(new Map<number, number>());
  position.current = new Map(threads.map((t, i) => [t.id, i]));
  return (
    <div className="space-y-4">
      {groupByRepo(threads).map((g) => (
        <section key={g.repo} aria-labelledby={`repo-${g.repo}`} className="overflow-hidden rounded-lg border border-gray-200 dark:border-gray-800">
          <header className="flex items-center justify-between gap-2 border-b border-gray-200 bg-gray-50 px-3 py-2 dark:border-gray-800 dark:bg-gray-900">
            <h2 id={`repo-${g.repo}`} className="truncate text-sm font-semibold">
              {g.repo || 'Unknown repository'}
            </h2>
            {g.repo && g.threads.some((t) => t.unread) && (
              <Button
                size="sm"
                variant="ghost"
                className="shrink-0 whitespace-nowrap"
                disabled={marks.busy}
                onClick={() => marks.all(g.repo, g.threads)}
                aria-label={`Mark all as read in ${g.repo}`}
              >
                Mark all as read
              </Button>
            )}
          </header>
          <ul className="divide-y divide-gray-200 dark:divide-gray-800">
            {g.threads.map((t) => {
              const i = position.current.get(t.id)!;
              return (
                <NotificationRow
                  key={t.id}
                  ref={(el) => {
                    links.current[i] = el;
                  }}
                  thread={t}
                  selected={i === selected}
                  busy={marks.busy}
                  onMark={marks.one}
                  onFocus={() => onSelect(i)}
                />
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
