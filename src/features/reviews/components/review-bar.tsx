// The bar above the diff on Files changed, sticky from md up: the view toggles the page passes in,
// the count of the viewer's draft comments, "Review changes" (a dialog: Markdown body and Comment /
// Approve / Request changes) and discarding the draft review. It renders from the review data
// alone, so it is usable before the diff has been drawn. The pull request's author may only
// comment (as Gitea).
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { ErrorNotice } from '@/components/ui/error-notice';
import type { RenderMarkdown, ReviewEditor } from '../lib/review-editor';

export type ReviewEvent = 'COMMENT' | 'APPROVED' | 'REQUEST_CHANGES';

export interface ReviewBarProps {
  /** Left side: diff view toggles and the like. */
  children?: ReactNode;
  /** Signed out: where to sign in; signed in: the viewer's draft review and rights (isOpen null until the pull request is known). */
  viewer: { signInHref: string } | { pendingCount: number; hasPending: boolean; isAuthor: boolean; isOpen: boolean | null };
  onSubmit: (event: ReviewEvent, body: string) => Promise<unknown>;
  onDiscard: () => Promise<unknown>;
  Editor: ReviewEditor;
  renderMarkdown: RenderMarkdown;
}

const choices: { event: ReviewEvent; label: string; hint: string }[] = [
  { event: 'COMMENT', label: 'Comment', hint: 'Submit general feedback without explicit approval.' },
  { event: 'APPROVED', label: 'Approve', hint: 'Give your approval to merge these changes.' },
  { event: 'REQUEST_CHANGES', label: 'Request changes', hint: 'Feedback that must be addressed before merging.' },
];

export function ReviewBar({ children, viewer, onSubmit, onDiscard, Editor, renderMarkdown }: ReviewBarProps) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const [discardError, setDiscardError] = useState<unknown>(null);
  // Here, not in the form: the dialog unmounts its content when closed, and what was written must stay.
  const [body, setBody] = useState('');
  const [event, setEvent] = useState<ReviewEvent>('COMMENT');

  const discard = async () => {
    setDiscarding(true);
    setDiscardError(null);
    try {
      await onDiscard();
      setConfirming(false);
    } catch (e) {
      setDiscardError(e);
    } finally {
      setDiscarding(false);
    }
  };

  return (
    <div
      role="toolbar"
      aria-label="Review"
      className="z-20 -mx-1 flex flex-wrap items-center gap-2 border-b border-gray-200 bg-white/95 px-1 py-2 backdrop-blur md:sticky md:top-0 md:min-h-12 dark:border-gray-800 dark:bg-gray-950/95"
    >
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">{children}</div>
      {'signInHref' in viewer ? (
        <Link to={viewer.signInHref} className="text-sm font-medium text-indigo-600 hover:underline dark:text-indigo-400">
          Sign in to review
        </Link>
      ) : (
        <div className="flex items-center gap-2">
          {viewer.hasPending && (
            <>
              <span className="text-sm text-gray-600 dark:text-gray-300" aria-live="polite">
                {viewer.pendingCount === 1 ? '1 pending comment' : `${viewer.pendingCount} pending comments`}
              </span>
              <Button size="sm" variant="ghost" onClick={() => (setDiscardError(null), setConfirming(true))}>
                Discard review
              </Button>
            </>
          )}
          <Button size="sm" variant="primary" onClick={() => setOpen(true)} aria-haspopup="dialog">
            {viewer.hasPending ? 'Finish your review' : 'Review changes'}
            {viewer.hasPending && <span className="rounded-full bg-white/25 px-1.5 text-xs">{viewer.pendingCount}</span>}
          </Button>
          <Dialog open={open} onClose={() => setOpen(false)} title={viewer.hasPending ? 'Finish your review' : 'Review changes'}>
            <ReviewForm
              canDecide={!viewer.isAuthor && viewer.isOpen === true}
              isAuthor={viewer.isAuthor}
              isOpen={viewer.isOpen}
              hasPending={viewer.hasPending}
              pendingCount={viewer.pendingCount}
              body={body}
              setBody={setBody}
              event={event}
              setEvent={setEvent}
              onSubmit={async (chosen) => {
                await onSubmit(chosen, body);
                setOpen(false);
                setBody('');
                setEvent('COMMENT');
              }}
              onCancel={() => setOpen(false)}
              Editor={Editor}
              renderMarkdown={renderMarkdown}
            />
          </Dialog>
          <ConfirmDialog
            open={confirming}
            onClose={() => setConfirming(false)}
            title="Discard review?"
            confirmLabel="Discard review"
            pendingLabel="Discarding…"
            danger
            pending={discarding}
            error={discardError}
            onConfirm={() => void discard()}
          >
            Your pending review and its {viewer.pendingCount === 1 ? 'comment' : `${viewer.pendingCount} comments`} will be deleted. This cannot be undone.
          </ConfirmDialog>
        </div>
      )}
    </div>
  );
}

function ReviewForm({
  canDecide,
  isAuthor,
  isOpen,
  hasPending,
  pendingCount,
  body,
  setBody,
  event,
  setEvent,
  onSubmit,
  onCancel,
  Editor,
  renderMarkdown,
}: {
  canDecide: boolean;
  isAuthor: boolean;
  isOpen: boolean | null;
  hasPending: boolean;
  pendingCount: number;
  body: string;
  setBody: (body: string) => void;
  event: ReviewEvent;
  setEvent: (event: ReviewEvent) => void;
  onSubmit: (event: ReviewEvent) => Promise<unknown>;
  onCancel: () => void;
  Editor: ReviewEditor;
  renderMarkdown: RenderMarkdown;
}) {
  const name = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const available = choices.filter((c) => c.event === 'COMMENT' || canDecide);
  // The author cannot approve: a choice kept from before (or a stale page) falls back to Comment.
  const chosen = available.some((c) => c.event === event) ? event : 'COMMENT';

  const submit = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(chosen);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Editor
        label="Review summary"
        value={body}
        onChange={setBody}
        onSubmit={() => void submit()}
        disabled={busy}
        preview={renderMarkdown}
        rows={5}
        autoFocus
        placeholder="Leave a comment"
      />
      <fieldset className="space-y-2">
        <legend className="sr-only">Review decision</legend>
        {available.map((c) => (
          <label key={c.event} className="flex cursor-pointer items-start gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={c.event}
              checked={chosen === c.event}
              onChange={() => setEvent(c.event)}
              disabled={busy}
              className="mt-0.5"
            />
            <span>
              <span className="font-medium">{c.label}</span>
              <span className="block text-xs text-gray-500 dark:text-gray-400">{c.hint}</span>
            </span>
          </label>
        ))}
        {isAuthor ? (
          <p className="text-xs text-gray-500 dark:text-gray-400">You opened this pull request, so you can comment but not approve or request changes.</p>
        ) : (
          isOpen === false && <p className="text-xs text-gray-500 dark:text-gray-400">This pull request is closed: a review can only comment.</p>
        )}
      </fieldset>
      {hasPending && (
        <p className="text-xs text-gray-500 dark:text-gray-400">
          {pendingCount === 1 ? 'Your pending comment is' : `Your ${pendingCount} pending comments are`} submitted with this review.
        </p>
      )}
      <ErrorNotice error={error} />
      <div className="flex justify-end gap-2">
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? 'Submitting…' : 'Submit review'}
        </Button>
      </div>
    </form>
  );
}
