// /{owner}/{repo}/pulls/{index}/files: the pull request's diff (diff engine) with its review
// threads between the rows, line/range comments, and the review bar. Composes diff, pulls,
// reviews, comments (the Markdown editor) and markdown; view options live in the URL.
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams, type LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../query-client';
import { RouteError } from '../layout/route-error';
import { useCurrentUser } from '@/features/auth/api/auth-queries';
import { pullQueries, type WhitespaceMode } from '@/features/pulls/api/pull-queries';
import { reviewQueries } from '@/features/reviews/api/review-queries';
import { useCreateReview } from '@/features/reviews/api/use-create-review';
import { useSubmitReview } from '@/features/reviews/api/use-submit-review';
import { useDeleteReview } from '@/features/reviews/api/use-delete-review';
import { ReviewBar, type ReviewEvent } from '@/features/reviews/components/review-bar';
import { ReviewThreadView, type ReplyOptions } from '@/features/reviews/components/review-thread';
import { CommentComposer, type CommentMode } from '@/features/reviews/components/comment-composer';
import { countReviewComments, pendingReviewOf, threadsByPath, type ReviewThread } from '@/features/reviews/lib/review-threads';
import { placeComment, rangeLabel, type LineRange } from '@/features/reviews/lib/line-range';
import { DiffStyleToggle, useDiffStyle } from '@/features/diff/components/diff-style-toggle';
import { WhitespaceToggle, useWhitespaceMode } from '@/features/diff/components/whitespace-toggle';
import { preloadDiffHighlight } from '@/features/diff/components/diff-view';
import { prefetchDiffStyle } from '@/features/diff/api/diff-style-setting';
import { sessionReady, useSession } from '@/lib/auth-store';
import type { DiffAnnotation, DiffLineRange } from '@/features/diff/components/diff-files';
import { MarkdownEditor } from '@/features/comments/components/markdown-editor';
import { MarkdownView } from '@/features/markdown/components/markdown-view';
import { ErrorNotice } from '@/components/ui/error-notice';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';
import { SuggestionContext } from '@/features/reviews/components/suggestion-context';
import { commentPlace } from '@/features/reviews/lib/review-threads';
import { commentedLines, SuggestionBatchBar, usePullSuggestions } from './pull-suggestions';

// The diff engine is the page's heavy part: its chunk loads while the data arrives.
const loadDiffFiles = () => import('@/features/diff/components/diff-files');
const DiffFiles = lazy(() => loadDiffFiles().then((m) => ({ default: m.DiffFiles })));

const WHITESPACE: WhitespaceMode[] = ['show-all', 'ignore-all', 'ignore-change', 'ignore-eol'];

function routeParams(params: Record<string, string | undefined>) {
  const index = Number(params.index);
  if (!Number.isInteger(index) || index < 1) throw new Response('Not Found', { status: 404 });
  return { owner: params.owner!, repo: params.repo!, index };
}

/** The placeholder body of a pending review (Gitea asks for one; submitting replaces it). */
const PENDING_BODY = 'Review in progress';
export async function loader({ params, request }: LoaderFunctionArgs) {
  const { owner, repo, index } = routeParams(params);
  const ws = new URL(request.url).searchParams.get('whitespace') as WhitespaceMode | null;
  void loadDiffFiles();
  // highlight.js's core alongside (the grammars follow once the diff names its files).
  preloadDiffHighlight([]);
  void queryClient.prefetchQuery(reviewQueries.threads(owner, repo, index));
  void queryClient.prefetchQuery(pullQueries.diff(owner, repo, index, ws && WHITESPACE.includes(ws) ? ws : 'show-all'));
  void queryClient.prefetchQuery(pullQueries.detail(owner, repo, index));
  void sessionReady().then(() => prefetchDiffStyle(queryClient));
  return null;
}

export function Component() {
  const { owner, repo, index } = routeParams(useParams());
  const location = useLocation();
  const style = useDiffStyle();
  const whitespace = useWhitespaceMode();
  const me = useCurrentUser();
  // Lines can be picked as soon as someone is signed in: waiting for their user record (`me`) lost
  // the clicks made before it came, on a slow connection the first line of a range.
  const signedIn = !!useSession();
  const pull = useQuery(pullQueries.detail(owner, repo, index));
  useDocumentTitle('Files changed', pull.data && `${pull.data.title} · Pull request #${index}`, `${owner}/${repo}`);
  const diff = useQuery(pullQueries.diff(owner, repo, index, whitespace));
  const reviews = useQuery(reviewQueries.threads(owner, repo, index));
  const { mutateAsync: createReview } = useCreateReview(owner, repo, index);
  const { mutateAsync: submitReview } = useSubmitReview(owner, repo, index);
  const { mutateAsync: deleteReview } = useDeleteReview(owner, repo, index);
  // Unsent comment text by composer, kept outside React state so typing does not redraw the diff,
  // and kept when the engine releases a far-away file (and its composer) while scrolling.
  const [drafts] = useState(() => new Map<string, string>());
  const [composer, setComposer] = useState<LineRange | null>(null);

  const renderMarkdown = useCallback((source: string) => <MarkdownView source={source} references={{ owner, repo }} />, [owner, repo]);

  const threads = reviews.data?.threads;
  const pending = useMemo(() => pendingReviewOf(reviews.data?.reviews ?? [], me?.id), [reviews.data, me?.id]);
  const pendingCount = pending && threads ? countReviewComments(threads, pending.id) : 0;
  const hasPending = !!pending;

  // One inline comment: at once as a COMMENT review, or into the viewer's pending review (PENDING
  // creates it on first use and adds to it after, as Gitea). Gitea refuses a PENDING call without a
  // body; the body is replaced by the one given when the review is submitted.
  const postComment = useCallback(
    (range: LineRange, mode: CommentMode, text: string) =>
      createReview(
        mode === 'single'
          ? { event: 'COMMENT', body: '', comments: [placeComment(range, text)] }
          : { event: 'PENDING', body: PENDING_BODY, comments: [placeComment(range, text)] },
      ),
    [createReview],
  );

  const reply: ReplyOptions | undefined = useMemo(
    () =>
      me
        ? {
            hasPending,
            Editor: MarkdownEditor,
            drafts,
            onReply: (t: ReviewThread, mode: CommentMode, text: string) => postComment({ path: t.path, side: t.side, start: t.line, end: t.line }, mode, text),
          }
        : undefined,
    [me, hasPending, drafts, postComment],
  );

  const suggestions = usePullSuggestions(owner, repo, pull.data, threads, !!me, (c, text) =>
    postComment({ path: c.path, side: 'new', start: commentPlace(c).line, end: commentPlace(c).line }, hasPending ? 'review' : 'single', text),
  );
  const headSha = pull.data?.head.sha;

  const annotations = useMemo(() => {
    const out: Record<string, DiffAnnotation[]> = {};
    for (const [path, list] of threadsByPath(threads ?? [])) {
      out[path] = list.map((t) => ({
        key: t.key,
        side: t.side,
        // An outdated thread's line number belongs to an older version of the file: line 0 is in no
        // diff, so the engine draws it at the top of its file instead of beside an unrelated line.
        line: t.outdated ? 0 : t.line,
        node: <ReviewThreadView thread={t} renderMarkdown={renderMarkdown} reply={reply} />,
      }));
    }
    if (composer) {
      const draftKey = `new:${composer.path}:${composer.side}:${composer.start}-${composer.end}`;
      (out[composer.path] ??= []).push({
        key: 'composer',
        side: composer.side,
        line: composer.end,
        node: (
          <div className="overflow-hidden rounded-lg border border-gray-200 bg-white font-sans dark:border-gray-700 dark:bg-gray-900">
            <CommentComposer
              key={draftKey}
              label={`Comment on ${rangeLabel(composer)} of ${composer.path}`}
              caption={`Commenting on ${rangeLabel(composer)}`}
              hasPending={hasPending}
              onSubmit={async (mode, text) => {
                await postComment(composer, mode, text);
                setComposer(null);
              }}
              onCancel={() => setComposer(null)}
              Editor={MarkdownEditor}
              renderMarkdown={renderMarkdown}
              drafts={drafts}
              draftKey={draftKey}
              suggestLines={
                composer.side === 'new' && headSha ? () => commentedLines(owner, repo, headSha, composer.path, composer.start, composer.end) : undefined
              }
            />
          </div>
        ),
      });
    }
    return out;
  }, [threads, composer, hasPending, renderMarkdown, reply, drafts, postComment, headSha, owner, repo]);

  const onCommentRange = useCallback((range: DiffLineRange) => setComposer(range), []);

  const submit = useCallback(
    (event: ReviewEvent, body: string) => (pending ? submitReview({ id: pending.id, event, body }) : createReview({ event, body })),
    [pending, submitReview, createReview],
  );
  const discard = useCallback(async () => {
    if (pending) await deleteReview(pending.id);
  }, [pending, deleteReview]);

  const p = pull.data;
  const viewer = me
    ? { pendingCount, hasPending, isAuthor: !!p && p.user.id === me.id, isOpen: p ? p.state === 'open' && !p.merged : null }
    : { signInHref: paths.signIn.href(location.pathname + location.search) };

  return (
    // From md up the review bar sticks to the top (3rem high): file headers and the file tree stick
    // below it instead of under it (the engine reads --diff-sticky-top, also to land j/k below it).
    // On phones the bar stays in place and leaves the screen to the diff.
    <SuggestionContext.Provider value={suggestions}>
      <div className="space-y-3 md:[--diff-sticky-top:3rem]">
        {/* Each file is an h3: this keeps the outline h1 (title) > h2 > h3 for screen readers. */}
        <h2 className="sr-only">Files changed</h2>
        <ReviewBar viewer={viewer} onSubmit={submit} onDiscard={discard} Editor={MarkdownEditor} renderMarkdown={renderMarkdown}>
          <DiffStyleToggle />
          <WhitespaceToggle />
        </ReviewBar>
        {reviews.isError && <ErrorNotice error={reviews.error} />}
        {diff.isPending ? (
          <Spinner label="Loading changes" />
        ) : diff.isError ? (
          <ErrorNotice error={diff.error} />
        ) : (
          <Suspense fallback={<Spinner label="Loading changes" />}>
            <DiffFiles
              diff={diff.data}
              style={style}
              viewedKey={`${owner}/${repo}/pulls/${index}`}
              annotations={annotations}
              onCommentRange={signedIn ? onCommentRange : undefined}
              fileTree
              keyboard
              emptyText="This pull request changes no files."
              fileHref={p ? (path) => paths.src.href(owner, repo, 'commit', p.head.sha, path) : undefined}
            />
          </Suspense>
        )}
        <SuggestionBatchBar actions={suggestions} />
      </div>
    </SuggestionContext.Provider>
  );
}

export const ErrorBoundary = RouteError;
