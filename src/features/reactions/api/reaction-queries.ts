// Reactions of an issue (or pull request) and of a comment (Gitea's API). Keys sit under
// ['repos', owner, repo, 'reactions', 'issue' | 'comment', id] so a live event names exactly one.
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';

export type Reaction = components['schemas']['Reaction'];

/** What a reaction is on: the issue itself (by number) or one of its comments (by id). */
export type ReactionTarget = { kind: 'issue'; index: number } | { kind: 'comment'; id: number };

export const reactionKeys = {
  of: (owner: string, repo: string, t: ReactionTarget) => ['repos', owner, repo, 'reactions', t.kind, t.kind === 'issue' ? t.index : t.id] as const,
};

const PAGE = 50;

export const reactionQueries = {
  list: (owner: string, repo: string, t: ReactionTarget) =>
    queryOptions({
      queryKey: reactionKeys.of(owner, repo, t),
      queryFn: async (): Promise<Reaction[]> => {
        if (t.kind === 'comment') {
          const { data } = await api().GET('/repos/{owner}/{repo}/issues/comments/{id}/reactions', { params: { path: { owner, repo, id: t.id } } });
          return data ?? [];
        }
        const all: Reaction[] = [];
        for (let page = 1; page <= 20; page++) {
          const { data } = await api().GET('/repos/{owner}/{repo}/issues/{index}/reactions', {
            params: { path: { owner, repo, index: t.index }, query: { page, limit: PAGE } },
          });
          all.push(...(data ?? []));
          if (!data || data.length < PAGE) break;
        }
        return all;
      },
    }),
};
