import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, cleanup as cleanupTimeline, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { fakeUser } from '@/test/msw';
import type { TimelineItem } from '../lib/timeline-events';
import { Timeline, PLAIN_MAX, type TimelineProps } from './timeline';
import { WindowedTimeline } from './windowed-timeline';

const alice = fakeUser({ id: 1, login: 'alice' });

function comment(id: number): TimelineItem {
  return {
    id,
    type: 'comment',
    user: alice,
    body: `Comment ${id}`,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    assets: [],
  } as unknown as TimelineItem;
}
const comments = (from: number, n: number) => Array.from({ length: n }, (_, i) => comment(from + i));

// jsdom lays nothing out; give every row a height so only a screenful (plus overscan) renders.
const ROW = 100;
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(ROW);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

function setup(props: Partial<TimelineProps> & { items: TimelineItem[] }, View: typeof Timeline = WindowedTimeline) {
  const renderComment = vi.fn((item: TimelineItem, highlighted: boolean) => (
    <article id={`issuecomment-${item.id}`} aria-label={`Comment ${item.id}`} aria-current={highlighted || undefined}>
      {item.body}
    </article>
  ));
  const fetchNextPage = vi.fn();
  const all: TimelineProps = {
    owner: 'alice',
    repo: 'tools',
    renderLabel: (l) => l.name,
    renderComment,
    hasNextPage: false,
    isFetchingNextPage: false,
    fetchNextPage,
    ...props,
  };
  const view = render(
    <MemoryRouter>
      <View {...all} />
    </MemoryRouter>,
  );
  const rerender = (next: Partial<TimelineProps>) =>
    view.rerender(
      <MemoryRouter>
        <View {...all} {...next} />
      </MemoryRouter>,
    );
  return { renderComment, fetchNextPage, rerender };
}

const rendered = () =>
  within(screen.getByRole('region', { name: 'Timeline' }))
    .queryAllByRole('article')
    .map((a) => a.id);

describe('WindowedTimeline', () => {
  it('renders only the rows near the viewport of a long timeline', () => {
    setup({ items: comments(1, 500) });
    const ids = rendered();
    expect(ids[0]).toBe('issuecomment-1');
    expect(ids.length).toBeGreaterThan(5);
    expect(ids.length).toBeLessThan(30);
  });

  it('does not render the comments already shown again when a page is added', () => {
    const page1 = comments(1, 50);
    const { renderComment, rerender } = setup({ items: page1, hasNextPage: true });
    const before = renderComment.mock.calls.length;
    const shown = rendered();
    rerender({ items: [...page1, ...comments(51, 50)], hasNextPage: true });
    expect(rendered()).toEqual(shown);
    expect(renderComment.mock.calls.length).toBe(before);
  });

  it('asks for the next page while the reader is still screens away from the end, and not before', () => {
    const far = setup({ items: comments(1, 200), hasNextPage: true });
    expect(far.fetchNextPage).not.toHaveBeenCalled();
    far.rerender({ items: comments(1, 60), hasNextPage: true });
    expect(far.fetchNextPage).toHaveBeenCalled();
  });

  it('does not ask again while a page is loading, or when there is none', () => {
    expect(setup({ items: comments(1, 20), hasNextPage: true, isFetchingNextPage: true }).fetchNextPage).not.toHaveBeenCalled();
    expect(setup({ items: comments(1, 20), hasNextPage: false }).fetchNextPage).not.toHaveBeenCalled();
  });

  it('follows a #issuecomment link: loads pages until the comment is there, then scrolls to it and marks it', () => {
    // The virtualizer clamps scrolling to the document's height, which jsdom reports as 0.
    Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: 1_000_000 });
    onTestFinished(() => void delete (document.documentElement as { scrollHeight?: number }).scrollHeight);
    const page1 = comments(1, 200);
    const { fetchNextPage, rerender } = setup({ items: page1, hasNextPage: true, targetId: 350 });
    expect(fetchNextPage).toHaveBeenCalled();
    expect(screen.queryByRole('article', { current: true })).toBeNull();
    vi.mocked(window.scrollTo).mockClear();
    rerender({ items: [...page1, ...comments(201, 200)], hasNextPage: true, targetId: 350 });
    expect(window.scrollTo).toHaveBeenCalled();
    const { top } = vi.mocked(window.scrollTo).mock.calls.at(-1)![0] as unknown as ScrollToOptions;
    // Rows above it are estimated, not measured, so only roughly 349 rows down.
    expect(top).toBeGreaterThan(300 * ROW);
    // The window gets there: the comment is rendered and marked.
    const scrollY = Object.getOwnPropertyDescriptor(window, 'scrollY');
    Object.defineProperty(window, 'scrollY', { configurable: true, value: top });
    onTestFinished(() => {
      if (scrollY) Object.defineProperty(window, 'scrollY', scrollY);
      else delete (window as { scrollY?: number }).scrollY;
    });
    act(() => void window.dispatchEvent(new Event('scroll')));
    expect(screen.getByRole('article', { name: 'Comment 350' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getAllByRole('article', { current: true })).toHaveLength(1);
  });

  it('lets the page draw its own item types and leaves the rest to the timeline', () => {
    const review = { ...comment(2), type: 'review', body: 'Looks good' } as TimelineItem;
    const renderItem = (item: TimelineItem) => (item.type === 'review' ? <article aria-label="Review">{`Review: ${item.body}`}</article> : undefined);
    setup({ items: [comment(1), review], renderItem });
    expect(screen.getByRole('article', { name: 'Review' })).toHaveTextContent('Review: Looks good');
    // Comments still go through renderComment.
    expect(screen.getByRole('article', { name: 'Comment 1' })).toHaveTextContent('Comment 1');
  });
});

describe('Timeline', () => {
  it('draws a conversation that fits in one page in full, so find-in-page sees every comment', () => {
    setup({ items: comments(1, 80) }, Timeline);
    expect(rendered()).toHaveLength(80);
    expect(rendered().at(-1)).toBe('issuecomment-80');
  });

  it('scrolls a short conversation to a #issuecomment link and marks it', () => {
    const scrolled: string[] = [];
    const had = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    onTestFinished(() => {
      if (had) Object.defineProperty(Element.prototype, 'scrollIntoView', had);
      else delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
    });
    setup({ items: comments(1, 30), targetId: 25 }, Timeline);
    expect(scrolled).toEqual(['issuecomment-25']);
    expect(screen.getByRole('article', { name: 'Comment 25' })).toHaveAttribute('aria-current', 'true');
  });

  it('windows a longer one (more pages to load, or past PLAIN_MAX items) once its code has loaded', async () => {
    setup({ items: comments(1, 50), hasNextPage: true }, Timeline);
    await waitFor(() => expect(rendered().length).toBeLessThan(30));
    cleanupTimeline();
    setup({ items: comments(1, PLAIN_MAX + 1) }, Timeline);
    await waitFor(() => expect(rendered().length).toBeLessThan(30));
  });

  it('stays windowed when the last page has come', async () => {
    const { rerender } = setup({ items: comments(1, 50), hasNextPage: true }, Timeline);
    await waitFor(() => expect(rendered().length).toBeLessThan(30));
    rerender({ items: comments(1, 60), hasNextPage: false });
    expect(rendered().length).toBeLessThan(30);
  });
});
