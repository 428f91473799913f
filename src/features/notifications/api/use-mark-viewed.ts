// Viewing what a thread is about marks it read (Gitea marks an issue's or pull request's threads
// read when its page is viewed; this app does the same for commits and releases). Only Gitea's API:
// the repository's unread threads of that subject type (GET /repos/{o}/{r}/notifications), then
// PATCH /notifications/threads/{id} for those about this page, so it works on a real Gitea too.
// Pinned threads stay pinned, as Gitea's setIssueNotificationStatusReadIfUnread.
import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { useSession } from '@/lib/auth-store';
import { notificationQueries, type NotificationThread } from './notification-queries';
import { threadIsAbout, type ViewedSubject } from '../lib/thread-view';

const PAGE = 50;
/** How many pages of unread threads are looked through at most. */
const MAX_PAGES = 20;

/** Marks the threads about `subject` read: a subject has one thread, on whichever page it is. */
export async function markViewed(owner: string, repo: string, subject: ViewedSubject): Promise<number> {
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { data } = await api().GET('/repos/{owner}/{repo}/notifications', {
      params: { path: { owner, repo }, query: { 'status-types': ['unread'], 'subject-type': [subject.kind], limit: PAGE, page } },
    });
    const list = (data ?? []) as NotificationThread[];
    const about = list.filter((t) => t.unread && threadIsAbout(t, subject));
    for (const t of about) {
      await api().PATCH('/notifications/threads/{id}', { params: { path: { id: t.id }, query: { 'to-status': 'read' } }, parseAs: 'stream' });
    }
    // Found (read now, so later pages moved up by it), or the last page.
    if (about.length || list.length < PAGE) return about.length;
  }
  return 0;
}

/**
 * Marks the signed-in user's unread threads about `subject` read when the page opens on it (once
 * the bell's count is known), as Gitea does when a page is viewed. Something arriving later while
 * the page stays open lights the bell as anywhere else: the reader may not have seen it yet.
 * Nothing is asked while the bell says nothing is unread.
 */
export function useMarkViewedRead(owner: string, repo: string, subject: ViewedSubject | undefined) {
  const session = useSession();
  const qc = useQueryClient();
  const unread = useQuery({ ...notificationQueries.unreadCount(), enabled: !!session });
  const key = subject ? `${owner}/${repo}:${JSON.stringify(subject)}` : '';
  const known = unread.isSuccess;
  const count = unread.data ?? 0;
  // The page (owner, repo, subject) whose threads were looked at already.
  const looked = useRef('');
  useEffect(() => {
    if (!session || !key || !known || looked.current === key) return;
    looked.current = key;
    if (count <= 0) return;
    markViewed(owner, repo, subject!)
      .then((n) => {
        if (n) void qc.invalidateQueries({ queryKey: notificationQueries.all });
      })
      // Marking read is a courtesy: a failure leaves the thread unread, nothing else.
      .catch(() => undefined);
    // `subject` is read through `key`; count only matters at the moment the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [session, qc, owner, repo, key, known]);
}

/** The hook as an element, for pages to insert in one line. */
export function MarkViewedRead({ owner, repo, subject }: { owner: string; repo: string; subject: ViewedSubject | undefined }) {
  useMarkViewedRead(owner, repo, subject);
  return null;
}
