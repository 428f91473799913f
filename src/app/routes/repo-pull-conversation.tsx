// /{owner}/{repo}/pulls/{index}: the Conversation tab. The shared conversation (as on issues) with
// reviews drawn by the reviews feature in the timeline, the merge box before the comment box, and
// the issue sidebar topped by the reviewers. Composes pulls, reviews, commits (checks), branches
// (delete after merge) and issues (sidebar) through app/conversation.
import { useCallback, useMemo } from 'react';
import { useInfiniteQuery, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../query-client';
import { RouteError } from '../layout/route-error';
import { canWriteRepo, indexRouteParams } from '../index-route';
import { Conversation } from '../conversation';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { useCurrentUser } from '@/features/auth/api/auth-queries';
import { issueDetailQueries } from '@/features/issues/api/issue-detail-queries';
import { useEditIssue } from '@/features/issues/api/use-edit-issue';
import { IssueSidebar } from '@/features/issues/components/issue-sidebar';
import { IssueSubscribeButton } from '@/features/notifications/components/issue-subscribe-button';
import { timelineQueries } from '@/features/comments/api/timeline-queries';
import type { TimelineItem } from '@/features/comments/lib/timeline-events';
import { pullQueries } from '@/features/pulls/api/pull-queries';
import { useEditPull } from '@/features/pulls/api/use-edit-pull';
import { MergeBox } from '@/features/pulls/components/merge-box';
import { PullReviewers } from '@/features/pulls/components/pull-sidebar';
import { reviewQueries } from '@/features/reviews/api/review-queries';
import { reviewCounts } from '@/features/reviews/lib/reviewer-summary';
import { ReviewTimelineItem } from '@/features/reviews/components/review-timeline-item';
import { statusQueries } from '@/features/commits/api/status-queries';
import { branchQueries } from '@/features/branches/api/branch-queries';
import { useDeleteBranch } from '@/features/branches/api/use-delete-branch';
import { MarkdownView } from '@/features/markdown/components/markdown-view';
import { useDocumentTitle } from '@/lib/use-document-title';

export async function loader({ params }: LoaderFunctionArgs) {
  const { owner, repo, index } = indexRouteParams(params);
  void queryClient.prefetchInfiniteQuery(timelineQueries.list(owner, repo, index));
  void queryClient.prefetchQuery(reviewQueries.list(owner, repo, index));
  await Promise.all([
    queryClient.ensureQueryData(pullQueries.detail(owner, repo, index)),
    queryClient.ensureQueryData(issueDetailQueries.detail(owner, repo, index)),
  ]);
  return null;
}

/** Whether the last word of the timeline on automatic merging is "scheduled". */
function isScheduled(items: TimelineItem[]): boolean {
  let scheduled = false;
  for (const it of items) {
    if (it.type === 'pull_scheduled_merge') scheduled = true;
    else if (it.type === 'pull_cancel_scheduled_merge' || it.type === 'merge_pull') scheduled = false;
  }
  return scheduled;
}

export function Component() {
  const { owner, repo, index } = indexRouteParams(useParams());
  const { data: pull } = useSuspenseQuery(pullQueries.detail(owner, repo, index));
  const { data: issue } = useSuspenseQuery(issueDetailQueries.detail(owner, repo, index));
  useDocumentTitle(`${pull.title} · Pull request #${index}`, `${owner}/${repo}`);
  const { data: repository } = useQuery(repoQueries.detail(owner, repo));
  const me = useCurrentUser();
  const editIssue = useEditIssue(owner, repo, index);
  const editPull = useEditPull(owner, repo, index);
  const deleteBranch = useDeleteBranch(owner, repo);

  const open = pull.state === 'open' && !pull.merged;
  const reviews = useQuery(reviewQueries.list(owner, repo, index));
  const timeline = useInfiniteQuery(timelineQueries.list(owner, repo, index));
  const commits = useQuery({ ...pullQueries.commits(owner, repo, index, 1), enabled: open });
  // Checks of the head commit; while any is pending, look again now and then.
  const checks = useQuery({
    ...statusQueries.combined(owner, repo, pull.head.sha),
    enabled: open && !!pull.head.sha,
    refetchInterval: (q) => (q.state.data?.state === 'pending' ? 15_000 : false),
  });
  // After the merge, "Delete branch" is offered while the head branch (of this repository) exists.
  const sameRepo = !pull.head.repo || pull.head.repo_id === pull.base.repo_id;
  const headBranch = useQuery({ ...branchQueries.detail(owner, repo, pull.head.ref), enabled: pull.merged && sameRepo, retry: false });

  const canWrite = canWriteRepo(me, repository);
  const isAuthor = !!me && me.id === pull.user.id;
  const items = useMemo(() => timeline.data?.pages.flatMap((p) => p.items) ?? [], [timeline.data]);
  const scheduled = useMemo(() => isScheduled(items), [items]);
  const standing = useMemo(() => reviewCounts(reviews.data ?? []), [reviews.data]);

  const renderMarkdown = useCallback((source: string) => <MarkdownView source={source} references={{ owner, repo }} />, [owner, repo]);
  const renderItem = useCallback(
    (item: TimelineItem) =>
      item.type === 'review' && item.review_id ? (
        <ReviewTimelineItem
          owner={owner}
          repo={repo}
          index={index}
          reviewId={item.review_id}
          renderMarkdown={renderMarkdown}
          anchorId={`issuecomment-${item.id}`}
        />
      ) : undefined,
    [owner, repo, index, renderMarkdown],
  );

  return (
    <Conversation
      owner={owner}
      repo={repo}
      issue={issue}
      noun="pull request"
      canWrite={canWrite}
      // A merged pull request stays merged: Gitea refuses to reopen it.
      canChangeState={!pull.merged && (canWrite || isAuthor)}
      onSaveBody={(body) => editIssue.mutateAsync({ body })}
      onChangeState={(state) => editPull.mutateAsync({ state })}
      renderItem={renderItem}
      beforeCommentBox={
        repository && (
          <MergeBox
            owner={owner}
            repo={repo}
            pull={pull}
            repository={repository}
            canMerge={canWrite}
            canEditTitle={canWrite || isAuthor}
            checks={checks.data}
            reviews={{
              approvals: standing.approvals,
              changesRequestedBy: standing.reviewers.filter((r) => r.state === 'REQUEST_CHANGES' && !r.dismissed).map((r) => r.user.login),
            }}
            scheduled={scheduled}
            commits={commits.data?.commits}
            headBranchExists={headBranch.isSuccess}
            onDeleteBranch={() => deleteBranch.mutateAsync(pull.head.ref)}
          />
        )
      }
      sidebar={({ participants, attachments }) => (
        <IssueSidebar
          owner={owner}
          repo={repo}
          issue={issue}
          canWrite={canWrite}
          participants={participants}
          attachments={attachments}
          label="Pull request details"
        >
          <PullReviewers owner={owner} repo={repo} pull={pull} reviewers={standing.reviewers} canRequest={canWrite && open} />
          <IssueSubscribeButton owner={owner} repo={repo} index={issue.number} isPull />
        </IssueSidebar>
      )}
    />
  );
}

export const ErrorBoundary = RouteError;
