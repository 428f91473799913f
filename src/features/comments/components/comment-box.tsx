// The box at the bottom of an issue: write a comment, or close/reopen (with the comment). Signed-out
// readers get a sign-in link; on a locked issue only maintainers may write. Text survives failures.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ErrorNotice } from '@/components/ui/error-notice';
import { MarkdownEditor } from './markdown-editor';

export interface CommentBoxProps {
  signedIn: boolean;
  signInHref: string;
  locked: boolean;
  /** Writers and admins: may comment on locked issues and close/reopen any issue. */
  isMaintainer: boolean;
  /** Who may close/reopen: maintainers and the author. */
  canChangeState: boolean;
  state: 'open' | 'closed';
  onComment: (body: string) => Promise<unknown>;
  /** Changes the state, after posting `body` as a comment when it is not empty. */
  onChangeState: (state: 'open' | 'closed', body: string) => Promise<unknown>;
  renderMarkdown: (source: string) => ReactNode;
}

const notice = 'rounded-lg border border-gray-200 bg-gray-50 px-4 py-3 text-sm text-gray-700 dark:border-gray-800 dark:bg-gray-900 dark:text-gray-300';

export function CommentBox({ signedIn, signInHref, locked, isMaintainer, canChangeState, state, onComment, onChangeState, renderMarkdown }: CommentBoxProps) {
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState<null | 'comment' | 'state'>(null);
  const [error, setError] = useState<unknown>(null);

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

  const run = async (kind: 'comment' | 'state', action: () => Promise<unknown>) => {
    setBusy(kind);
    setError(null);
    try {
      await action();
      setBody('');
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
    }
  };
  const comment = () => {
    if (!body.trim() || busy) return;
    void run('comment', () => onComment(body));
  };
  const toggle = () => void run('state', () => onChangeState(state === 'open' ? 'closed' : 'open', body));
  const hasText = body.trim() !== '';
  const stateLabel = state === 'open' ? (hasText ? 'Close with comment' : 'Close issue') : hasText ? 'Reopen with comment' : 'Reopen';

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
      <MarkdownEditor label="Comment" hideLabel value={body} onChange={setBody} onSubmit={comment} disabled={busy !== null} placeholder="Leave a comment" preview={renderMarkdown} />
      <ErrorNotice error={error} />
      <div className="flex flex-wrap justify-end gap-2">
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
