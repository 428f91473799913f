// /{owner}/{repo}/pulls/{index}: the Conversation tab. The shared conversation (as on issues) with
// reviews drawn by the reviews feature in the timeline, the merge box before the comment box, and
// the issue sidebar topped by the reviewers. Composes pulls, reviews, commits (checks), branches
// (delete after merge) and issues (sidebar) through app/conversation.
import { useCallback, useMemo } from 'react';
import { useInfiniteQuery, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { canAdminRepo, canWriteRepo, indexRouteParams } from '../index-route';
import { Conversation } from '../conversation';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { useCurrentUser } from '@/features/auth/api/auth-queries';
import { issueDetailQueries } from '@/features/issues/api/issue-detail-queries';
import { useEditIssue } from '@/features/issues/api/use-edit-issue';
import { IssueSidebar } from '@/features/issues/components/issue-sidebar';
import { IssueSubscribeButton } from '@/features/notifications/components/issue-subscribe-button';
import { timelineQueries } from '@/features/comments/api/timeline-queries';
import { toTimelineEntry, type TimelineItem } from '@/features/comments/lib/timeline-events';
import { TimelineEventRow } from '@/features/comments/components/timeline-event-row';
import { pullQueries } from '@/features/pulls/api/pull-queries';
import { useEditPull } from '@/features/pulls/api/use-edit-pull';
import { MergeBox } from '@/features/pulls/components/merge-box';
import { PullReviewers } from '@/features/pulls/components/pull-sidebar';
import { reviewQueries } from '@/features/reviews/api/review-queries';
import { reviewCounts } from '@/features/reviews/lib/reviewer-summary';
import { ReviewTimelineItem } from '@/features/reviews/components/review-timeline-item';
import { useThreadReply } from '@/features/reviews/api/use-thread-reply';
import { MarkdownEditor } from '@/features/comments/components/markdown-editor';
import { statusQueries } from '@/features/commits/api/status-queries';
import { branchQueries } from '@/features/branches/api/branch-queries';
import { useDeleteBranch } from '@/features/branches/api/use-delete-branch';
import { MarkdownView } from '@/features/markdown/components/markdown-view';
import { useDocumentTitle } from '@/lib/use-document-title';
import { SuggestionContext } from '@/features/reviews/components/suggestion-context';
import { SuggestionBatchBar, useConversationSuggestions } from './pull-suggestions';

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
  const items = useMemo(() => timeline.data?.pages.flatMap((p) => p.items) ?? [], [timeline.data]);
  const pushed = useMemo(() => items.some((it) => it.type === 'pull_push'), [items]);
  // The merge box's co-authors, and the subjects of "added N commits" in the timeline.
  const commits = useQuery({ ...pullQueries.commits(owner, repo, index, 1), enabled: open || pushed });
  const commitTitles = useMemo(() => new Map((commits.data?.commits ?? []).map((c) => [c.sha, c.commit.message.split('\n', 1)[0]!] as const)), [commits.data]);
  // Checks of the head commit; while any is pending, look again now and then.
  const checks = useQuery({
    ...statusQueries.combined(owner, repo, pull.head.sha),
    enabled: open && !!pull.head.sha,
    refetchInterval: (q) => (q.state.data?.state === 'pending' ? 15_000 : false),
  });
  // After the merge, "Delete branch" is offered while the head branch (of this repository) exists.
  const sameRepo = !pull.head.repo || pull.head.repo_id === pull.base.repo_id;
  // Once the branch is gone the API names the head by its ref (refs/pull/N/head): no branch to ask for.
  const headIsBranch = !pull.head.ref.startsWith('refs/');
  const headBranch = useQuery({ ...branchQueries.detail(owner, repo, pull.head.ref), enabled: pull.merged && sameRepo && headIsBranch, retry: false });

  const canWrite = canWriteRepo(me, repository);
  const isAuthor = !!me && me.id === pull.user.id;
  const scheduled = useMemo(() => isScheduled(items), [items]);
  const standing = useMemo(() => reviewCounts(reviews.data ?? []), [reviews.data]);

  const renderMarkdown = useCallback((source: string) => <MarkdownView source={source} references={{ owner, repo }} />, [owner, repo]);
  // Threads under their reviews take replies here as on Files changed.
  const reply = useThreadReply(owner, repo, index, me?.id, MarkdownEditor);
  // Suggested changes in those threads apply from here too (as on Files changed).
  const suggestions = useConversationSuggestions(owner, repo, index, pull, me?.id, (reviews.data?.length ?? 0) > 0);
  const renderItem = useCallback(
    (item: TimelineItem) => {
      if (item.type === 'pull_push') {
        const entry = toTimelineEntry(item);
        if (entry?.kind !== 'push' || entry.force) return undefined;
        return <TimelineEventRow entry={entry} owner={owner} repo={repo} renderLabel={() => null} noun="pull request" commitTitles={commitTitles} />;
      }
      return item.type === 'review' && item.review_id ? (
        <ReviewTimelineItem
          owner={owner}
          repo={repo}
          index={index}
          reviewId={item.review_id}
          renderMarkdown={renderMarkdown}
          anchorId={`issuecomment-${item.id}`}
          reply={reply}
        />
      ) : undefined;
    },
    [owner, repo, index, renderMarkdown, commitTitles, reply],
  );

  return (
    <SuggestionContext.Provider value={suggestions}>
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
              checksLoading={checks.isPending && checks.fetchStatus !== 'idle'}
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
            canAdmin={canAdminRepo(me, repository)}
            participants={participants}
            attachments={attachments}
            label="Pull request details"
          >
            <PullReviewers owner={owner} repo={repo} pull={pull} reviewers={standing.reviewers} canRequest={canWrite && open} />
            <IssueSubscribeButton owner={owner} repo={repo} index={issue.number} isPull />
          </IssueSidebar>
        )}
      />
      <SuggestionBatchBar actions={suggestions} />
    </SuggestionContext.Provider>
  );
}
