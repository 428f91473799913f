// Request reviews from people or teams, or take a request back (POST / DELETE
// /pulls/{index}/requested_reviewers with `reviewers` and `team_reviewers`). Both change the pull
// request's requested_reviewers / requested_reviewers_teams, its reviews (REQUEST_REVIEW entries) and timeline.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { pullKeys } from './pull-queries';

export interface ReviewRequestChange {
  add?: string[];
  remove?: string[];
  /** Team names (of the organization owning the repository). */
  addTeams?: string[];
  removeTeams?: string[];
}

export function useRequestReviewers(owner: string, repo: string, index: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ add = [], remove = [], addTeams = [], removeTeams = [] }: ReviewRequestChange) => {
      const params = { path: { owner, repo, index } };
      // Only the lists in use are sent, so a request about people reads as it always did.
      const body = (users: string[], teams: string[]) => ({
        ...(users.length ? { reviewers: users } : {}),
        ...(teams.length ? { team_reviewers: teams } : {}),
      });
      if (add.length || addTeams.length) await api().POST('/repos/{owner}/{repo}/pulls/{index}/requested_reviewers', { params, body: body(add, addTeams) });
      if (remove.length || removeTeams.length)
        await api().DELETE('/repos/{owner}/{repo}/pulls/{index}/requested_reviewers', { params, body: body(remove, removeTeams) });
    },
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: pullKeys.pull(owner, repo, index) }),
        qc.invalidateQueries({ queryKey: pullKeys.conversation(owner, repo, index) }),
      ]),
  });
}
