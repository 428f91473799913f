// What `@` and `#` offer in the composer: the repository's assignable users (GET /assignees, which
// Gitea 1.23 has) filtered by what was typed, and its issues and pull requests matching it (GET
// /issues?q=, or by number). Both are fetched once per query and cached a minute.
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

export interface Suggestion {
  /** What goes into the text: "@alice" or "#12". */
  insert: string;
  /** What the option shows. */
  label: string;
  detail?: string;
}

const MAX = 8;

export const mentionSuggestions = (owner: string, repo: string) =>
  queryOptions({
    queryKey: ['repos', owner, repo, 'composer', 'assignees'],
    queryFn: async () => (await api().GET('/repos/{owner}/{repo}/assignees', { params: { path: { owner, repo } } })).data ?? [],
    staleTime: 60_000,
  });

export function filterUsers(users: { login: string; full_name?: string }[], query: string): Suggestion[] {
  const q = query.toLowerCase();
  return users
    .filter((u) => u.login.toLowerCase().includes(q) || (u.full_name ?? '').toLowerCase().includes(q))
    .sort((a, b) => Number(!a.login.toLowerCase().startsWith(q)) - Number(!b.login.toLowerCase().startsWith(q)))
    .slice(0, MAX)
    .map((u) => ({ insert: `@${u.login}`, label: u.login, detail: u.full_name || undefined }));
}

export const issueSuggestions = (owner: string, repo: string, query: string) =>
  queryOptions({
    queryKey: ['repos', owner, repo, 'composer', 'issues', query],
    queryFn: async (): Promise<Suggestion[]> => {
      const { data } = await api().GET('/repos/{owner}/{repo}/issues', {
        params: {
          path: { owner, repo },
          query: { state: 'all', limit: /^\d+$/.test(query) ? 50 : MAX, ...(query && !/^\d+$/.test(query) ? { q: query } : {}) },
        },
      });
      const list = data ?? [];
      const byNumber = /^\d+$/.test(query) ? list.filter((i) => String(i.number).startsWith(query)) : list;
      return byNumber.slice(0, MAX).map((i) => ({
        insert: `#${i.number}`,
        label: `#${i.number} ${i.title}`,
        detail: i.pull_request ? 'Pull request' : 'Issue',
      }));
    },
    staleTime: 60_000,
  });
