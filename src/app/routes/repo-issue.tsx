// /{owner}/{repo}/issues/{index}: the issue, its windowed timeline, the comment box and the sidebar.
// Composes the issues feature (data, header, sidebar), comments (timeline, cards, editor) and Markdown.
import { useCallback, useMemo, type ReactNode } from 'react';
import { useInfiniteQuery, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useLocation, useParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../query-client';
import { RouteError } from '../layout/route-error';
import { repoQueries } from '@/features/repos/api/repo-queries';
import { useCurrentUser } from '@/features/auth/api/auth-queries';
import { issueDetailQueries } from '@/features/issues/api/issue-detail-queries';
import { timelineQueries } from '@/features/issues/api/timeline-queries';
import { useEditIssue } from '@/features/issues/api/use-edit-issue';
import { useCreateComment } from '@/features/issues/api/use-create-comment';
import { useEditComment } from '@/features/issues/api/use-edit-comment';
import { useDeleteComment } from '@/features/issues/api/use-delete-comment';
import { useUploadAttachment } from '@/features/issues/api/use-upload-attachment';
import { useDeleteAttachment } from '@/features/issues/api/use-delete-attachment';
import { IssueHeader } from '@/features/issues/components/issue-header';
import { IssueSidebar } from '@/features/issues/components/issue-sidebar';
import { IssueSidebarSection } from '@/features/issues/components/issue-sidebar-section';
import { LabelChip } from '@/features/issues/components/label-chip';
import { CommentCard } from '@/features/comments/components/comment-card';
import { CommentBox } from '@/features/comments/components/comment-box';
import { Timeline } from '@/features/comments/components/timeline';
import { AttachmentLinks } from '@/features/comments/components/attachment-links';
import type { TimelineItem } from '@/features/comments/lib/timeline-events';
import { MarkdownView } from '@/features/markdown/components/markdown-view';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/lib/paths';
import type { components } from '@/lib/api/schema';

type User = components['schemas']['User'];

function routeParams(params: Record<string, string | undefined>) {
  const index = Number(params.index);
  if (!Number.isInteger(index) || index < 1) throw new Response('Not Found', { status: 404 });
  return { owner: params.owner!, repo: params.repo!, index };
}

export async function loader({ params }: LoaderFunctionArgs) {
  const { owner, repo, index } = routeParams(params);
  void queryClient.prefetchInfiniteQuery(timelineQueries.list(owner, repo, index));
  await queryClient.ensureQueryData(issueDetailQueries.detail(owner, repo, index));
  return null;
}

export function Component() {
  const { owner, repo, index } = routeParams(useParams());
  const location = useLocation();
  const { data: issue } = useSuspenseQuery(issueDetailQueries.detail(owner, repo, index));
  const { data: repository } = useQuery(repoQueries.detail(owner, repo));
  const me = useCurrentUser();
  const timeline = useInfiniteQuery(timelineQueries.list(owner, repo, index));
  const editIssue = useEditIssue(owner, repo, index);
  const createComment = useCreateComment(owner, repo, index);
  const editComment = useEditComment(owner, repo, index);
  const deleteComment = useDeleteComment(owner, repo, index);
  const { mutateAsync: uploadAttachment } = useUploadAttachment(owner, repo, index);
  const { mutateAsync: deleteAttachment } = useDeleteAttachment(owner, repo, index);

  const canWrite = !!me && (!!repository?.permissions?.push || !!repository?.permissions?.admin || me.is_admin);
  const isAuthor = !!me && me.id === issue.user.id;
  const targetId = Number(/^#issuecomment-(\d+)$/.exec(location.hash)?.[1] ?? NaN);

  const items = useMemo(() => timeline.data?.pages.flatMap((p) => p.items) ?? [], [timeline.data]);
  const renderMarkdown = useCallback((source: string) => <MarkdownView source={source} references={{ owner, repo }} />, [owner, repo]);
  const renderLabel = useCallback((label: components['schemas']['Label']) => <LabelChip label={label} />, []);

  // Stable while the viewer's rights and the issue's author stay the same: the timeline's rows are
  // memoized on it, so a new function here would re-render (and re-parse) every visible comment.
  const { mutateAsync: saveComment } = editComment;
  const { mutateAsync: removeComment } = deleteComment;
  const issueAuthorId = issue.user.id;
  const issueLocked = issue.is_locked;
  const meId = me?.id;
  // Writers may change any comment; others their own, unless the issue is locked.
  const mayChange = useCallback(
    (author: User | null | undefined) => meId !== undefined && (canWrite || (!!author && author.id === meId && !issueLocked)),
    [meId, canWrite, issueLocked],
  );
  const renderComment = useCallback(
    (item: TimelineItem, highlighted: boolean): ReactNode => {
      const author = item.user?.id ? item.user : null;
      const mayChangeIt = mayChange(author);
      return (
        <CommentCard
          anchorId={`issuecomment-${item.id}`}
          user={author}
          createdAt={item.created_at}
          updatedAt={item.updated_at}
          body={item.body}
          assets={item.assets}
          badge={author && author.id === issueAuthorId ? 'Author' : undefined}
          canEdit={mayChangeIt}
          canDelete={mayChangeIt}
          onSave={(body) => saveComment({ id: item.id, body })}
          onDelete={() => removeComment(item.id)}
          onUploadAttachment={mayChangeIt ? (file) => uploadAttachment({ file, commentId: item.id }) : undefined}
          onDeleteAttachment={mayChangeIt ? (a) => deleteAttachment({ attachmentId: a.id, commentId: item.id }) : undefined}
          renderMarkdown={renderMarkdown}
          highlighted={highlighted}
        />
      );
    },
    [mayChange, issueAuthorId, saveComment, removeComment, uploadAttachment, deleteAttachment, renderMarkdown],
  );

  const participants = useMemo(() => {
    const seen = new Map<number, User>([[issue.user.id, issue.user]]);
    for (const it of items) if (it.type === 'comment' && it.user?.id) seen.set(it.user.id, it.user);
    return [...seen.values()];
  }, [issue.user, items]);

  const allAssets = useMemo(() => [...issue.assets, ...items.flatMap((it) => it.assets ?? [])], [issue.assets, items]);

  return (
    <div className="space-y-4">
      <IssueHeader owner={owner} repo={repo} issue={issue} canEdit={canWrite || isAuthor} />
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="min-w-0 space-y-2">
          <CommentCard
            noun="issue description"
            showEdited={false}
            user={issue.user}
            createdAt={issue.created_at}
            updatedAt={issue.updated_at}
            body={issue.body}
            assets={issue.assets}
            badge="Author"
            canEdit={mayChange(issue.user)}
            canDelete={false}
            onSave={(body) => editIssue.mutateAsync({ body })}
            onUploadAttachment={mayChange(issue.user) ? (file) => uploadAttachment({ file }) : undefined}
            onDeleteAttachment={mayChange(issue.user) ? (a) => deleteAttachment({ attachmentId: a.id }) : undefined}
            renderMarkdown={renderMarkdown}
          />
          {timeline.isPending ? (
            <Spinner label="Loading timeline" />
          ) : timeline.isError ? (
            <ErrorNotice error={timeline.error} />
          ) : (
            <Timeline
              items={items}
              owner={owner}
              repo={repo}
              renderLabel={renderLabel}
              renderComment={renderComment}
              hasNextPage={timeline.hasNextPage}
              isFetchingNextPage={timeline.isFetchingNextPage}
              fetchNextPage={timeline.fetchNextPage}
              targetId={Number.isNaN(targetId) ? null : targetId}
            />
          )}
          <div className="border-t border-gray-200 pt-4 dark:border-gray-800">
            <CommentBox
              signedIn={!!me}
              signInHref={paths.signIn.href(location.pathname)}
              locked={issue.is_locked}
              isMaintainer={canWrite}
              canChangeState={canWrite || isAuthor}
              state={issue.state}
              renderMarkdown={renderMarkdown}
              onComment={(body) => createComment.mutateAsync(body)}
              onChangeState={async (state, body) => {
                const posted = body.trim() ? await createComment.mutateAsync(body) : null;
                await editIssue.mutateAsync({ state });
                return posted;
              }}
              onUpload={(commentId, file) => uploadAttachment({ file, commentId })}
              onEditComment={(id, body) => saveComment({ id, body })}
            />
          </div>
        </div>
        <IssueSidebar
          owner={owner}
          repo={repo}
          issue={issue}
          canWrite={canWrite}
          participants={participants}
          attachments={
            <IssueSidebarSection title="Attachments">
              {allAssets.length ? <AttachmentLinks assets={allAssets} label="Attachments of this issue" /> : <p className="text-gray-500 dark:text-gray-400">No files</p>}
            </IssueSidebarSection>
          }
        />
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteError;
