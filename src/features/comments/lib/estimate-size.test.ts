import { describe, expect, it } from 'vitest';
import { fakeUser } from '@/test/msw';
import { charsPerLine, estimateEntrySize, estimateMarkdownHeight } from './estimate-size';
import { toTimelineEntry, type TimelineEntry, type TimelineItem } from './timeline-events';

const alice = fakeUser({ id: 1, login: 'alice' });

function entry(over: Record<string, unknown>): TimelineEntry {
  const item = {
    id: 1,
    type: 'comment',
    user: alice,
    body: '',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    assets: [],
    ...over,
  } as unknown as TimelineItem;
  return toTimelineEntry(item)!;
}

// Heights Chromium gave these bodies in the benchmark's issue at desktop width (list 824 px wide).
const oneLine = 'Comment 0: I can reproduce this on **main** after the last deploy. See #1 and the log below.';
const withCode =
  'Comment 1: a first guess at the cause:\n\n```ts\nexport function retry(n: number) {\n  return n > 0 ? retry(n - 1) : 0;\n}\n```\n\nThe recursion never ends when `n` is not an integer.';
const withList =
  'Comment 2: steps that still fail\n\n- open the settings page\n- change the *default branch*\n- press [Save](https://example.com/docs)\n\nExpected a notice, got nothing.';

const near = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThanOrEqual(8);

describe('estimateEntrySize', () => {
  it('lands within 8 pixels of what the browser measured at desktop width', () => {
    near(estimateEntrySize(entry({ body: oneLine }), 824), 104);
    near(estimateEntrySize(entry({ body: withCode }), 824), 258);
    near(estimateEntrySize(entry({ body: withList }), 824), 242);
    expect(estimateEntrySize(entry({ type: 'close' }), 824)).toBe(61);
  });

  it('expects long lines to wrap more on a phone than on a desktop', () => {
    const long = entry({ body: 'word '.repeat(60) });
    expect(estimateEntrySize(long, 351)).toBeGreaterThan(estimateEntrySize(long, 824));
    expect(charsPerLine(351)).toBeLessThan(charsPerLine(824));
  });

  it('counts attachments and code lines', () => {
    expect(estimateEntrySize(entry({ body: 'x', assets: [{ id: 1 }, { id: 2 }] }), 824)).toBeGreaterThan(estimateEntrySize(entry({ body: 'x' }), 824));
    expect(estimateMarkdownHeight('```\na\nb\nc\n```', 80)).toBeGreaterThan(estimateMarkdownHeight('```\na\n```', 80));
  });
});
