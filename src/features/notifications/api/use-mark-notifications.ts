// Marking threads (PATCH /notifications/threads/{id}, PUT /notifications, PUT the repository's):
// Gitea answers 205 Reset Content, so the answer is not read; the notification queries are
// refetched instead.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { notificationQueries, type InboxStatus } from './notification-queries';

export function useMarkThread() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, to }: { id: number; to: InboxStatus }) => {
      await api().PATCH('/notifications/threads/{id}', { params: { path: { id }, query: { 'to-status': to } }, parseAs: 'stream' });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: notificationQueries.all }),
  });
}

/** Every unread thread (of one repository when `repo` is owner/name) updated up to now, to read. */
export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ repo }: { repo: string }) => {
      const query = { last_read_at: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'), 'to-status': 'read' };
      const [owner, name] = repo.split('/');
      if (owner && name) await api().PUT('/repos/{owner}/{repo}/notifications', { params: { path: { owner, repo: name }, query }, parseAs: 'stream' });
      else await api().PUT('/notifications', { params: { query }, parseAs: 'stream' });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: notificationQueries.all }),
  });
}

/** Follow (true) or mute (false) an issue for the signed-in user. */
export function useSubscribeIssue(owner: string, repo: string, index: number, login: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (follow: boolean) => {
      const init = { params: { path: { owner, repo, index, user: login } } };
      await (follow
        ? api().PUT('/repos/{owner}/{repo}/issues/{index}/subscriptions/{user}', init)
        : api().DELETE('/repos/{owner}/{repo}/issues/{index}/subscriptions/{user}', init));
      return follow;
    },
    onSuccess: (follow) => qc.setQueryData(notificationQueries.subscription(owner, repo, index).queryKey, follow),
    onSettled: () => qc.invalidateQueries({ queryKey: notificationQueries.subscription(owner, repo, index).queryKey }),
  });
}
