// Star/unstar (PUT/DELETE /user/starred/{o}/{r}) and watch/unwatch (PUT/DELETE …/subscription);
// the repository is refetched afterwards so stars_count and watchers_count are the server's.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { setAnswer } from '@/lib/api/set-answer';
import { starQueries } from './star-queries';

export function useStarRepo(owner: string, repo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (star: boolean) => {
      const init = { params: { path: { owner, repo } } };
      await (star ? api().PUT('/user/starred/{owner}/{repo}', init) : api().DELETE('/user/starred/{owner}/{repo}', init));
      return star;
    },
    onSuccess: async (star) => {
      await setAnswer(qc, starQueries.starred(owner, repo).queryKey, star);
      // The counts and stargazers; not what the buttons show, which the answers say.
      qc.invalidateQueries({ queryKey: ['repos', owner, repo], predicate: (q) => q.queryKey[3] !== 'starred-by-me' && q.queryKey[3] !== 'watched-by-me' });
      // The user's starred tab and counts.
      qc.invalidateQueries({ queryKey: ['users'] });
    },
  });
}

export function useWatchRepo(owner: string, repo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (watch: boolean) => {
      const init = { params: { path: { owner, repo } } };
      await (watch ? api().PUT('/repos/{owner}/{repo}/subscription', init) : api().DELETE('/repos/{owner}/{repo}/subscription', init));
      return watch;
    },
    onSuccess: async (watch) => {
      await setAnswer(qc, starQueries.watched(owner, repo).queryKey, watch);
      qc.invalidateQueries({ queryKey: ['repos', owner, repo, 'detail'] });
    },
  });
}
