// An inline thread: its comments and a reply box. Drawn between the diff rows on Files changed
// and under its review in the conversation (there with the diff hunk it was made on). An outdated
// thread shows its hunk too, since the line it was on is gone from the diff, and takes no reply:
// a reply lands on the same line number of the current diff, which is another line by now.
import { useState } from 'react';
import type { RenderMarkdown, ReviewEditor } from '../lib/review-editor';
import type { ReviewThread } from '../lib/review-threads';
import { rangeLabel } from '../lib/line-range';
import { CommentComposer, type CommentMode } from './comment-composer';
import { DiffHunk } from './diff-hunk';
import { ReviewCommentView } from './review-comment';
import { Tag } from './review-state';

export interface ReplyOptions {
  hasPending: boolean;
  onReply: (thread: ReviewThread, mode: CommentMode, text: string) => Promise<unknown>;
  Editor: ReviewEditor;
  drafts?: Map<string, string>;
}

export interface ReviewThreadViewProps {
  thread: ReviewThread;
  renderMarkdown: RenderMarkdown;
  /** Show the diff hunk above the comments (the conversation, or an outdated thread). */
  showHunk?: boolean;
  /** Show the file path in the header (the conversation). */
  showPath?: boolean;
  /** Signed-in viewers get a reply box. */
  reply?: ReplyOptions;
}

export function ReviewThreadView({ thread, renderMarkdown, showHunk = false, showPath = false, reply }: ReviewThreadViewProps) {
  const [replying, setReplying] = useState(() => !!reply?.drafts?.get(`reply:${thread.key}`));
  const first = thread.comments[0];
  // A range comment sits on the range's last line and names the range in its body ("Lines 20–24"):
  // the thread is named by the whole range, and its excerpt shows all of it.
  const start = thread.rangeStart ?? thread.line;
  const lines = rangeLabel({ side: thread.side, start, end: thread.line });
  const where = `${lines} of ${thread.path}`;
  const hunk = (showHunk || thread.outdated) && first?.diff_hunk;
  // Unique on the page (axe landmark-unique): two reviews may each start a thread on one line, even
  // by the same person, so the first comment's id joins its author.
  const started = first ? `, started by ${first.user?.login ?? 'Ghost'} (comment ${first.id})` : '';
  return (
    <section
      aria-label={`Thread on ${where}${started}`}
      className="overflow-hidden rounded-lg border border-gray-200 bg-white font-sans dark:border-gray-700 dark:bg-gray-900"
    >
      {(showPath || thread.outdated) && (
        <header className="flex flex-wrap items-center gap-2 border-b border-gray-200 bg-gray-50 px-3 py-1.5 text-xs dark:border-gray-700 dark:bg-gray-800/60">
          {showPath && <span className="min-w-0 truncate font-mono font-medium text-gray-800 dark:text-gray-200">{thread.path}</span>}
          {showPath && !thread.outdated && thread.line > 0 && <span className="text-gray-600 dark:text-gray-400">{lines}</span>}
          {thread.outdated && <Tag>Outdated</Tag>}
          {thread.outdated && !showPath && <span className="text-gray-500 dark:text-gray-400">was on {lines}</span>}
        </header>
      )}
      {hunk && (
        <div className="border-b border-gray-200 dark:border-gray-700">
          <DiffHunk hunk={hunk} side={thread.side} line={thread.line} from={start} />
        </div>
      )}
      <div className="divide-y divide-gray-100 dark:divide-gray-800">
        {thread.comments.map((c) => (
          <ReviewCommentView key={c.id} comment={c} renderMarkdown={renderMarkdown} />
        ))}
      </div>
      {reply && !thread.outdated && (
        <div className="border-t border-gray-200 bg-gray-50 dark:border-gray-700 dark:bg-gray-800/40">
          {replying ? (
            <CommentComposer
              label={`Reply on ${where}`}
              hasPending={reply.hasPending}
              onSubmit={async (mode, text) => {
                await reply.onReply(thread, mode, text);
                setReplying(false);
              }}
              onCancel={() => setReplying(false)}
              Editor={reply.Editor}
              renderMarkdown={renderMarkdown}
              drafts={reply.drafts}
              draftKey={`reply:${thread.key}`}
            />
          ) : (
            <div className="p-2">
              <button
                type="button"
                onClick={() => setReplying(true)}
                className="block w-full rounded-md border border-gray-300 bg-white px-3 py-1.5 text-left text-sm text-gray-500 hover:border-indigo-400 focus:ring-2 focus:ring-indigo-500 focus:outline-none dark:border-gray-700 dark:bg-gray-900 dark:text-gray-400"
              >
                Reply…
              </button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
