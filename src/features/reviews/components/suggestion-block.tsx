// A suggested change inside a review comment: the lines it replaces (red) and the new ones (green),
// as GitHub shows them, with "Apply suggestion" and "Add to batch" for whoever may push to the
// head branch, or "Applied in <sha>" once it is in.
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api/api-error';
import { hasSuggestion, hunkNewLines, splitSuggestions } from '../lib/suggestion';
import type { ThreadComment } from '../lib/review-threads';
import { commentPlace } from '../lib/review-threads';
import { splitRangeBody } from '../lib/line-range';
import { useSuggestionActions, type SuggestionItem } from './suggestion-context';

export function suggestionItem(comment: ThreadComment, replacement: string): SuggestionItem {
  const range = splitRangeBody(comment.body);
  const line = commentPlace(comment).line;
  return { comment, start: range ? range.start : line, end: range ? range.end : line, replacement };
}

const row = 'block whitespace-pre-wrap break-all px-3 font-mono text-xs leading-5';

export function SuggestionBlock({ comment, replacement }: { comment: ThreadComment; replacement: string }) {
  const actions = useSuggestionActions();
  const item = suggestionItem(comment, replacement);
  const old = hunkNewLines(comment.diff_hunk ?? '', item.end - item.start + 1);
  const added = replacement === '' ? [] : replacement.split('\n');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const applied = actions?.appliedIn(comment.id) ?? null;
  const inBatch = !!actions?.batch.some((b) => b.comment.id === comment.id);
  const pending = comment.review?.state === 'PENDING';

  const apply = async () => {
    if (!actions) return;
    setBusy(true);
    setError(null);
    try {
      await actions.apply([item]);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <figure aria-label="Suggested change" className="my-2 overflow-hidden rounded-md border border-gray-200 dark:border-gray-700">
      <figcaption className="flex flex-wrap items-center gap-2 border-b border-gray-200 bg-gray-50 px-3 py-1.5 text-xs font-medium dark:border-gray-700 dark:bg-gray-800/60">
        <span>Suggested change</span>
        {applied && (
          <span className="rounded-full bg-purple-100 px-2 py-0.5 text-purple-800 dark:bg-purple-950 dark:text-purple-200">
            Applied in {applied.slice(0, 10)}
          </span>
        )}
      </figcaption>
      <div role="group" aria-label="Change" className="py-1">
        {old.map((l, i) => (
          <del key={`o${i}`} className={`${row} bg-red-50 text-red-900 no-underline dark:bg-red-950/60 dark:text-red-200`}>
            <span aria-hidden="true">- </span>
            <span className="sr-only">Removed: </span>
            {l}
          </del>
        ))}
        {added.map((l, i) => (
          <ins key={`n${i}`} className={`${row} bg-green-50 text-green-900 no-underline dark:bg-green-950/60 dark:text-green-200`}>
            <span aria-hidden="true">+ </span>
            <span className="sr-only">Added: </span>
            {l}
          </ins>
        ))}
      </div>
      {actions && !applied && !pending && (
        <div className="flex flex-wrap items-center gap-2 border-t border-gray-200 px-3 py-2 dark:border-gray-700">
          {actions.canApply ? (
            <>
              <Button size="sm" variant="primary" disabled={busy || inBatch} onClick={() => void apply()}>
                {busy ? 'Applying…' : 'Apply suggestion'}
              </Button>
              <Button size="sm" onClick={() => actions.toggleBatch(item)} aria-pressed={inBatch}>
                {inBatch ? 'Remove from batch' : 'Add to batch'}
              </Button>
            </>
          ) : (
            <p className="text-xs text-gray-600 dark:text-gray-400">{actions.cannotApplyReason}</p>
          )}
          {error && (
            <p role="alert" className="w-full text-sm text-red-600 dark:text-red-400">
              {error}
            </p>
          )}
        </div>
      )}
    </figure>
  );
}

/** A review comment's text: Markdown, with its suggestion blocks drawn as changes. */
export function CommentBodyWithSuggestions({
  comment,
  text,
  renderMarkdown,
}: {
  comment: ThreadComment;
  text: string;
  renderMarkdown: (s: string) => ReactNode;
}) {
  if (!hasSuggestion(text)) return <>{renderMarkdown(text)}</>;
  return (
    <>
      {splitSuggestions(text).map((p, i) =>
        p.kind === 'markdown' ? <div key={i}>{renderMarkdown(p.text)}</div> : <SuggestionBlock key={i} comment={comment} replacement={p.text} />,
      )}
    </>
  );
}
