// Writes an inline comment (on new lines or as a reply). Without a pending review: "Add single
// comment" (posted at once as a COMMENT review) or "Start a review"; with one: "Add review
// comment" only, since a single comment would submit the whole draft review with it (Gitea).
// The text survives a failed request, and a `drafts` map keeps it while the diff releases the file.
import { useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api/api-error';
import type { RenderMarkdown, ReviewEditor } from '../lib/review-editor';
import { SuggestButton } from './suggest-button';

export type CommentMode = 'single' | 'review';

export interface CommentComposerProps {
  /** The textarea's accessible name, e.g. "Comment on lines 3–5 of src/app.ts". */
  label: string;
  /** Shown above the editor. */
  caption?: ReactNode;
  hasPending: boolean;
  onSubmit: (mode: CommentMode, text: string) => Promise<unknown>;
  onCancel: () => void;
  Editor: ReviewEditor;
  renderMarkdown: RenderMarkdown;
  autoFocus?: boolean;
  /** Where unsent text waits (keyed by draftKey) when the composer unmounts. */
  drafts?: Map<string, string>;
  draftKey?: string;
  /** The commented lines of the new file, for "Suggest a change" (absent: no such button). */
  suggestLines?: () => Promise<string>;
}

export function CommentComposer({
  label,
  caption,
  hasPending,
  onSubmit,
  onCancel,
  Editor,
  renderMarkdown,
  autoFocus = true,
  drafts,
  draftKey,
  suggestLines,
}: CommentComposerProps) {
  const [text, setTextState] = useState(() => (draftKey && drafts?.get(draftKey)) || '');
  const [busy, setBusy] = useState<CommentMode | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busyRef = useRef(false);
  const setText = (t: string) => {
    setTextState(t);
    if (draftKey && drafts) {
      if (t) drafts.set(draftKey, t);
      else drafts.delete(draftKey);
    }
  };

  const submit = async (mode: CommentMode) => {
    if (busyRef.current) return;
    if (!text.trim()) {
      setError('A comment cannot be empty.');
      return;
    }
    busyRef.current = true;
    setBusy(mode);
    setError(null);
    try {
      await onSubmit(mode, text);
      setText('');
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      busyRef.current = false;
      setBusy(null);
    }
  };

  const cancel = () => {
    setText('');
    onCancel();
  };

  return (
    <div className="space-y-2 p-3">
      {caption && <p className="text-xs font-medium text-gray-600 dark:text-gray-300">{caption}</p>}
      {suggestLines && <SuggestButton text={text} setText={setText} suggestLines={suggestLines} setError={setError} />}
      <Editor
        label={label}
        hideLabel
        value={text}
        onChange={setText}
        onSubmit={() => void submit(hasPending ? 'review' : 'single')}
        disabled={busy !== null}
        preview={renderMarkdown}
        error={error}
        rows={4}
        autoFocus={autoFocus}
        placeholder="Leave a comment"
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Button size="sm" onClick={cancel} disabled={busy !== null}>
          Cancel
        </Button>
        {hasPending ? (
          <Button size="sm" variant="primary" onClick={() => void submit('review')} disabled={busy !== null}>
            {busy === 'review' ? 'Adding…' : 'Add review comment'}
          </Button>
        ) : (
          <>
            <Button size="sm" onClick={() => void submit('single')} disabled={busy !== null}>
              {busy === 'single' ? 'Adding…' : 'Add single comment'}
            </Button>
            <Button size="sm" variant="primary" onClick={() => void submit('review')} disabled={busy !== null}>
              {busy === 'review' ? 'Starting…' : 'Start a review'}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
