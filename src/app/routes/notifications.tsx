// /notifications (Gitea's URL): the signed-in user's inbox. Tabs Unread / Read / Pinned, filters by
// repository and type and the page live in the URL; j/k move between threads, e marks the selected
// one done (read), Enter opens it; "Mark all as read" for everything or one repository.
import { useEffect, useRef, useState } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { useLatestSearchParams } from '@/lib/use-latest-search';
import { queryClient } from '../query-client';
import { paths } from '@/lib/paths';
import { getSession, sessionReady, useSession } from '@/lib/auth-store';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { TabLinks } from '@/components/ui/tab-links';
import { useKeyboardShortcuts } from '@/features/shortcuts/lib/use-keyboard-shortcuts';
import {
  NOTIFICATIONS_PER_PAGE,
  notificationQueries,
  type InboxQuery,
  type InboxStatus,
  type InboxType,
} from '@/features/notifications/api/notification-queries';
import { NotificationInbox, useMarkWithUndo } from '@/features/notifications/components/notification-inbox';
import { RouteError } from '../layout/route-error';

const TABS: { key: InboxStatus; label: string }[] = [
  { key: 'unread', label: 'Unread' },
  { key: 'read', label: 'Read' },
  { key: 'pinned', label: 'Pinned' },
];
const TYPES: { key: InboxType; label: string }[] = [
  { key: '', label: 'All types' },
  { key: 'issue', label: 'Issues' },
  { key: 'pull', label: 'Pull requests' },
  { key: 'commit', label: 'Commits' },
  { key: 'release', label: 'Releases' },
];

function queryOf(search: URLSearchParams): InboxQuery {
  const status = TABS.find((t) => t.key === search.get('status'))?.key ?? 'unread';
  const type = TYPES.find((t) => t.key === search.get('type'))?.key ?? '';
  const repo = /^[^/]+\/[^/]+$/.test(search.get('repo') ?? '') ? search.get('repo')! : '';
  const page = Math.max(1, Math.floor(Number(search.get('page')) || 1));
  return { status, type, repo, page };
}

function hrefOf(q: InboxQuery, change: Partial<InboxQuery>) {
  const next = { ...q, page: 1, ...change };
  const p: Record<string, string> = {};
  if (next.status !== 'unread') p.status = next.status;
  if (next.repo) p.repo = next.repo;
  if (next.type) p.type = next.type;
  if (next.page > 1) p.page = String(next.page);
  return paths.notifications.href(p);
}

export async function loader({ request }: LoaderFunctionArgs) {
  await sessionReady();
  if (!getSession()) return null;
  await queryClient.ensureQueryData(notificationQueries.inbox(queryOf(new URL(request.url).searchParams)));
  return null;
}

const emptyText: Record<InboxStatus, string> = {
  unread:
    'You’re all caught up. New activity on issues and pull requests you take part in or watch, releases of repositories you watch and commits that mention you shows up here.',
  read: 'Threads you have read or marked done show up here.',
  pinned: 'Pin a thread to keep it here until you unpin it.',
};

function Inbox() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const q = queryOf(search);
  // A filter or tab chosen while another inbox page is still loading (a tab just clicked) builds on
  // that page, not the one still shown: the latest choice wins.
  const latest = queryOf(useLatestSearchParams());
  const { data } = useSuspenseQuery(notificationQueries.inbox(q));
  const marks = useMarkWithUndo();
  const [selected, setSelected] = useState(-1);
  const links = useRef<(HTMLAnchorElement | null)[]>([]);
  const threads = data.threads;
  useDocumentTitle('Notifications');
  useEffect(() => setSelected((s) => Math.min(s, threads.length - 1)), [threads.length]);

  const move = (d: number) => {
    if (!threads.length) return;
    const i = Math.max(0, Math.min(threads.length - 1, selected < 0 ? 0 : selected + d));
    setSelected(i);
    links.current[i]?.focus();
  };
  useKeyboardShortcuts({
    j: () => move(1),
    k: () => move(-1),
    e: () => {
      const t = threads[selected];
      if (t && (t.unread || t.pinned)) marks.one(t, 'read');
    },
    Enter: () => {
      const link = links.current[selected];
      // Only with nothing focused: a focused link or button answers Enter itself.
      if (link && document.activeElement === document.body) link.click();
    },
  });
  const repos = [...new Set([q.repo, ...threads.map((t) => t.repository?.full_name ?? '')].filter(Boolean))].sort();

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">Notifications</h1>
        {q.status === 'unread' && threads.length > 0 && (
          <Button size="sm" disabled={marks.busy} onClick={() => marks.all(q.repo, threads)}>
            {q.repo ? `Mark all of ${q.repo} as read` : 'Mark all as read'}
          </Button>
        )}
      </div>
      <TabLinks
        label="Notification status"
        tabs={TABS.map((t) => ({ key: t.key, label: t.label, to: hrefOf(latest, { status: t.key }) }))}
        current={q.status}
      />
      <form
        className="flex flex-wrap items-end gap-3"
        aria-label="Filter notifications"
        onChange={(e) => {
          const f = new FormData(e.currentTarget);
          navigate(hrefOf(latest, { repo: String(f.get('repo') ?? ''), type: String(f.get('type') ?? '') as InboxType }));
        }}
        onSubmit={(e) => e.preventDefault()}
      >
        <label className="flex flex-col gap-1 text-xs font-medium text-gray-700 dark:text-gray-300">
          Repository
          <select
            name="repo"
            defaultValue={q.repo}
            key={`repo-${q.repo}`}
            className="rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm dark:border-gray-700 dark:bg-gray-900"
          >
            <option value="">All repositories</option>
            {repos.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-gray-700 dark:text-gray-300">
          Type
          <select
            name="type"
            defaultValue={q.type}
            key={`type-${q.type}`}
            className="rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm dark:border-gray-700 dark:bg-gray-900"
          >
            {TYPES.map((t) => (
              <option key={t.key} value={t.key}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        <p className="hidden text-xs text-gray-600 sm:block dark:text-gray-400">
          Keys: <kbd>j</kbd>/<kbd>k</kbd> move, <kbd>e</kbd> done, <kbd>Enter</kbd> open
        </p>
      </form>
      {threads.length === 0 ? (
        <EmptyState title={q.page > 1 ? 'No more notifications' : q.status === 'unread' ? 'No unread notifications' : `No ${q.status} notifications`}>
          <p>{emptyText[q.status]}</p>
          {(q.repo || q.type) && (
            <p className="mt-2">
              <Link className="text-indigo-600 hover:underline dark:text-indigo-400" to={hrefOf(q, { repo: '', type: '' })}>
                Clear the filters
              </Link>
            </p>
          )}
        </EmptyState>
      ) : (
        <NotificationInbox threads={threads} selected={selected} onSelect={setSelected} links={links} marks={marks} />
      )}
      <Pagination page={q.page} total={data.total} limit={NOTIFICATIONS_PER_PAGE} hasNext={data.hasNext} />
    </div>
  );
}

export function Component() {
  const session = useSession();
  if (!session) {
    return (
      <EmptyState title="Notifications">
        <Link className="text-indigo-600 hover:underline dark:text-indigo-400" to={paths.signIn.href(paths.notifications.href())}>
          Sign in
        </Link>{' '}
        to see your notifications.
      </EmptyState>
    );
  }
  return <Inbox />;
}

export const ErrorBoundary = RouteError;
