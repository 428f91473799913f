import { describe, expect, it } from 'vitest';
import { highlightLines, languageFor, splitHtmlLines } from './highlight';

describe('splitHtmlLines', () => {
  it('closes and reopens spans that cross line ends', () => {
    expect(splitHtmlLines('<span class="c">/* a\nb */</span>\nx')).toEqual(['<span class="c">/* a</span>', '<span class="c">b */</span>', 'x']);
  });
});

describe('highlightLines', () => {
  it('highlights by file extension and keeps one entry per line', async () => {
    const lines = await highlightLines('def f():\n    return "s"\n', 'app.py');
    expect(lines).toHaveLength(2);
    expect(lines![0]).toContain('hljs-keyword');
    expect(lines![1]).toContain('hljs-string');
  });

  it('leaves unknown languages alone and escapes what it highlights', async () => {
    expect(languageFor('data.unknownext')).toBeNull();
    expect(languageFor('Dockerfile')).toBe('dockerfile');
    expect(await highlightLines('x', 'data.unknownext')).toBeNull();
    const [line] = (await highlightLines('const s = "<img onerror=x>";', 'a.js'))!;
    expect(line).not.toContain('<img');
    expect(line).toContain('&lt;img');
  });
});
