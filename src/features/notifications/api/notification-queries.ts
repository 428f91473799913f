// The signed-in user's notifications (Gitea's /notifications API). Every key starts with
// ['notifications'] so one invalidation of that prefix (the live pages' notifications.changed
// event, or a mark) refreshes the bell and the inbox together.
import { queryOptions } from '@tanstack/react-query';
import { api, pageInfo } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type NotificationThread = components['schemas']['NotificationThread'];
export type InboxStatus = 'unread' | 'read' | 'pinned';
export type InboxType = 'issue' | 'pull' | 'commit' | 'release' | '';

export const NOTIFICATIONS_PER_PAGE = 30;
/** How often the bell asks when nothing pushes to it (the live pages invalidate it sooner). */
export const UNREAD_POLL_MS = 45_000;

export interface InboxQuery {
  status: InboxStatus;
  /** owner/name, or '' for every repository. */
  repo: string;
  type: InboxType;
  page: number;
}

export const notificationQueries = {
  all: ['notifications'] as const,
  /** GET /notifications/new: the unread count the bell shows. */
  unreadCount: () =>
    queryOptions({
      queryKey: ['notifications', 'new'],
      queryFn: async () => (await api().GET('/notifications/new')).data!.new,
      refetchInterval: UNREAD_POLL_MS,
      refetchOnWindowFocus: true,
    }),
  /** One page of the inbox: everywhere, or one repository's (GET /repos/{o}/{r}/notifications). */
  inbox: (q: InboxQuery) =>
    queryOptions({
      queryKey: ['notifications', 'inbox', q],
      queryFn: async () => {
        const query = {
          'status-types': [q.status],
          ...(q.type ? { 'subject-type': [q.type] } : {}),
          page: q.page,
          limit: NOTIFICATIONS_PER_PAGE,
        };
        const [owner, repo] = q.repo.split('/');
        const { data, response } =
          owner && repo
            ? await api().GET('/repos/{owner}/{repo}/notifications', { params: { path: { owner, repo }, query } })
            : await api().GET('/notifications', { params: { query } });
        return { threads: data!, ...pageInfo(response) };
      },
      refetchOnWindowFocus: true,
    }),
  /** GET …/issues/{index}/subscriptions/check: whether the user follows the issue. */
  subscription: (owner: string, repo: string, index: number) =>
    queryOptions({
      queryKey: ['notifications', 'subscription', owner, repo, index],
      queryFn: async () =>
        (await api().GET('/repos/{owner}/{repo}/issues/{index}/subscriptions/check', { params: { path: { owner, repo, index } } })).data!.subscribed,
    }),
};
