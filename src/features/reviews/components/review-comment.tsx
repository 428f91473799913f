// One inline review comment: who, when, "Pending" while it is a draft, and its Markdown. A range
// comment's "Lines 3–5" first line shows as a caption rather than as part of the text.
import { memo } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { RelativeTime } from '@/components/ui/relative-time';
import { paths } from '@/lib/paths';
import { splitRangeBody } from '../lib/line-range';
import type { RenderMarkdown } from '../lib/review-editor';
import type { ThreadComment } from '../lib/review-threads';
import { Tag } from './review-state';
import { CommentBodyWithSuggestions } from './suggestion-block';

export const ReviewCommentView = memo(function ReviewCommentView({ comment, renderMarkdown }: { comment: ThreadComment; renderMarkdown: RenderMarkdown }) {
  const login = comment.user?.login ?? 'Ghost';
  const range = splitRangeBody(comment.body);
  const text = range ? range.text : comment.body;
  const pending = comment.review?.state === 'PENDING';
  return (
    <article aria-label={`Review comment by ${login}`} className="flex min-w-0 gap-2 px-3 py-2.5">
      <Avatar src={comment.user?.avatar_url} name={login} size={24} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm">
          {comment.user ? (
            <Link to={paths.user.href(comment.user.login)} className="font-semibold text-gray-900 hover:underline dark:text-gray-100">
              {login}
            </Link>
          ) : (
            <span className="font-semibold">{login}</span>
          )}
          <span className="text-gray-500 dark:text-gray-400">
            <RelativeTime date={comment.created_at} />
          </span>
          {pending && <Tag tone="amber">Pending</Tag>}
        </div>
        {range && (
          <p className="mt-0.5 text-xs text-gray-500 dark:text-gray-400">
            Comment on lines {range.start}–{range.end}
          </p>
        )}
        <div className="mt-1 min-w-0 text-sm">
          {text.trim() ? <CommentBodyWithSuggestions comment={comment} text={text} renderMarkdown={renderMarkdown} /> : null}
        </div>
      </div>
    </article>
  );
});
