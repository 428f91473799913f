// The box at the bottom of an issue or pull request: write a comment, or close/reopen (with the comment). Signed-out
// readers get a sign-in link; on a locked issue only maintainers may write. Text survives failures.
//
// Files: the API attaches files to a comment that exists, so picked/dropped/pasted files wait in
// the box, upload one by one once the comment is posted, and a failure keeps the comment and
// offers Retry. Uploaded images are then linked into the comment's Markdown (one edit per batch),
// so they show where people expect them; other files appear in the comment's attachment list.
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorNotice } from '@/components/ui/error-notice';
import { errorMessage } from '@/lib/api/api-error';
import { MarkdownEditor } from './markdown-editor';
import { AttachFilesButton } from './attach-files-button';
import { UploadList } from './upload-list';
import { useUploadQueue, type Attachment, type UploadItem } from '../lib/use-upload-queue';
import { imageMarkdown, isImageName } from '../lib/attachment-files';
import { UNKNOWN_LIMITS, acceptOf, limitHint, type AttachmentLimits } from '@/lib/api/attachment-settings';

/** What the box needs of a comment it posted, to attach files to it. */
export interface PostedComment {
  id: number;
  body: string;
}

export interface CommentBoxProps {
  signedIn: boolean;
  signInHref: string;
  locked: boolean;
  /** Writers and admins: may comment on locked issues and close/reopen any issue. */
  isMaintainer: boolean;
  /** Who may close/reopen: maintainers and the author. */
  canChangeState: boolean;
  state: 'open' | 'closed';
  onComment: (body: string) => Promise<PostedComment>;
  /** Changes the state, after posting `body` as a comment when it is not empty; resolves to that comment. */
  onChangeState: (state: 'open' | 'closed', body: string) => Promise<PostedComment | null | void>;
  /** Uploads a file to a posted comment; without it the box takes no files. */
  onUpload?: (commentId: number, file: File) => Promise<Attachment>;
  /** The server's rules for attachments (GET /settings/attachment); absent when unknown. */
  attachmentLimits?: AttachmentLimits;
  /** Saves a comment's new body (to link uploaded images into it). */
  onEditComment?: (commentId: number, body: string) => Promise<unknown>;
  renderMarkdown: (source: string) => ReactNode;
  /** What the conversation is about, for the close button: "issue" (default) or "pull request". */
  noun?: string;
}

const notice = 'rounded-lg border border-gray-200 bg-gray-50 px-4 py-3 text-sm text-gray-700 dark:border-gray-800 dark:bg-gray-900 dark:text-gray-300';

export function CommentBox(props: CommentBoxProps) {
  const { signedIn, signInHref, locked, isMaintainer } = props;
  if (!signedIn) {
    return (
      <p className={notice}>
        <Link to={signInHref} className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
          Sign in
        </Link>{' '}
        to join this conversation.
      </p>
    );
  }
  if (locked && !isMaintainer) {
    return <p className={notice}>This conversation is locked. Only collaborators can comment.</p>;
  }
  return <CommentForm {...props} />;
}

function CommentForm({
  locked,
  canChangeState,
  state,
  onComment,
  onChangeState,
  onUpload,
  onEditComment,
  renderMarkdown,
  noun = 'issue',
  attachmentLimits = UNKNOWN_LIMITS,
}: CommentBoxProps) {
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState<null | 'comment' | 'state'>(null);
  const [error, setError] = useState<unknown>(null);
  const [linkError, setLinkError] = useState<unknown>(null);
  const queue = useUploadQueue(attachmentLimits);
  // Each posted comment's latest body, and one chain of edits, so a retried image never
  // overwrites the link another upload just added.
  const bodies = useRef(new Map<number, string>());
  const edits = useRef<Promise<unknown>>(Promise.resolve());

  const linkImages = (commentId: number, images: Attachment[]) => {
    if (!images.length || !onEditComment) return;
    edits.current = edits.current.then(async () => {
      const before = bodies.current.get(commentId) ?? '';
      const next = `${before}\n\n${images.map((a) => imageMarkdown(a.name, a.browser_download_url)).join('\n')}`;
      try {
        await onEditComment(commentId, next);
        bodies.current.set(commentId, next);
        setLinkError(null);
      } catch (e) {
        setLinkError(e);
      }
    });
  };

  const uploadTo = async (commentId: number, items: UploadItem[]) => {
    if (!onUpload) return;
    queue.assign(
      items.map((i) => i.key),
      commentId,
    );
    const images: Attachment[] = [];
    // One at a time: the comment lists its files in the order they were picked.
    for (const item of items) {
      const a = await queue.upload(item, (f) => onUpload(commentId, f), commentId);
      if (a && isImageName(a.name)) images.push(a);
    }
    linkImages(commentId, images);
  };

  const retry = async (item: UploadItem) => {
    if (!onUpload || item.commentId === undefined) return;
    const commentId = item.commentId;
    const a = await queue.upload(item, (f) => onUpload(commentId, f));
    if (a && isImageName(a.name)) linkImages(commentId, [a]);
  };

  const run = async (kind: 'comment' | 'state', action: () => Promise<PostedComment | null | void>) => {
    const files = queue.queued;
    setBusy(kind);
    setError(null);
    let posted: PostedComment | null | void;
    try {
      posted = await action();
      setBody('');
    } catch (e) {
      setError(e);
      return;
    } finally {
      setBusy(null);
    }
    if (posted) {
      bodies.current.set(posted.id, posted.body);
      if (files.length) await uploadTo(posted.id, files);
    }
  };
  const comment = () => {
    if (!body.trim() || busy) return;
    void run('comment', () => onComment(body));
  };
  const toggle = () => void run('state', () => onChangeState(state === 'open' ? 'closed' : 'open', body));
  const hasText = body.trim() !== '';
  const stateLabel = state === 'open' ? (hasText ? 'Close with comment' : `Close ${noun}`) : hasText ? 'Reopen with comment' : 'Reopen';
  const takeFiles = onUpload ? (files: File[]) => void queue.add(files) : undefined;

  return (
    <form
      aria-label="Add a comment"
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        comment();
      }}
    >
      {locked && <p className="text-xs text-gray-500 dark:text-gray-400">This conversation is locked; you can still comment as a collaborator.</p>}
      <MarkdownEditor
        label="Comment"
        hideLabel
        value={body}
        onChange={setBody}
        onSubmit={comment}
        disabled={busy !== null}
        placeholder="Leave a comment"
        preview={renderMarkdown}
        onFiles={takeFiles}
        toolbar={
          takeFiles && (
            <AttachFilesButton
              onFiles={takeFiles}
              disabled={busy !== null}
              hint={limitHint(attachmentLimits.maxBytes)}
              accept={acceptOf(attachmentLimits.allowedTypes)}
            />
          )
        }
      />
      <UploadList items={queue.items} onRetry={(i) => void retry(i)} onRemove={(i) => queue.remove(i.key)} />
      <ErrorNotice error={error} />
      {linkError ? (
        <ErrorNotice error={new Error(`The files were attached, but linking the images into the comment failed: ${errorMessage(linkError)}`)} />
      ) : null}
      <div className="flex flex-wrap items-center justify-end gap-2">
        {queue.queued.length > 0 && !hasText && <p className="mr-auto text-xs text-gray-500 dark:text-gray-400">Write a comment to attach the files to.</p>}
        {canChangeState && (
          <Button onClick={toggle} disabled={busy !== null}>
            {busy === 'state' ? 'Saving…' : stateLabel}
          </Button>
        )}
        <Button type="submit" variant="primary" disabled={!hasText || busy !== null}>
          {busy === 'comment' ? 'Commenting…' : 'Comment'}
        </Button>
      </div>
    </form>
  );
}
