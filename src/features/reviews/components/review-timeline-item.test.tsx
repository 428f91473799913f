import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeUser, server, setupMswServer } from '@/test/msw';
import { at, fakeReview, fakeReviewComment } from '../test/fixtures';
import { ReviewTimelineItem } from './review-timeline-item';

setupMswServer();

const alice = fakeUser({ id: 1, login: 'alice' });
const bob = fakeUser({ id: 2, login: 'bob' });

// The conversation passes the app's Markdown renderer; what it draws is not this component's concern.
const renderMarkdown = (s: string) => <div data-testid="md">{s}</div>;

function setup(reviews: ReturnType<typeof fakeReview>[], comments: Record<number, ReturnType<typeof fakeReviewComment>[]>) {
  const requested: string[] = [];
  server.use(
    http.get(apiUrl('/repos/alice/tools/pulls/3/reviews'), ({ request }) => {
      requested.push(new URL(request.url).pathname);
      return HttpResponse.json(reviews, { headers: { 'X-Total-Count': String(reviews.length) } });
    }),
    http.get(apiUrl('/repos/alice/tools/pulls/3/reviews/:id/comments'), ({ params, request }) => {
      requested.push(new URL(request.url).pathname);
      return HttpResponse.json(comments[Number(params.id)] ?? []);
    }),
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const ui = (id: number) => <ReviewTimelineItem owner="alice" repo="tools" index={3} reviewId={id} renderMarkdown={renderMarkdown} />;
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        {reviews.map((r) => (
          <div key={r.id}>{ui(r.id)}</div>
        ))}
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { requested };
}

describe('ReviewTimelineItem', () => {
  it('shows each review’s decision, body and threads with their hunks, loading reviews once and comments once per commented review', async () => {
    const reviews = [
      fakeReview(7, bob, { state: 'REQUEST_CHANGES', body: 'Please fix the loop', comments_count: 1, submitted_at: at(1) }),
      fakeReview(8, alice, { state: 'COMMENT', body: 'Done', comments_count: 1, submitted_at: at(2) }),
      fakeReview(9, bob, { state: 'APPROVED', body: '', comments_count: 0, submitted_at: at(3) }),
      fakeReview(10, bob, { state: 'COMMENT', body: 'old take', dismissed: true, submitted_at: at(4) }),
    ];
    const hunk = '@@ -1,2 +1,3 @@\n keep\n-for (;;) {}\n+while (true) {}\n+done()';
    const { requested } = setup(reviews, {
      7: [fakeReviewComment(70, 7, bob, { body: 'Off by one', path: 'src/loop.ts', position: 3, diff_hunk: hunk, outdated: true, created_at: at(1) })],
      8: [fakeReviewComment(80, 8, alice, { body: 'Fixed now', path: 'src/loop.ts', position: 3, diff_hunk: hunk, outdated: true, created_at: at(2) })],
    });

    const [changes] = await screen.findAllByRole('article', { name: 'Review by bob' });
    expect(changes).toHaveTextContent(/bob\s*requested changes/);
    expect(within(changes).getByText('Please fix the loop')).toBeInTheDocument();
    const thread = within(changes).getByRole('region', { name: 'Thread on line 3 of src/loop.ts, started by bob (comment 70)' });
    expect(within(thread).getByText('Outdated')).toBeInTheDocument();
    expect(within(thread).getByText('src/loop.ts')).toBeInTheDocument();
    // The hunk ends at the commented line; alice's later reply shows in the thread bob started.
    expect(within(thread).getByRole('table')).toHaveTextContent(/while \(true\) \{\}\s*3\+done\(\)/);
    expect(
      within(thread)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Review comment by bob', 'Review comment by alice']);

    const all = screen.getAllByRole('article', { name: /^Review by/ });
    expect(all.map((a) => a.textContent)).toEqual([
      expect.stringContaining('requested changes'),
      expect.stringContaining('commented'),
      expect.stringContaining('approved these changes'),
      expect.stringMatching(/reviewed.*Dismissed/),
    ]);
    // The thread shows once, under the review that started it; alice's review (a body and a reply)
    // says it replied instead of drawing bob's thread a second time.
    expect(screen.getAllByRole('region', { name: /^Thread on line 3 of src\/loop\.ts/ })).toHaveLength(1);
    expect(within(all[1]).queryAllByRole('article')).toEqual([]);
    expect(all[1]).toHaveTextContent('Done');
    expect(all[1]).toHaveTextContent('Replied in an earlier thread.');
    expect(requested.sort()).toEqual([
      '/api/v1/repos/alice/tools/pulls/3/reviews',
      '/api/v1/repos/alice/tools/pulls/3/reviews/7/comments',
      '/api/v1/repos/alice/tools/pulls/3/reviews/8/comments',
    ]);
  });

  it('a reply to a thread (a COMMENT review of one comment, no body) is not a second entry showing the thread again', async () => {
    const reviews = [
      fakeReview(7, bob, { state: 'COMMENT', body: '', comments_count: 1, submitted_at: at(1) }),
      fakeReview(8, alice, { state: 'COMMENT', body: '', comments_count: 1, submitted_at: at(2) }),
    ];
    setup(reviews, {
      7: [fakeReviewComment(70, 7, bob, { body: 'Why a loop?', path: 'src/loop.ts', position: 3, created_at: at(1) })],
      8: [fakeReviewComment(80, 8, alice, { body: 'It reads better.', path: 'src/loop.ts', position: 3, created_at: at(2) })],
    });
    const thread = await screen.findByRole('region', { name: /^Thread on line 3 of src\/loop\.ts/ });
    expect(
      within(thread)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Review comment by bob', 'Review comment by alice']);
    expect(screen.getAllByRole('region', { name: /^Thread on line/ })).toHaveLength(1);
    expect(screen.getAllByRole('article', { name: /^Review by/ }).map((a) => a.getAttribute('aria-label'))).toEqual(['Review by bob']);
    expect(screen.getAllByText('It reads better.')).toHaveLength(1);
  });
});
