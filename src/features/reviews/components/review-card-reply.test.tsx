// The conversation's review card: a range thread named by its range with its whole excerpt, and a
// reply box on the thread under the review that started it (issue #19).
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { fakeUser } from '@/test/msw';
import { at, fakeReview, fakeReviewComment } from '../test/fixtures';
import { groupThreads, threadsOfReview } from '../lib/review-threads';
import type { ReviewEditorProps } from '../lib/review-editor';
import { ReviewCard } from './review-timeline-item';

const alice = fakeUser({ id: 1, login: 'alice' });
const bob = fakeUser({ id: 2, login: 'bob' });
const renderMarkdown = (s: string) => <div>{s}</div>;
function Editor({ value, onChange, label }: ReviewEditorProps) {
  return <textarea aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />;
}

const hunk = ['@@ -18,7 +18,7 @@', ' v18', ' v19', '+v20', '+v21', '+v22', '+v23', '+v24'].join('\n');

describe('ReviewCard in the conversation', () => {
  it('names a range thread by its range, shows every line of it, and takes a reply', async () => {
    const started = fakeReview(7, bob, { submitted_at: at(1) });
    const later = fakeReview(8, alice, { submitted_at: at(2) });
    const comments = [
      fakeReviewComment(70, 7, bob, { body: 'Lines 20–24\n\nWhy these five?', path: 'src/calc.js', position: 24, diff_hunk: hunk, created_at: at(1) }),
      fakeReviewComment(80, 8, alice, { body: 'Because.', path: 'src/calc.js', position: 24, diff_hunk: hunk, created_at: at(2) }),
    ];
    const threads = groupThreads([started, later], comments);
    const onReply = vi.fn().mockResolvedValue(undefined);
    const reply = { hasPending: false, Editor, onReply, drafts: new Map<string, string>() };
    render(
      <MemoryRouter>
        <ReviewCard review={started} threads={threadsOfReview(threads, 7).threads} renderMarkdown={renderMarkdown} reply={reply} />
        <ReviewCard review={later} {...threadsOfReview(threads, 8)} renderMarkdown={renderMarkdown} reply={reply} />
      </MemoryRouter>,
    );
    // The thread shows once (under the review that started it, with the reply box); the later
    // review only says it replied.
    const [whole, ...again] = screen.getAllByRole('region', { name: /^Thread on lines 20–24 of src\/calc\.js/ });
    expect(again).toEqual([]);
    // The excerpt starts at line 20, not four lines above the last one.
    const rows = within(whole!).getAllByRole('row');
    expect(rows.map((r) => r.textContent?.trim().slice(-3))).toEqual(['v20', 'v21', 'v22', 'v23', 'v24']);
    expect(
      within(whole!)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['Review comment by bob', 'Review comment by alice']);
    expect(screen.getByRole('article', { name: 'Review by alice' })).toHaveTextContent('Replied in an earlier thread.');
    await userEvent.click(within(whole!).getByRole('button', { name: 'Reply…' }));
    await userEvent.type(within(whole!).getByRole('textbox', { name: 'Reply on lines 20–24 of src/calc.js' }), 'Fair enough');
    await userEvent.click(within(whole!).getByRole('button', { name: 'Add single comment' }));
    expect(onReply).toHaveBeenCalledWith(expect.objectContaining({ path: 'src/calc.js', side: 'new', line: 24 }), 'single', 'Fair enough');
  });
});
