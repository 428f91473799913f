import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiUrl, fakeUser, server, setupMswServer } from '@/test/msw';
import { renderRoute } from '@/test/render-route';
import { setSession } from '@/lib/auth-store';
import { fakePull } from '@/features/pulls/test/list-fixtures';
import { at, fakeReview, fakeReviewComment } from '@/features/reviews/test/fixtures';
import { Component } from './repo-pull-files';

setupMswServer();
beforeEach(() => {
  localStorage.clear();
  // jsdom does not scroll; the diff engine asks the window to.
  window.scrollTo = vi.fn() as never;
});
afterEach(() => setSession(null));

const alice = fakeUser({ id: 1, login: 'alice' });
const bob = fakeUser({ id: 2, login: 'bob' });

const DIFF = `diff --git a/src/app.ts b/src/app.ts
index 1111111..2222222 100644
--- a/src/app.ts
+++ b/src/app.ts
@@ -1,4 +1,5 @@
 const a = 1;
-const b = 2;
+const b = 3;
+const c = 4;
 export { a };
 export { b };
`;

type Review = ReturnType<typeof fakeReview>;
type ReviewComment = ReturnType<typeof fakeReviewComment>;

function setup({
  viewer = bob,
  reviews = [] as Review[],
  comments = {} as Record<number, ReviewComment[]>,
  author = alice,
  pull = {} as Partial<ReturnType<typeof fakePull>>,
} = {}) {
  if (viewer) setSession({ token: `tok-${viewer.login}`, login: viewer.login });
  const state = { reviews, comments };
  const posted: { url: string; method: string; body: unknown }[] = [];
  let failNext: { status: number; message: string } | null = null;
  const record = async (request: Request) => {
    const body = request.method === 'DELETE' ? null : await request.json();
    posted.push({ url: new URL(request.url).pathname.replace('/api/v1/repos/alice/tools/pulls/3', ''), method: request.method, body });
    if (failNext) {
      const f = failNext;
      failNext = null;
      return HttpResponse.json({ message: f.message, url: '' }, { status: f.status });
    }
    return null;
  };
  server.use(
    http.get(apiUrl('/user'), () => (viewer ? HttpResponse.json(viewer) : HttpResponse.json({ message: 'unauthorized' }, { status: 401 }))),
    http.get(apiUrl('/repos/alice/tools/pulls/3'), () => HttpResponse.json(fakePull({ number: 3, user: author, ...pull }, { owner: 'alice', name: 'tools' }))),
    http.get(apiUrl('/repos/alice/tools/pulls/3.diff'), () => HttpResponse.text(DIFF)),
    http.get(apiUrl('/repos/alice/tools/pulls/3/reviews'), () =>
      HttpResponse.json(state.reviews, { headers: { 'X-Total-Count': String(state.reviews.length) } }),
    ),
    http.get(apiUrl('/repos/alice/tools/pulls/3/reviews/:id/comments'), ({ params }) => HttpResponse.json(state.comments[Number(params.id)] ?? [])),
    http.post(apiUrl('/repos/alice/tools/pulls/3/reviews'), async ({ request }) => {
      const failed = await record(request);
      if (failed) return failed;
      const body = posted.at(-1)!.body as {
        event: Review['state'];
        body: string;
        comments?: { path: string; body: string; new_position: number; old_position: number }[];
      };
      // As Gitea: PENDING adds to the viewer's draft review, creating it on first use.
      let review = body.event === 'PENDING' ? state.reviews.find((r) => r.state === 'PENDING' && r.user?.id === viewer!.id) : undefined;
      if (!review) {
        review = fakeReview(100 + state.reviews.length, viewer, { state: body.event, body: body.body, submitted_at: at(60) });
        state.reviews = [...state.reviews, review];
      }
      const added = (body.comments ?? []).map((c, i) =>
        fakeReviewComment(1000 + posted.length * 10 + i, review!.id, viewer, {
          path: c.path,
          body: c.body,
          position: c.new_position,
          original_position: c.old_position,
          created_at: at(60),
        }),
      );
      state.comments = { ...state.comments, [review.id]: [...(state.comments[review.id] ?? []), ...added] };
      review.comments_count = state.comments[review.id]!.length;
      return HttpResponse.json(review);
    }),
    http.post(apiUrl('/repos/alice/tools/pulls/3/reviews/:id'), async ({ request, params }) => {
      const failed = await record(request);
      if (failed) return failed;
      const body = posted.at(-1)!.body as { event: Review['state']; body: string };
      state.reviews = state.reviews.map((r) => (r.id === Number(params.id) ? { ...r, state: body.event, body: body.body } : r));
      return HttpResponse.json(state.reviews.find((r) => r.id === Number(params.id)));
    }),
    http.delete(apiUrl('/repos/alice/tools/pulls/3/reviews/:id'), async ({ request, params }) => {
      const failed = await record(request);
      if (failed) return failed;
      state.reviews = state.reviews.filter((r) => r.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
    // The viewer's saved unified/split choice: none yet.
    http.get(apiUrl('/user/settings'), () => HttpResponse.json({ diff_view_style: '' })),
  );
  renderRoute(Component, { path: '/:owner/:repo/pulls/:index/files', url: '/alice/tools/pulls/3/files' });
  return {
    posted,
    failNext: (status: number, message: string) => {
      failNext = { status, message };
    },
  };
}

const fileRegion = () => screen.findByRole('region', { name: /^src\/app\.ts/ });
const lineNumber = async (side: 'old' | 'new', line: number) =>
  (await fileRegion()).querySelector<HTMLElement>(`td[data-side="${side}"][data-line="${line}"]`)!;

describe('Files changed: threads', () => {
  it('draws threads after their line, replies in one thread, pending drafts marked, outdated threads at the file top', async () => {
    const mine = fakeReview(5, bob, { state: 'PENDING', comments_count: 1 });
    setup({
      reviews: [fakeReview(4, alice, { state: 'COMMENT', comments_count: 2 }), mine],
      comments: {
        4: [
          fakeReviewComment(40, 4, alice, { body: 'Why **three**?', position: 2, created_at: at(1) }),
          fakeReviewComment(41, 4, alice, { body: 'Old remark', position: 9, outdated: true, diff_hunk: '@@ -8,2 +8,2 @@\n x\n+gone line', created_at: at(0) }),
        ],
        5: [fakeReviewComment(50, 5, bob, { body: 'Because', position: 2, created_at: at(2) })],
      },
    });
    const file = await fileRegion();
    const thread = await within(file).findByRole('region', { name: 'Thread on line 2 of src/app.ts, started by alice (comment 40)' });
    expect(
      within(thread)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Review comment by alice', 'Review comment by bob']);
    expect((await within(thread).findByText('three')).tagName).toBe('STRONG');
    expect(within(within(thread).getByRole('article', { name: 'Review comment by bob' })).getByText('Pending')).toBeInTheDocument();
    // The thread's row comes right after the row of new line 2.
    const row = thread.closest('tr')!;
    expect(row.previousElementSibling?.querySelector('td[data-side="new"][data-line="2"]')).not.toBeNull();

    const outdated = within(file).getByRole('region', { name: 'Thread on line 9 of src/app.ts, started by alice (comment 41)' });
    expect(within(outdated).getByText('Outdated')).toBeInTheDocument();
    expect(within(outdated).getByRole('table')).toHaveTextContent('gone line');
    expect(within(outdated).queryByRole('button', { name: 'Reply…' })).toBeNull();
    // Drawn before the first diff row, not beside some line 9.
    expect(outdated.compareDocumentPosition(file.querySelector('td[data-line="1"]')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const bar = screen.getByRole('toolbar', { name: 'Review' });
    expect(within(bar).getByText('1 pending comment')).toBeInTheDocument();
  });

  it('signed out: no comment buttons, and the bar offers to sign in', async () => {
    setup({ viewer: null as never });
    await fileRegion();
    expect(screen.queryByRole('button', { name: /^Comment on/ })).toBeNull();
    expect(within(screen.getByRole('toolbar', { name: 'Review' })).getByRole('link', { name: 'Sign in to review' })).toHaveAttribute(
      'href',
      '/user/login?redirect_to=%2Falice%2Ftools%2Fpulls%2F3%2Ffiles',
    );
  });
});

describe('Files changed: commenting', () => {
  it('comments on a range of new lines as a single comment: the last line as new_position, the range named in the body', async () => {
    const { posted } = setup();
    fireEvent.click(await lineNumber('new', 2));
    fireEvent.click(await lineNumber('new', 3), { shiftKey: true });
    await userEvent.click(within(await fileRegion()).getByRole('button', { name: 'Comment on new line 3 of src/app.ts' }));
    const box = await screen.findByRole('textbox', { name: 'Comment on lines 2–3 of src/app.ts' });
    await userEvent.type(box, 'Both constants need names');
    await userEvent.click(screen.getByRole('button', { name: 'Add single comment' }));

    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      url: '/reviews',
      method: 'POST',
      body: {
        event: 'COMMENT',
        body: '',
        comments: [{ path: 'src/app.ts', body: 'Lines 2–3\n\nBoth constants need names', new_position: 3, old_position: 0 }],
      },
    });
    // The composer closes onto the posted comment, drawn as a thread with its range as a caption.
    const thread = await screen.findByRole('region', { name: 'Thread on lines 2–3 of src/app.ts, started by bob (comment 1010)' });
    expect(within(thread).getByText('Comment on lines 2–3')).toBeInTheDocument();
    expect(await within(thread).findByText('Both constants need names')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Comment on/ })).toBeNull();
  });

  it('picks a range while the signed-in user is still loading (the first click is not lost)', async () => {
    setup();
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    server.use(
      http.get(apiUrl('/user'), async () => {
        await held;
        return HttpResponse.json(bob);
      }),
    );
    fireEvent.click(await lineNumber('new', 2));
    fireEvent.click(await lineNumber('new', 3), { shiftKey: true });
    await userEvent.click(within(await fileRegion()).getByRole('button', { name: 'Comment on new line 3 of src/app.ts' }));
    expect(await screen.findByRole('textbox', { name: 'Comment on lines 2–3 of src/app.ts' })).toBeInTheDocument();
    release();
  });

  it('starts a review from a removed line (old_position), then adds to it and replies with Ctrl+Enter', async () => {
    const { posted } = setup();
    // The one "+" button follows the pointer or the selected line; choose the line first.
    fireEvent.click(await lineNumber('old', 2));
    await userEvent.click(within(await fileRegion()).getByRole('button', { name: 'Comment on old line 2 of src/app.ts' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Comment on line 2 of the old file of src/app.ts' }), 'Keep the 2');
    await userEvent.click(screen.getByRole('button', { name: 'Start a review' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0].body).toEqual({
      event: 'PENDING',
      body: 'Review in progress',
      comments: [{ path: 'src/app.ts', body: 'Keep the 2', new_position: 0, old_position: 2 }],
    });

    const thread = await screen.findByRole('region', { name: 'Thread on line 2 of the old file of src/app.ts, started by bob (comment 1010)' });
    expect(await within(thread).findByText('Pending')).toBeInTheDocument();
    expect(within(screen.getByRole('toolbar', { name: 'Review' })).getByText('1 pending comment')).toBeInTheDocument();

    // With a draft review, a reply can only join it: a single comment would submit the draft too.
    await userEvent.click(within(thread).getByRole('button', { name: 'Reply…' }));
    expect(within(thread).queryByRole('button', { name: 'Add single comment' })).toBeNull();
    await userEvent.type(within(thread).getByRole('textbox', { name: 'Reply on line 2 of the old file of src/app.ts' }), 'Or not{Control>}{Enter}{/Control}');
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1].body).toEqual({
      event: 'PENDING',
      body: 'Review in progress',
      comments: [{ path: 'src/app.ts', body: 'Or not', new_position: 0, old_position: 2 }],
    });
    await waitFor(() => expect(within(screen.getByRole('toolbar', { name: 'Review' })).getByText('2 pending comments')).toBeInTheDocument());
  });

  it('keeps the text and shows the error beside the composer when the server refuses', async () => {
    const { posted, failNext } = setup();
    fireEvent.click(await lineNumber('new', 3));
    await userEvent.click(within(await fileRegion()).getByRole('button', { name: 'Comment on new line 3 of src/app.ts' }));
    const box = await screen.findByRole('textbox', { name: 'Comment on line 3 of src/app.ts' });
    await userEvent.type(box, 'Precious words');
    failNext(422, 'path is not in the diff');
    await userEvent.click(screen.getByRole('button', { name: 'Add single comment' }));
    expect(await screen.findByText('path is not in the diff')).toBeInTheDocument();
    expect(box).toHaveValue('Precious words');
    expect(posted).toHaveLength(1);
  });
});

describe('Files changed: the review bar', () => {
  it('submits the pending review with the chosen decision and body', async () => {
    const { posted } = setup({
      reviews: [fakeReview(5, bob, { state: 'PENDING', comments_count: 1 })],
      comments: { 5: [fakeReviewComment(50, 5, bob, { position: 2 })] },
    });
    const bar = screen.getByRole('toolbar', { name: 'Review' });
    await userEvent.click(await within(bar).findByRole('button', { name: /Finish your review/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Finish your review' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Review summary' }), 'Rename b first');
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Request changes/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit review' }));
    await waitFor(() => expect(posted).toEqual([{ url: '/reviews/5', method: 'POST', body: { event: 'REQUEST_CHANGES', body: 'Rename b first' } }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(bar).queryByText(/pending comment/)).toBeNull());
  });

  it('approves without a pending review through POST /reviews', async () => {
    const { posted } = setup();
    await userEvent.click(await within(screen.getByRole('toolbar', { name: 'Review' })).findByRole('button', { name: 'Review changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review changes' });
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Approve/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit review' }));
    await waitFor(() => expect(posted).toEqual([{ url: '/reviews', method: 'POST', body: { event: 'APPROVED', body: '' } }]));
  });

  it("the pull request's author may only comment, and an API refusal shows with the text kept", async () => {
    const { posted, failNext } = setup({ viewer: alice, author: alice });
    await userEvent.click(await within(screen.getByRole('toolbar', { name: 'Review' })).findByRole('button', { name: 'Review changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review changes' });
    await waitFor(() => expect(within(dialog).getByText(/You opened this pull request/)).toBeInTheDocument());
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['COMMENT']);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Review summary' }), 'Self review');
    failNext(422, 'approve your own pull is not allowed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit review' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('approve your own pull is not allowed');
    expect(within(dialog).getByRole('textbox', { name: 'Review summary' })).toHaveValue('Self review');
    expect(posted[0].body).toEqual({ event: 'COMMENT', body: 'Self review' });
  });

  it('on a merged pull request a review can only comment (Gitea refuses approvals there)', async () => {
    setup({ pull: { state: 'closed', merged: true } });
    await fileRegion();
    await userEvent.click(await within(screen.getByRole('toolbar', { name: 'Review' })).findByRole('button', { name: 'Review changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review changes' });
    expect(await within(dialog).findByText(/This pull request is closed/)).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['COMMENT']);
  });

  it('discards the pending review after confirmation', async () => {
    const { posted } = setup({
      reviews: [fakeReview(5, bob, { state: 'PENDING', comments_count: 1 })],
      comments: { 5: [fakeReviewComment(50, 5, bob, { position: 2, body: 'draft words' })] },
    });
    const bar = screen.getByRole('toolbar', { name: 'Review' });
    await userEvent.click(await within(bar).findByRole('button', { name: 'Discard review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard review?' });
    expect(posted).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard review' }));
    await waitFor(() => expect(posted).toEqual([{ url: '/reviews/5', method: 'DELETE', body: null }]));
    await waitFor(() => expect(screen.queryByText('draft words')).toBeNull());
    expect(within(bar).queryByRole('button', { name: 'Discard review' })).toBeNull();
  });
});
