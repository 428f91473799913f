// One conversation, as the issue page and the pull request's Conversation tab both draw it: the
// opening post, the windowed timeline, whatever the page puts before the comment box (a merge box),
// the comment box, and the page's sidebar beside it. It composes comments (timeline, cards,
// editor, their hooks), Markdown and label chips, so neither page copies the other.
import { useCallback, useMemo, type ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { useCurrentUser } from '@/features/auth/api/auth-queries';
import { timelineQueries } from '@/features/comments/api/timeline-queries';
import { useCreateComment } from '@/features/comments/api/use-create-comment';
import { useEditComment } from '@/features/comments/api/use-edit-comment';
import { useDeleteComment } from '@/features/comments/api/use-delete-comment';
import { useUploadAttachment } from '@/features/comments/api/use-upload-attachment';
import { useDeleteAttachment } from '@/features/comments/api/use-delete-attachment';
import { CommentCard } from '@/features/comments/components/comment-card';
import { CommentBox } from '@/features/comments/components/comment-box';
import { Timeline, type TimelineProps } from '@/features/comments/components/timeline';
import { AttachmentLinks } from '@/features/comments/components/attachment-links';
import type { TimelineItem } from '@/features/comments/lib/timeline-events';
import { IssueSidebarSection } from '@/features/issues/components/issue-sidebar-section';
import { LabelChip } from '@/features/issues/components/label-chip';
import { MarkdownView } from '@/features/markdown/components/markdown-view';
import { ReactionsBar } from '@/features/reactions/components/reactions-bar';
import { NewCommentsPill } from '@/features/live/components/new-comments-pill';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/lib/paths';
import { useAttachmentLimits } from '@/lib/api/attachment-settings';
import type { components } from '@/lib/api/schema';

type User = components['schemas']['User'];
type Issue = components['schemas']['Issue'];
type Label = components['schemas']['Label'];

export interface ConversationExtras {
  participants: User[];
  /** The Attachments section (the opening post's and every comment's files). */
  attachments: ReactNode;
}

export interface ConversationProps {
  owner: string;
  repo: string;
  /** The issue, or the pull request read as an issue (GET /issues/{index} answers both). */
  issue: Issue;
  /** Writers (push) and admins: may change any comment, comment on locked conversations. */
  canWrite: boolean;
  /** Who may close/reopen; writers and the author when not given. A merged pull request: nobody. */
  canChangeState?: boolean;
  /** "issue" or "pull request", for the words of the timeline and the close button. */
  noun?: 'issue' | 'pull request';
  /** Saves the opening post's new body (the page's edit mutation). */
  onSaveBody: (body: string) => Promise<unknown>;
  /** Changes the state (close/reopen) with the page's edit mutation. */
  onChangeState: (state: 'open' | 'closed') => Promise<unknown>;
  /** Draws timeline items of the page's own (e.g. reviews); keep it stable (useCallback). */
  renderItem?: TimelineProps['renderItem'];
  /** Drawn between the timeline and the comment box: a pull request's merge box. */
  beforeCommentBox?: ReactNode;
  sidebar: (extras: ConversationExtras) => ReactNode;
}

export function Conversation({
  owner,
  repo,
  issue,
  canWrite,
  canChangeState,
  noun = 'issue',
  onSaveBody,
  onChangeState,
  renderItem,
  beforeCommentBox,
  sidebar,
}: ConversationProps) {
  const index = issue.number;
  const location = useLocation();
  const me = useCurrentUser();
  const timeline = useInfiniteQuery(timelineQueries.list(owner, repo, index));
  const createComment = useCreateComment(owner, repo, index);
  const { mutateAsync: saveComment } = useEditComment(owner, repo, index);
  const { mutateAsync: removeComment } = useDeleteComment(owner, repo, index);
  const { mutateAsync: uploadAttachment } = useUploadAttachment(owner, repo, index);
  const { mutateAsync: deleteAttachment } = useDeleteAttachment(owner, repo, index);
  // The site's attachment switch and size limit: no attach buttons when off, the limit shown and
  // checked before upload when the server tells it (a server without the setting: neither).
  const attachLimits = useAttachmentLimits();
  const attachOn = attachLimits.enabled;

  const isAuthor = !!me && me.id === issue.user.id;
  const targetId = Number(/^#issuecomment-(\d+)$/.exec(location.hash)?.[1] ?? NaN);

  const items = useMemo(() => timeline.data?.pages.flatMap((p) => p.items) ?? [], [timeline.data]);
  const commentIds = useMemo(
    () => (timeline.data ? items.filter((i) => i.type === 'comment').map((i) => ({ id: i.id, author: i.user?.login })) : undefined),
    [timeline.data, items],
  );
  const renderMarkdown = useCallback(
    (source: string, onTaskToggle?: (next: string) => void) => <MarkdownView source={source} references={{ owner, repo }} onTaskToggle={onTaskToggle} />,
    [owner, repo],
  );
  const renderLabel = useCallback((label: Label) => <LabelChip label={label} />, []);

  // Stable while the viewer's rights and the author stay the same: the timeline's rows are
  // memoized on it, so a new function here would re-render (and re-parse) every visible comment.
  const issueAuthorId = issue.user.id;
  const issueLocked = issue.is_locked;
  const meId = me?.id;
  // Writers may change any comment; others their own, unless the conversation is locked.
  const mayChange = useCallback(
    (author: User | null | undefined) => meId !== undefined && (canWrite || (!!author && author.id === meId && !issueLocked)),
    [meId, canWrite, issueLocked],
  );
  // Reactions: any signed-in reader, on a locked conversation only writers (Gitea).
  const canReact = !issueLocked || canWrite;
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
          onUploadAttachment={mayChangeIt && attachOn ? (file) => uploadAttachment({ file, commentId: item.id }) : undefined}
          attachmentLimits={attachLimits}
          onDeleteAttachment={mayChangeIt ? (a) => deleteAttachment({ attachmentId: a.id, commentId: item.id }) : undefined}
          renderMarkdown={renderMarkdown}
          highlighted={highlighted}
          footer={
            <ReactionsBar
              owner={owner}
              repo={repo}
              target={{ kind: 'comment', id: item.id }}
              me={me}
              canReact={canReact}
              subject={`comment by ${author?.login ?? 'ghost'}`}
            />
          }
        />
      );
    },
    [
      mayChange,
      issueAuthorId,
      saveComment,
      removeComment,
      uploadAttachment,
      deleteAttachment,
      renderMarkdown,
      owner,
      repo,
      me,
      canReact,
      attachOn,
      attachLimits,
    ],
  );

  const participants = useMemo(() => {
    const seen = new Map<number, User>([[issue.user.id, issue.user]]);
    for (const it of items) if ((it.type === 'comment' || it.type === 'review') && it.user?.id) seen.set(it.user.id, it.user);
    return [...seen.values()];
  }, [issue.user, items]);

  const allAssets = useMemo(() => [...issue.assets, ...items.flatMap((it) => it.assets ?? [])], [issue.assets, items]);
  const attachments = (
    <IssueSidebarSection title="Attachments">
      {allAssets.length ? (
        <AttachmentLinks assets={allAssets} label={`Attachments of this ${noun}`} />
      ) : (
        <p className="text-gray-500 dark:text-gray-400">No files</p>
      )}
    </IssueSidebarSection>
  );

  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_16rem]">
      <div className="min-w-0 space-y-2">
        <CommentCard
          noun={`${noun} description`}
          showEdited={false}
          user={issue.user}
          createdAt={issue.created_at}
          updatedAt={issue.updated_at}
          body={issue.body}
          assets={issue.assets}
          badge="Author"
          canEdit={mayChange(issue.user)}
          canDelete={false}
          onSave={onSaveBody}
          onUploadAttachment={mayChange(issue.user) && attachOn ? (file) => uploadAttachment({ file }) : undefined}
          attachmentLimits={attachLimits}
          onDeleteAttachment={mayChange(issue.user) ? (a) => deleteAttachment({ attachmentId: a.id }) : undefined}
          renderMarkdown={renderMarkdown}
          footer={<ReactionsBar owner={owner} repo={repo} target={{ kind: 'issue', index }} me={me} canReact={canReact} subject={`${noun} description`} />}
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
            noun={noun}
            renderLabel={renderLabel}
            renderComment={renderComment}
            renderItem={renderItem}
            hasNextPage={timeline.hasNextPage}
            isFetchingNextPage={timeline.isFetchingNextPage}
            fetchNextPage={timeline.fetchNextPage}
            targetId={Number.isNaN(targetId) ? null : targetId}
          />
        )}
        {beforeCommentBox}
        <div className="border-t border-gray-200 pt-4 dark:border-gray-800">
          <CommentBox
            signedIn={!!me}
            signInHref={paths.signIn.href(location.pathname)}
            locked={issue.is_locked}
            isMaintainer={canWrite}
            canChangeState={canChangeState ?? (canWrite || isAuthor)}
            state={issue.state}
            noun={noun}
            renderMarkdown={renderMarkdown}
            onComment={(body) => createComment.mutateAsync(body)}
            onChangeState={async (state, body) => {
              const posted = body.trim() ? await createComment.mutateAsync(body) : null;
              await onChangeState(state);
              return posted;
            }}
            onUpload={attachOn ? (commentId, file) => uploadAttachment({ file, commentId }) : undefined}
            attachmentLimits={attachLimits}
            onEditComment={(id, body) => saveComment({ id, body })}
          />
        </div>
      </div>
      {sidebar({ participants, attachments })}
      <NewCommentsPill owner={owner} repo={repo} index={index} me={me?.login} comments={commentIds} complete={!timeline.hasNextPage} />
    </div>
  );
}
