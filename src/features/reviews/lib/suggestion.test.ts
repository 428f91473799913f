import { describe, expect, it } from 'vitest';
import {
  applySuggestions,
  appliedCommentId,
  appliedMarker,
  appliedSha,
  hunkNewLines,
  splitSuggestions,
  SuggestionConflictError,
  suggestionBlock,
} from './suggestion';

describe('suggestions', () => {
  it('splits a body into Markdown and suggestion blocks', () => {
    const body = `Better:\n\n${suggestionBlock('const a = 2;\nconst b = 3;')}\nThanks`;
    expect(splitSuggestions(body)).toEqual([
      { kind: 'markdown', text: 'Better:\n\n' },
      { kind: 'suggestion', text: 'const a = 2;\nconst b = 3;' },
      { kind: 'markdown', text: '\n\nThanks' },
    ]);
    expect(splitSuggestions('```suggestion\n```')).toEqual([{ kind: 'suggestion', text: '' }]);
    expect(splitSuggestions('```ts\nx\n```')).toEqual([{ kind: 'markdown', text: '```ts\nx\n```' }]);
  });

  it('reads the commented lines from the end of the hunk', () => {
    expect(hunkNewLines('@@ -1,3 +1,3 @@\n a\n-b\n+B\n c', 2)).toEqual(['B', 'c']);
  });

  it('applies several suggestions, bottom first, keeping the final newline', () => {
    const text = 'one\ntwo\nthree\nfour\n';
    expect(
      applySuggestions(
        text,
        text,
        [
          { start: 1, end: 1, replacement: 'ONE' },
          { start: 3, end: 4, replacement: 'THREE-FOUR' },
        ],
        'f',
      ),
    ).toBe('ONE\ntwo\nTHREE-FOUR\n');
    expect(applySuggestions(text, text, [{ start: 2, end: 2, replacement: '' }], 'f')).toBe('one\nthree\nfour\n');
  });

  it('refuses when the lines changed since the comment, or when suggestions overlap', () => {
    expect(() => applySuggestions('a\nb\n', 'a\nB\n', [{ start: 2, end: 2, replacement: 'x' }], 'f')).toThrow(SuggestionConflictError);
    expect(() =>
      applySuggestions(
        'a\nb\nc\n',
        'a\nb\nc\n',
        [
          { start: 1, end: 2, replacement: 'x' },
          { start: 2, end: 3, replacement: 'y' },
        ],
        'f',
      ),
    ).toThrow(/overlap/);
  });

  it('reads the applied marker', () => {
    expect(appliedSha(appliedMarker('abcdef1234567', 42))).toBe('abcdef1234567');
    expect(appliedCommentId(appliedMarker('abcdef1234567', 42))).toBe(42);
    expect(appliedSha('nope')).toBeNull();
  });
});
