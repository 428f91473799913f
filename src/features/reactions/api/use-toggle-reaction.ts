// Adds or removes the reader's reaction, showing the change at once and putting it right from the
// server's answer (or back, when refused).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/schema';
import { reactionKeys, type Reaction, type ReactionTarget } from './reaction-queries';

type User = components['schemas']['User'];

export function useToggleReaction(owner: string, repo: string, target: ReactionTarget, me: User | null | undefined) {
  const qc = useQueryClient();
  const key = reactionKeys.of(owner, repo, target);
  return useMutation({
    mutationFn: async ({ content, add }: { content: string; add: boolean }) => {
      const body = { content };
      if (target.kind === 'issue') {
        const path = { owner, repo, index: target.index };
        if (add) await api().POST('/repos/{owner}/{repo}/issues/{index}/reactions', { params: { path }, body });
        else await api().DELETE('/repos/{owner}/{repo}/issues/{index}/reactions', { params: { path }, body });
      } else {
        const path = { owner, repo, id: target.id };
        if (add) await api().POST('/repos/{owner}/{repo}/issues/comments/{id}/reactions', { params: { path }, body });
        else await api().DELETE('/repos/{owner}/{repo}/issues/comments/{id}/reactions', { params: { path }, body });
      }
    },
    onMutate: async ({ content, add }) => {
      await qc.cancelQueries({ queryKey: key });
      const before = qc.getQueryData<Reaction[]>(key);
      if (before && me) {
        const without = before.filter((r) => !(r.content === content && r.user.id === me.id));
        qc.setQueryData<Reaction[]>(key, add ? [...without, { user: me, content, created_at: new Date().toISOString() }] : without);
      }
      return { before };
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.before) qc.setQueryData(key, ctx.before);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: key }),
  });
}
