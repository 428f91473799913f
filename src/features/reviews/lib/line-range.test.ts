import { describe, expect, it } from 'vitest';
import { placeComment, rangeBody, rangeLabel, splitRangeBody } from './line-range';

describe('placeComment', () => {
  it('puts a new-file range on its last line as new_position and names the range in the body', () => {
    expect(placeComment({ path: 'a.ts', side: 'new', start: 3, end: 5 }, 'Rename this')).toEqual({
      path: 'a.ts',
      body: 'Lines 3–5\n\nRename this',
      new_position: 5,
      old_position: 0,
    });
  });

  it('puts an old-file line on old_position, and a one-line comment keeps its text as written', () => {
    expect(placeComment({ path: 'a.ts', side: 'old', start: 7, end: 7 }, 'Why removed?')).toEqual({
      path: 'a.ts',
      body: 'Why removed?',
      new_position: 0,
      old_position: 7,
    });
  });
});

describe('range bodies', () => {
  it('reads back the range it wrote, and nothing from ordinary text', () => {
    expect(splitRangeBody(rangeBody({ start: 2, end: 4 }, 'text\nmore'))).toEqual({ start: 2, end: 4, text: 'text\nmore' });
    expect(splitRangeBody('Lines of code are fine')).toBeNull();
  });

  it('labels lines as people read them', () => {
    expect(rangeLabel({ side: 'new', start: 4, end: 4 })).toBe('line 4');
    expect(rangeLabel({ side: 'new', start: 3, end: 5 })).toBe('lines 3–5');
    expect(rangeLabel({ side: 'old', start: 3, end: 5 })).toBe('lines 3–5 of the old file');
  });
});
