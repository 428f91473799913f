// Keeps the merge box current while it waits on something that happens elsewhere: a reviewer
// approving in another browser, a CI posting a status, a push to the head or the base. None of
// those passes through this page, so while the box is blocked or waiting it looks again now and
// then (only while the tab is visible): the pull request (its merge_blockers, head and
// mergeability), the head commit's statuses and the base branch. When that shows a new head (a
// push), the rest of the pull request follows once: reviews (a push may dismiss stale approvals),
// commits and the timeline. Actions taken on this page invalidate their own queries at once
// (reviews the pull request, a merge or a branch update the whole repository).
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { pullKeys } from './pull-queries';

export const BLOCKED_REFRESH_MS = 10_000;

export function useRefreshWhileBlocked(owner: string, repo: string, index: number, headSha: string, baseRef: string, active: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
      // Only queries someone is showing refetch; the keys are those of pullQueries.detail and
      // baseBranch and of the commits feature's combined status of the head.
      void qc.invalidateQueries({ queryKey: [...pullKeys.pull(owner, repo, index), 'detail'] });
      void qc.invalidateQueries({ queryKey: ['repos', owner, repo, 'commit', headSha] });
      void qc.invalidateQueries({ queryKey: ['repos', owner, repo, 'branch', baseRef] });
    }, BLOCKED_REFRESH_MS);
    return () => clearInterval(timer);
  }, [qc, owner, repo, index, headSha, baseRef, active]);

  const seenHead = useRef(headSha);
  useEffect(() => {
    if (seenHead.current === headSha) return;
    seenHead.current = headSha;
    void qc.invalidateQueries({ queryKey: pullKeys.pull(owner, repo, index) });
    void qc.invalidateQueries({ queryKey: pullKeys.conversation(owner, repo, index) });
  }, [qc, owner, repo, index, headSha]);
}
